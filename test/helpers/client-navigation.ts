import type { Page } from 'playwright-core';

/** Marks the window; a full page load loses the mark, client navigation keeps it. */
export const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 42));
export const marked = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 42);

/** The scroll position once smooth wheel scrolling has come to rest. */
export async function settledScrollY(page: Page): Promise<number> {
  let last = -1;
  for (;;) {
    const y = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY)))));
    if (y === last) return y;
    last = y;
  }
}
