/**
 * When client navigation fetches a page ahead. A page fetched ahead is its whole HTML (4–11 KB gzip on the
 * documentation centre), so it is fetched on intent, much as Astro's `hover` and `tap` prefetch strategies do, not for
 * every link in view: that cost 22 pages, 180.5 KB gzip, on the first load of `docs/app/android/device_mgr/`
 * (bench/prefetch.ts; bench/PERFORMANCE-LOG.md, *Prefetching on intent*).
 */

/** Whether the visitor's connection asks us not to fetch ahead (slow-2g or data saving on). */
export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!connection) return true;
  return !connection.saveData && connection.effectiveType !== 'slow-2g';
}

/**
 * How long a pointer or keyboard focus rests on a link before its page is fetched. A pointer sweeping across the
 * sidebar crosses an item (34 px high) in well under this at any speed faster than 340 px/s, so a sweep fetches
 * nothing; a person about to click rests on the link for a few hundred milliseconds, so most of that head start is kept.
 */
export const INTENT_DELAY_MS = 100;

/**
 * Calls `prefetch` with a link a visitor shows they mean to follow: a pointer resting on it (mouse, pen) for
 * INTENT_DELAY_MS, keyboard focus resting on it as long, or a press on it (a touch screen's touchstart, a mouse button
 * going down), which fetches at once. Returns a function that stops watching.
 */
export function watchLinkIntent(prefetch: (anchor: HTMLAnchorElement) => void): () => void {
  let resting: { anchor: HTMLAnchorElement; timer: number } | undefined;
  const cancel = () => {
    if (resting) clearTimeout(resting.timer);
    resting = undefined;
  };
  const rest = (anchor: HTMLAnchorElement) => {
    if (resting?.anchor === anchor) return;
    cancel();
    const timer = window.setTimeout(() => {
      resting = undefined;
      prefetch(anchor);
    }, INTENT_DELAY_MS);
    resting = { anchor, timer };
  };
  // Leaving for one of the link's own children is not leaving it.
  const onLeave = (event: PointerEvent | FocusEvent) => {
    const to = event.relatedTarget;
    if (resting && !(to instanceof Node && resting.anchor.contains(to))) cancel();
  };
  const onPointerOver = (event: PointerEvent) => {
    // A touch reaches a link as it presses it: that is the pointerdown below.
    if (event.pointerType === 'touch') return;
    const anchor = linkOf(event.target);
    if (anchor) rest(anchor);
  };
  const onFocusIn = (event: FocusEvent) => {
    // Keyboard focus only: a menu that focuses its first link as it opens has not been asked for that link.
    const anchor = linkOf(event.target);
    if (anchor && focusVisible(anchor)) rest(anchor);
  };
  const onPointerDown = (event: PointerEvent) => {
    // The main button (or a touch): another button opens the link elsewhere, or a menu.
    const anchor = event.button === 0 ? linkOf(event.target) : undefined;
    if (!anchor) return;
    cancel();
    prefetch(anchor);
  };
  const listeners: [string, EventListener][] = [
    ['pointerover', onPointerOver as EventListener],
    ['pointerout', onLeave as EventListener],
    ['focusin', onFocusIn as EventListener],
    ['focusout', onLeave as EventListener],
    ['pointerdown', onPointerDown as EventListener],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, { passive: true });
  return () => {
    cancel();
    for (const [type, listener] of listeners) document.removeEventListener(type, listener);
  };
}

/**
 * Calls `prefetch` with the article's previous and next links once they are in view (call `observe` again when a new
 * page is shown). The one exception to fetching on intent: a reader who has reached the end of an article most likely
 * goes on to the next, and on a touch screen no hover gives a head start. It costs at most two pages, on a first load
 * only when the article is short enough for them to be in view (measured in the README, *Budgets and page weight*).
 */
export function watchArticleNeighbours(prefetch: (anchor: HTMLAnchorElement) => void): { observe(): void; stop(): void } {
  if (!('IntersectionObserver' in window)) return { observe() {}, stop() {} };
  const inView = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      inView.unobserve(entry.target);
      prefetch(entry.target as HTMLAnchorElement);
    }
  });
  return {
    observe() {
      // The links of the page shown before are gone from the document: watching them would only keep them in memory.
      inView.disconnect();
      if (prefetchAllowed()) document.querySelectorAll<HTMLAnchorElement>('a.pagination-nav__link[href]').forEach((a) => inView.observe(a));
    },
    stop: () => inView.disconnect(),
  };
}

function linkOf(target: EventTarget | null): HTMLAnchorElement | undefined {
  return (target as Element | null)?.closest?.('a') ?? undefined;
}

function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // A browser without :focus-visible: any focus counts.
    return true;
  }
}
