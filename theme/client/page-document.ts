import { trimHtmlSuffix, type PageData } from '@docsgen/shared';

/**
 * The page data a docsgen page carries, read from its document: all but the body from the JSON script the build writes
 * (`#__docsgen_page`), the body from the DOM it was rendered into (a doc's `.markdown`, any other page's `#__main`).
 * Undefined for any other document (a redirect page, a host's error page) or a script that is not valid JSON.
 * The first page boots from it; client navigation reads the next page from that page's own HTML the same way.
 */
export function pageFromDocument(doc: Document): PageData | undefined {
  const script = doc.getElementById('__docsgen_page');
  const container = doc.getElementById('__docsgen');
  if (!script || !container) return undefined;
  let page: PageData;
  try {
    page = JSON.parse(script.textContent ?? '') as PageData;
  } catch {
    return undefined;
  }
  if (typeof page !== 'object' || page === null || typeof page.route !== 'string') return undefined;
  page.html = container.querySelector(page.kind === 'doc' ? '.markdown' : '#__main')?.innerHTML ?? '';
  return page;
}

/** A page's HTML as fetched: parsed only now, when it is about to be shown (prefetching keeps the text). */
export function pageFromHtml(html: string): { page: PageData; title: string } | undefined {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const page = pageFromDocument(doc);
  return page && { page, title: doc.title };
}

/**
 * The address to show for a page reached at `url`: a static host serves `/a/b/index.html` (or `/a/b.html`) for the
 * route `/a/b/`, and the route's own URL is the one to keep. Undefined when the address is already right.
 */
export function routeAddress(page: PageData, url: URL): string | undefined {
  if (page.kind === 'notFound' || url.pathname === page.route || trimHtmlSuffix(url.pathname) !== page.route) return undefined;
  return page.route + url.search + url.hash;
}
