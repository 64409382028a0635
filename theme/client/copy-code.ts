import { writeClipboard } from './clipboard.js';

/** The copy buttons live in static Markdown HTML, so one delegated listener serves every page. */
export function enableCodeCopy(): () => void {
  const onClick = async (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-copy]');
    if (!button) return;
    const code = button.parentElement?.querySelector('pre code');
    const text = code?.textContent ?? '';
    try {
      await writeClipboard(text);
    } catch {
      return;
    }
    button.textContent = '已复制';
    button.classList.add('copied');
    setTimeout(() => {
      button.textContent = '复制';
      button.classList.remove('copied');
    }, 2000);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
