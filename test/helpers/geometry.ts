import type { Locator, Page } from 'playwright-core';

/** A control as drawn: its name for messages and its box in viewport pixels. */
export interface DrawnControl {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const CONTROLS = 'a[href], button, input, [role="option"]';

/** tsx compiles with keepNames, which wraps the inner functions of these page scripts in `__name`; the page needs one. */
async function nameShim(page: Page): Promise<void> {
  await page.evaluate('globalThis.__name ??= (fn) => fn');
}

/** The controls under `root` that are drawn (not display:none, not zero-sized), with their boxes. */
export async function drawnControls(root: Locator): Promise<DrawnControl[]> {
  await nameShim(root.page());
  return root.evaluate((element, selector) => {
    const named = (el: Element) => (el.getAttribute('aria-label') || (el as HTMLInputElement).placeholder || el.textContent || el.tagName).trim().slice(0, 24);
    return [...element.querySelectorAll(selector)]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => {
        const box = el.getBoundingClientRect();
        return { name: named(el), left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      })
      .filter((box) => box.right - box.left > 0 && box.bottom - box.top > 0);
  }, CONTROLS);
}

/** Pairs of controls whose boxes overlap by more than half a pixel; a control inside another does not count. */
export function overlappingPairs(controls: DrawnControl[]): string[] {
  const pairs: string[] = [];
  controls.forEach((a, i) =>
    controls.slice(i + 1).forEach((b) => {
      const inside = (x: DrawnControl, y: DrawnControl) => x.left >= y.left && x.right <= y.right && x.top >= y.top && x.bottom <= y.bottom;
      const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
      if (overlap && !inside(a, b) && !inside(b, a)) pairs.push(`${a.name} × ${b.name}`);
    }),
  );
  return pairs;
}

/**
 * The controls under `root` whose centre, when inside the viewport and inside every scrolling ancestor, is not
 * theirs: `document.elementFromPoint` there returns something else, so a click or tap there would miss them.
 */
export async function unreachableControls(root: Locator): Promise<string[]> {
  await nameShim(root.page());
  return root.evaluate((element, selector) => {
    const missed: string[] = [];
    const shownIn = (el: Element, x: number, y: number) => {
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowY === 'visible' && getComputedStyle(parent).overflowX === 'visible') continue;
        const box = parent.getBoundingClientRect();
        if (x < box.left || x > box.right || y < box.top || y > box.bottom) return false;
      }
      return x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
    };
    for (const el of element.querySelectorAll(selector)) {
      if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (box.width === 0 || box.height === 0 || !shownIn(el, x, y)) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === el || el.contains(hit))) missed.push(`${(el.textContent || el.getAttribute('aria-label') || el.tagName).trim().slice(0, 24)} (hit: ${hit?.className || hit?.tagName})`);
    }
    return missed;
  }, CONTROLS);
}

/** Elements under `root` drawn outside `container` (beyond a pixel), leaving out what scrolls inside a box of its own. */
export async function outsideContainer(page: Page, root: string, container: string): Promise<string[]> {
  await nameShim(page);
  return page.evaluate(
    ([rootSelector, containerSelector]) => {
      const frame = document.querySelector(containerSelector)!.getBoundingClientRect();
      const scrollsInside = (el: Element) => {
        for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== 'visible') return true;
        }
        return false;
      };
      return [...document.querySelectorAll(`${rootSelector} *`)]
        .filter((el) => el.getClientRects().length > 0 && !scrollsInside(el))
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && (box.left < frame.left - 1 || box.right > frame.right + 1);
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
    },
    [root, container],
  );
}

/**
 * The widest blank strip to the right of the element, in pixels, along the part of it in view: stepping right from its
 * edge, `document.elementFromPoint` meets only the boxes it sits in (article, container, page) until something else
 * is drawn there (a table of contents, the screen's edge). Where a scrolling code block has such a strip, it could
 * have been as wide as the strip instead of scrolling.
 */
export async function blankRightOf(element: Locator): Promise<number> {
  await nameShim(element.page());
  await element.scrollIntoViewIfNeeded();
  return element.evaluate((block) => {
    const box = block.getBoundingClientRect();
    const holds = (hit: Element | null) => hit !== null && hit.contains(block);
    let widest = 0;
    for (let y = Math.max(box.top, 0) + 4; y < Math.min(box.bottom, innerHeight) - 4; y += 16) {
      let x = box.right + 1;
      while (x < innerWidth && holds(document.elementFromPoint(x, y))) x += 2;
      widest = Math.max(widest, Math.min(x, innerWidth) - box.right);
    }
    return Math.round(widest);
  });
}

/**
 * The matches of `word` (a regular expression's source, matched globally) in the text of each element that are
 * drawn over more than one line: a header name split at its hyphen, a page title broken at the end of a card's line.
 */
export async function wordsOverLines(elements: Locator, word: string): Promise<string[]> {
  await nameShim(elements.page());
  return elements.evaluateAll(
    (nodes, source) =>
      nodes.flatMap((element) => {
        // Each character with the bottom of the line it is drawn on.
        const chars: { char: string; bottom: number }[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          for (let i = 0; i < node.data.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            chars.push({ char: node.data[i], bottom: range.getBoundingClientRect().bottom });
          }
        }
        const text = chars.map((c) => c.char).join('');
        return [...text.matchAll(new RegExp(source, 'g'))]
          .filter((match) => {
            const bottoms = chars.slice(match.index, match.index + match[0].length).filter((c) => c.char !== ' ').map((c) => c.bottom);
            return Math.max(...bottoms) - Math.min(...bottoms) > 6;
          })
          .map((match) => match[0]);
      }),
    word,
  );
}
