/**
 * A doc image enlarged in a modal dialog: the browser keeps focus inside it and closes it on Escape; a click
 * anywhere closes it too. Focus goes back to the image's button.
 */
export function openImageZoom(image: HTMLImageElement, trigger: HTMLElement): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'image-zoom';
  dialog.setAttribute('aria-label', image.alt ? `放大的图片：${image.alt}` : '放大的图片');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'image-zoom__close';
  close.setAttribute('aria-label', '关闭');
  close.textContent = '×';
  const enlarged = document.createElement('img');
  enlarged.className = 'image-zoom__image';
  enlarged.src = image.currentSrc || image.src;
  enlarged.alt = image.alt;
  // Scaled to fit the screen whatever its own size (an SVG's may be tiny); the stylesheet reads the aspect ratio.
  if (image.naturalWidth && image.naturalHeight) enlarged.style.setProperty('--image-ratio', String(image.naturalWidth / image.naturalHeight));
  dialog.append(close, enlarged);
  dialog.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    dialog.remove();
    document.documentElement.classList.remove('image-zoom-open');
    trigger.focus();
  });
  document.body.append(dialog);
  document.documentElement.classList.add('image-zoom-open');
  dialog.showModal();
  close.focus();
}
