/** The class rehypeZoomableImages gives the button around each doc image. */
const TRIGGER = 'button.zoomable-image';

/**
 * One delegated listener for the buttons around doc images; the overlay's code is a separate chunk,
 * loaded on the first click (and fetched ahead when a pointer or focus reaches an image), so pages without images pay nothing.
 */
export function enableImageZoom(): () => void {
  let overlay: Promise<typeof import('./image-zoom-overlay.js')> | undefined;
  const load = () => (overlay ??= import('./image-zoom-overlay.js'));
  const trigger = (event: Event) => (event.target as Element | null)?.closest?.<HTMLButtonElement>(TRIGGER) ?? undefined;
  const onClick = (event: MouseEvent) => {
    const button = trigger(event);
    const image = button?.querySelector('img');
    if (!button || !image) return;
    load().then(({ openImageZoom }) => openImageZoom(image, button), () => (overlay = undefined));
  };
  const onIntent = (event: Event) => {
    if (trigger(event)) load().catch(() => (overlay = undefined));
  };
  document.addEventListener('click', onClick);
  document.addEventListener('pointerover', onIntent);
  document.addEventListener('focusin', onIntent);
  return () => {
    document.removeEventListener('click', onClick);
    document.removeEventListener('pointerover', onIntent);
    document.removeEventListener('focusin', onIntent);
  };
}
