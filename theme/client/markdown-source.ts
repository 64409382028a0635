import { prefetchAllowed } from './prefetch.js';

/** The Markdown copies fetched in this visit, by URL: a copy prefetched on hover or focus is copied without a round trip. */
const texts = new Map<string, Promise<string>>();

export function loadMarkdown(url: string): Promise<string> {
  let text = texts.get(url);
  if (!text) {
    text = fetch(url, { credentials: 'same-origin' }).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.text();
    });
    text.catch(() => texts.delete(url));
    texts.set(url, text);
  }
  return text;
}

/** Fetches ahead when the reader shows intent (hover, focus), unless the connection asks us not to. */
export function prefetchMarkdown(url: string): void {
  if (prefetchAllowed()) loadMarkdown(url).catch(() => undefined);
}
