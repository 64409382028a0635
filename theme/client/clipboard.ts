/** Puts text on the clipboard; where the Clipboard API is refused (an insecure origin, an old browser), through a selected textarea. */
export async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) throw new Error('the browser refused to copy');
  }
}
