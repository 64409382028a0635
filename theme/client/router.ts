import type { PageData } from '@docsgen/shared';
import { pageFromHtml, routeAddress } from './page-document.js';
import type { Progress } from './progress.js';
import { prefetchAllowed, watchArticleNeighbours, watchLinkIntent } from './prefetch.js';
import { RecentPages } from './recent-pages.js';

/** Where to scroll once the new page is on screen. */
export type ScrollTarget = { hash: string } | { y: number };

export interface RouterOptions {
  baseUrl: string;
  progress: Progress;
  onLoading(loading: boolean): void;
  onPage(page: PageData, scroll: ScrollTarget): void;
  /** A network failure: the page shows the error with a way to retry. */
  onError(error: Error, retry: () => void): void;
  /** Called for every completed navigation, including hash-only ones and back/forward. */
  onNavigate(): void;
}

interface HistoryState {
  /** Names the history entry, so a position can be kept for it after the browser has moved on (forward after back). */
  docsgenKey?: string;
  docsgenScrollY?: number;
}

/** What a running router offers the page. */
export interface Router {
  stop(): void;
  /** Loads the current route's data afresh (used by "Try again" after a crash). */
  refresh(): Promise<void>;
}

/** A page's HTML as fetched, and where the fetch ended (after the host's redirects). */
interface FetchedPage {
  html: string;
  url: string;
}

/**
 * How many fetched pages the router keeps as text: the recent ones, for back and forward and the links a visitor
 * showed intent for. On the documentation centre a page is 33,000 characters on average (82,000 at most), 67 KB in
 * memory as a two-byte string, so this holds about 0.7 MB; unbounded, a long visit held about 9 MB.
 */
export const RECENT_PAGES = 10;

/** Client-side navigation: intercepts internal links, loads the next page's own HTML, keeps history and scroll. */
export function startRouter(options: RouterOptions): Router {
  let current = 0;
  // The path whose page is on screen; during popstate `location` has already moved on.
  let shownPath = location.pathname;
  // By path: the text only, so that prefetching costs no parsing; a page is parsed when it is shown.
  const cache = new RecentPages<FetchedPage>(RECENT_PAGES, (path) => path === shownPath);
  // Scroll positions of the entries left by back or forward: popstate fires once the entry has changed, too late
  // to write the position into the entry being left.
  const positions = new Map<string, number>();
  let shownKey = entryKey();

  const fetchPage = (url: URL): Promise<FetchedPage> => {
    let pending = cache.get(url.pathname);
    if (!pending) {
      pending = fetch(url.pathname, { credentials: 'same-origin' }).then(async (response) => {
        if (!response.ok) throw new NotAPage(`HTTP ${response.status}`);
        if (!/html/i.test(response.headers.get('content-type') ?? 'text/html')) throw new NotAPage(response.headers.get('content-type')!);
        return { html: await response.text(), url: response.url || url.href };
      });
      cache.set(url.pathname, pending);
    }
    return pending;
  };

  /** The page at `url`, its title, and the address to show for it (the hash of `url` kept). */
  const load = async (url: URL): Promise<{ page: PageData; title: string; address: URL }> => {
    const fetched = await fetchPage(url);
    const shown = pageFromHtml(fetched.html);
    // Not one of this site's pages, or its not-found page: a full load shows whatever the host answers as it should.
    if (!shown || shown.page.kind === 'notFound') throw new NotAPage(`no page at ${url.pathname}`);
    const address = new URL(fetched.url);
    address.search = url.search;
    address.hash = url.hash;
    return { ...shown, address: new URL(routeAddress(shown.page, address) ?? address.href, address) };
  };

  const navigate = async (url: URL, push: boolean, scrollY?: number) => {
    const id = ++current;
    if (push) rememberScroll();
    if (url.pathname === shownPath) {
      if (push) pushEntry(url);
      scrollTo(url.hash ? { hash: url.hash } : { y: scrollY ?? 0 });
      options.onNavigate();
      return;
    }
    options.progress.start();
    options.onLoading(true);
    try {
      const { page, title, address } = await load(url);
      if (id !== current) return;
      if (push) pushEntry(address);
      else if (address.href !== location.href) history.replaceState(history.state, '', address.href);
      document.title = title;
      shownPath = address.pathname;
      options.onPage(page, scrollY !== undefined ? { y: scrollY } : url.hash ? { hash: url.hash } : { y: 0 });
      options.onNavigate();
      idle(neighbours.observe);
    } catch (error) {
      if (id !== current) return;
      if (error instanceof NotAPage) {
        // The server knows better than the client (a 404 page, a redirect page, an error): load the page for real.
        location.assign(url.href);
        return;
      }
      options.onError(error as Error, () => void navigate(url, push, scrollY));
    } finally {
      if (id === current) {
        options.progress.done();
        options.onLoading(false);
      }
    }
  };

  const internalUrl = (anchor: HTMLAnchorElement): URL | undefined => {
    if (anchor.target && anchor.target !== '_self') return undefined;
    if (anchor.hasAttribute('download') || anchor.getAttribute('href') === null) return undefined;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(options.baseUrl)) return undefined;
    if (/\.(?!html$)[a-z0-9]+$/i.test(url.pathname)) return undefined;
    return url;
  };

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    const url = anchor && internalUrl(anchor);
    if (!url) return;
    event.preventDefault();
    void navigate(url, true);
  };

  const pushEntry = (url: URL) => {
    shownKey = newKey();
    history.pushState({ docsgenKey: shownKey, docsgenScrollY: 0 } satisfies HistoryState, '', url.href);
  };

  const onPopState = (event: PopStateEvent) => {
    positions.set(shownKey, window.scrollY);
    const state = (event.state ?? {}) as HistoryState;
    shownKey = state.docsgenKey ?? entryKey();
    void navigate(new URL(location.href), false, positions.get(shownKey) ?? state.docsgenScrollY ?? 0);
  };

  const prefetch = (anchor: HTMLAnchorElement) => {
    const url = internalUrl(anchor);
    if (!url || url.pathname === shownPath || !prefetchAllowed()) return;
    fetchPage(url).catch(() => undefined);
  };

  const neighbours = watchArticleNeighbours(prefetch);

  history.scrollRestoration = 'manual';
  document.addEventListener('click', onClick);
  const stopIntent = watchLinkIntent(prefetch);
  window.addEventListener('popstate', onPopState);
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
  idle(neighbours.observe);
  return {
    stop() {
      document.removeEventListener('click', onClick);
      stopIntent();
      window.removeEventListener('popstate', onPopState);
      neighbours.stop();
    },
    async refresh() {
      cache.delete(location.pathname);
      const { page } = await load(new URL(location.href));
      options.onPage(page, { y: window.scrollY });
    },
  };
}

/** The current history entry's key, given to it now if it has none (the first page, or an anchor jump). */
function entryKey(): string {
  const state = (history.state ?? {}) as HistoryState;
  if (state.docsgenKey) return state.docsgenKey;
  const key = newKey();
  history.replaceState({ ...state, docsgenKey: key } satisfies HistoryState, '');
  return key;
}

function newKey(): string {
  return Math.random().toString(36).slice(2);
}

/** Puts the current scroll position into the current history entry, for back and forward after a reload. */
function rememberScroll(): void {
  history.replaceState({ ...(history.state ?? {}), docsgenScrollY: window.scrollY } satisfies HistoryState, '');
}

/** Scrolls to a hash target or a position. */
export function scrollTo(target: ScrollTarget): void {
  if ('hash' in target) {
    // As browsers do: the id as written in the URL, then decoded (footnote ids keep their percent-escapes: `fn-%E6%B3%A8`).
    const raw = target.hash.slice(1);
    const element = raw ? (document.getElementById(raw) ?? document.getElementById(safeDecode(raw))) : null;
    if (element) {
      element.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
    return;
  }
  window.scrollTo(0, target.y);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** What the route answered is not a page of this site to show here (an HTTP error, a redirect page, the not-found page). */
class NotAPage extends Error {}
