import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';
import { mark, marked } from '../helpers/client-navigation.js';
import { INTENT_DELAY_MS } from '../../theme/client/prefetch.js';
import { RECENT_PAGES } from '../../theme/client/router.js';

// What client navigation fetches ahead, counted as the pages' own HTML requested by the page: on intent (a pointer
// resting on a link, keyboard focus, a press) and, of the links in view, only the article's previous and next.

const STEPS = RECENT_PAGES + 2;
const step = (n: number) => `第 ${n} 步`;
const stepPath = (n: number) => `/docscenter/docs/steps/step-${String(n).padStart(2, '0')}/`;

let site: BrowserSite;
before(async () => {
  site = await startBrowserSite({
    prepare: async (fixture) => {
      await fixture.write('content/docs/guide/links.md', '---\ntitle: 链接集\nsidebar_position: 8\n---\n\n本页的链接都在正文里：\n\n- [长页面](./long.md)\n- [功能演示](./features.md)\n- [介绍](../intro.md)\n');
      // Long pages (their previous and next out of view when they open), more of them than the router keeps.
      const paragraphs = Array.from({ length: 40 }, (_, i) => `第 ${i + 1} 段：设备通过局域网或中继与 App 建立连接，固件升级期间保持供电。`).join('\n\n');
      for (let n = 1; n <= STEPS; n++) {
        await fixture.write(`content/docs/steps/step-${String(n).padStart(2, '0')}.md`, `---\ntitle: ${step(n)}\nsidebar_position: ${n}\n---\n\n${paragraphs}\n`);
      }
    },
  });
});
after(() => site.close());

const WIDTHS = [
  { width: 390, touch: true },
  { width: 1024, touch: false },
  { width: 1280, touch: false },
];

/** The pages the page has requested as HTML for client navigation, in order (the site data and assets aside). */
function pageRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'fetch' && path.endsWith('/')) requested.push(path);
  });
  return requested;
}

/** Lets the page's idle callback, its observers and whatever fetch they start run their course. */
async function settle(page: Page): Promise<void> {
  // Not animation frames: headless Chromium sometimes draws none once the pointer has moved and nothing changed.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 })));
  await page.waitForTimeout(INTENT_DELAY_MS * 5);
}

/** Waits until the page has received `path` (its resource timing entry is made when the response has arrived). */
async function arrived(page: Page, path: string): Promise<void> {
  await page.waitForFunction((path) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === path), path);
}

for (const { width, touch } of WIDTHS) {
  const open = async (path: string) => {
    const context = await site.browser.newContext({ viewport: { width, height: 800 }, hasTouch: touch, isMobile: touch });
    const page = await context.newPage();
    const requested = pageRequests(page);
    await page.goto(site.url(path));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    return { page, context, requested };
  };
  /** The doc sidebar's link: in the phone menu at 390 px, beside the article otherwise. */
  const sidebarLink = async (page: Page, label: string) => {
    if (!touch) return page.locator('.doc-sidebar a', { hasText: label });
    await page.getByRole('button', { name: '打开导航菜单' }).tap();
    return page.getByRole('dialog', { name: '导航菜单' }).locator('a', { hasText: label });
  };

  test(`${width} px: a first load with no input fetches no page ahead but the article's previous and next once in view`, async () => {
    // A short page: links in the article and the sidebar in view, and its previous and next too, unless the screen is short.
    const { page, context, requested } = await open('docs/guide/links/');
    await settle(page);
    const neighbours = await page.locator('a.pagination-nav__link').evaluateAll((anchors) =>
      (anchors as HTMLAnchorElement[]).filter((a) => a.getBoundingClientRect().top < innerHeight).map((a) => a.pathname),
    );
    assert.deepEqual([...requested].sort(), neighbours.sort());
    assert.ok(await page.locator('.markdown a', { hasText: '长页面' }).isVisible(), 'links of the article in view, not fetched');

    // A long page: nothing at all.
    const long = await open('docs/steps/step-03/');
    await settle(long.page);
    assert.deepEqual(long.requested, []);
    // Its previous and next, once the reader reaches them, are fetched (and nothing else).
    await long.page.mouse.move(width / 2, 400);
    const next = long.page.locator('a.pagination-nav__link--next');
    for (let turns = 0; turns < 40 && (await next.evaluate((a) => a.getBoundingClientRect().top)) > 700; turns++) await long.page.mouse.wheel(0, 400);
    await arrived(long.page, stepPath(4));
    await settle(long.page);
    assert.deepEqual([...long.requested].sort(), [stepPath(2), stepPath(4)]);
    await context.close();
    await long.context.close();
  });

  if (!touch) {
    test(`${width} px: a pointer resting on a sidebar link fetches exactly that page, and the click then needs no request`, async () => {
      const { page, context, requested } = await open('docs/steps/step-01/');
      await settle(page);
      await page.locator('.doc-sidebar a', { hasText: step(5) }).hover();
      await arrived(page, stepPath(5));
      await settle(page);
      assert.deepEqual(requested, [stepPath(5)]);
      await mark(page);
      await page.locator('.doc-sidebar a', { hasText: step(5) }).click();
      await page.locator('h1.doc-title', { hasText: step(5) }).waitFor();
      assert.ok(await marked(page), 'navigated on the client');
      assert.equal(new URL(page.url()).pathname, stepPath(5));
      assert.deepEqual(requested, [stepPath(5)], 'no second request for the page');
      await context.close();
    });

    test(`${width} px: a pointer sweeping across the sidebar's links fetches none of those it only crossed`, async () => {
      const { page, context, requested } = await open('docs/steps/step-01/');
      await settle(page);
      const links = page.locator('.doc-sidebar .menu a');
      const first = (await links.first().boundingBox())!;
      const last = (await page.locator('.doc-sidebar a', { hasText: step(STEPS) }).boundingBox())!;
      const x = first.x + Math.min(first.width, last.width) / 2;
      const end = { x, y: last.y + last.height + 4 };
      assert.equal(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a') ?? null, end), null, 'the sweep ends off every link');
      // How long the pointer stayed on each link, from when the page handled its arrival to when it handled its
      // departure (watched, not dispatched): a machine too busy to sweep quickly, or to handle the pointer leaving in
      // time, keeps it on a link as long as the delay, and that link may then be fetched.
      await page.evaluate(() => {
        const stays: { path: string; from: number; to?: number }[] = ((window as unknown as { stays: typeof stays }).stays = []);
        // Where the pointer came from or went to, when it is still within the same link, is no move at all.
        document.addEventListener('pointerover', (event) => {
          const link = (event.target as Element).closest('a');
          if (link && link !== (event.relatedTarget as Element | null)?.closest?.('a')) stays.push({ path: link.pathname, from: performance.now() });
        }, { capture: true });
        document.addEventListener('pointerout', (event) => {
          const link = (event.target as Element).closest('a');
          if (link && link !== (event.relatedTarget as Element | null)?.closest?.('a')) stays[stays.length - 1].to = performance.now();
        }, { capture: true });
      });
      // Top to bottom across every link, as a hand moving to somewhere else on the page does.
      await page.mouse.move(x, first.y - 4);
      await page.mouse.move(end.x, end.y, { steps: 12 });
      await settle(page);
      const stays = await page.evaluate(() => (window as unknown as { stays: { path: string; from: number; to: number }[] }).stays);
      const crossed = stays.filter((stay) => stay.to - stay.from < INTENT_DELAY_MS).map((stay) => stay.path);
      assert.ok(crossed.length > 5, `the pointer crossed many links quickly (${crossed.length} of ${stays.length})`);
      assert.deepEqual(requested.filter((path) => crossed.includes(path)), [], 'no link only crossed is fetched');
      const rested = stays.filter((stay) => stay.to - stay.from >= INTENT_DELAY_MS).map((stay) => stay.path);
      assert.deepEqual(requested.filter((path) => !rested.includes(path)), [], 'nothing else is fetched either');
      await context.close();
    });
  }

  test(`${width} px: a link reached with Tab is fetched ahead`, async () => {
    const { page, context, requested } = await open('docs/steps/step-01/');
    await settle(page);
    assert.deepEqual(requested, [], 'nothing fetched before focus moves');
    // Tab until focus is on a link to another page of the site (links to this page's sections are never fetched).
    let target = '';
    for (let presses = 0; presses < 30 && !target; presses++) {
      await page.keyboard.press('Tab');
      target = await page.evaluate(() => {
        const focused = document.activeElement;
        return focused instanceof HTMLAnchorElement && focused.origin === location.origin && focused.pathname !== location.pathname ? focused.pathname : '';
      });
    }
    assert.ok(target, 'Tab reached a link to another page');
    await arrived(page, target);
    await settle(page);
    assert.deepEqual(requested, [target]);
    await context.close();
  });

  test(`${width} px: a ${touch ? 'finger' : 'mouse button'} going down on a link fetches it, and the ${touch ? 'tap' : 'click'} navigates with no second request`, async () => {
    const { page, context, requested } = await open('docs/steps/step-01/');
    await settle(page);
    await mark(page);
    const link = await sidebarLink(page, step(6));
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    if (touch) {
      // A finger lands on the link, then moves away as a scroll would (a long press would open the context menu).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
      await arrived(page, stepPath(6));
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchCancel', touchPoints: [] });
      assert.equal(new URL(page.url()).pathname, stepPath(1), 'no navigation without a tap');
      await link.tap();
    } else {
      // Straight onto the link and down at once, before the hover delay is over.
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      await arrived(page, stepPath(6));
      await page.mouse.up();
    }
    await page.locator('h1.doc-title', { hasText: step(6) }).waitFor();
    assert.ok(await marked(page), 'navigated on the client');
    assert.equal(new URL(page.url()).pathname, stepPath(6));
    await settle(page);
    assert.deepEqual(requested, [stepPath(6)], 'one request for the page, nothing else fetched');
    await context.close();
  });

  test(`${width} px: after more pages than the router keeps, the least recent is fetched again and a recent one is not`, async () => {
    // The first step is loaded for real; the other STEPS - 1 through the router, one more than it keeps.
    const { page, context, requested } = await open('docs/steps/step-01/');
    await mark(page);
    const go = async (n: number) => {
      const link = await sidebarLink(page, step(n));
      await (touch ? link.tap() : link.click());
      await page.locator('h1.doc-title', { hasText: step(n) }).waitFor();
    };
    for (let n = 2; n <= STEPS; n++) await go(n);
    await settle(page);
    const visited = Array.from({ length: STEPS - 1 }, (_, i) => stepPath(i + 2));
    assert.deepEqual(requested, visited, 'each step fetched once');
    // The one before the page on screen is among the recent ones: no request.
    await go(STEPS - 1);
    assert.deepEqual(requested, visited);
    // The second step, the least recently used, has been dropped: fetched again.
    await go(2);
    await settle(page);
    assert.deepEqual(requested.slice(visited.length), [stepPath(2)]);
    assert.ok(await marked(page), 'all of it on the client');
    await context.close();
  });
}
