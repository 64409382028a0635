import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Route } from 'playwright-core';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';
import { mark, marked, settledScrollY } from '../helpers/client-navigation.js';

let site: BrowserSite;
before(async () => {
  site = await startBrowserSite();
});
after(() => site.close());

test('internal links navigate on the client: content swapped, title and history updated, scrolled to top', async () => {
  const { page, context } = await site.open('docs/guide/long/');
  await mark(page);
  await page.mouse.wheel(0, 1500);
  await page.waitForFunction(() => window.scrollY > 1000);
  await page.locator('.doc-sidebar a', { hasText: '功能演示' }).click();
  await page.waitForFunction(() => document.title === '功能演示 | 测试站点');
  assert.equal(new URL(page.url()).pathname, '/docscenter/docs/guide/features/');
  assert.equal(await page.locator('h1.doc-title').textContent(), '功能演示');
  assert.equal(await page.locator('.doc-sidebar a[aria-current="page"]').textContent(), '功能演示');
  assert.ok(await marked(page), 'no full page load');
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await context.close();
});

test('a link with a hash scrolls to its anchor', async () => {
  const { page, context } = await site.open('docs/intro/');
  await mark(page);
  await page.locator('.markdown a', { hasText: '功能演示' }).click();
  await page.waitForURL(/features\/#explicit-anchor$/);
  await page.waitForFunction(() => {
    const top = document.getElementById('explicit-anchor')?.getBoundingClientRect().top ?? -1;
    return top >= 0 && top < 200;
  });
  assert.ok(await marked(page));
  await context.close();
});

test('back and forward both restore the scroll position of the page they return to', async () => {
  const { page, context } = await site.open('docs/guide/long/');
  await page.mouse.move(640, 500);
  await page.mouse.wheel(0, 1200);
  await page.waitForFunction(() => window.scrollY > 1000);
  const longY = await settledScrollY(page);
  await page.locator('.doc-sidebar a', { hasText: '功能演示' }).click();
  await page.waitForFunction(() => document.querySelector('h1.doc-title')?.textContent === '功能演示');
  await page.mouse.wheel(0, 600);
  await page.waitForFunction(() => window.scrollY > 400);
  const featuresY = await settledScrollY(page);
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('h1.doc-title')?.textContent === '长页面');
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, longY);
  await page.goForward();
  await page.waitForFunction(() => document.querySelector('h1.doc-title')?.textContent === '功能演示');
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, featuresY);
  await page.goBack();
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, longY);
  await context.close();
});

test('the sidebar keeps its scroll position across navigation', async () => {
  const { page, context } = await site.open('docs/guide/features/', { context: { viewport: { width: 1280, height: 200 } } });
  const menu = page.locator('.doc-sidebar .menu');
  await menu.evaluate((el) => (el.scrollTop = 40));
  const before = await menu.evaluate((el) => el.scrollTop);
  assert.ok(before > 0, 'the sidebar can scroll');
  await page.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>('.doc-sidebar a')].find((a) => a.textContent === '长页面')!.click());
  await page.waitForURL(/long\/$/);
  assert.equal(await menu.evaluate((el) => el.scrollTop), before);
  await context.close();
});

/** The page client navigation fetches (its own HTML), not the address the browser loads for real. */
const LONG_PAGE = '**/docscenter/docs/guide/long/';
const fetched = (handle: (route: Route) => Promise<void>) => (route: Route) => (route.request().resourceType() === 'fetch' ? handle(route) : route.continue());

test('a slow page load shows the progress bar after 200 ms and a spinner; both go when the route updates', async () => {
  const { page, context } = await site.open('docs/guide/features/', { noPrefetch: true });
  await page.route(LONG_PAGE, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 900));
    await route.continue();
  });
  const started = Date.now();
  await page.locator('.doc-sidebar a', { hasText: '长页面' }).click();
  await page.waitForSelector('#nprogress .bar');
  assert.ok(Date.now() - started >= 190, 'not before the delay');
  // The spinner fades in after the same 200 ms delay; wait for it rather than race the progress bar.
  await page.locator('.page-spinner').waitFor({ state: 'visible', timeout: 600 });
  await page.waitForURL(/long\/$/);
  await page.waitForSelector('#nprogress', { state: 'detached' });
  assert.equal(await page.locator('.page-spinner').count(), 0);
  await context.close();
});

test('a fast page load shows no progress bar', async () => {
  const { page, context } = await site.open('docs/guide/long/');
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.getElementById('nprogress')) (window as unknown as { __sawBar: boolean }).__sawBar = true;
    }).observe(document.body, { childList: true });
  });
  const link = page.locator('.doc-sidebar a', { hasText: '功能演示' });
  // Fast as a visitor's usual click is: the page prefetched (on hover) before it. Clicked while its fetch was still
  // under way, on a machine busy with other tests, the load could take the bar's 200 ms and the test failed in CI.
  await link.hover();
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/docscenter/docs/guide/features/') && (entry as PerformanceResourceTiming).responseEnd > 0),
  );
  await link.click();
  await page.waitForURL(/features\/$/);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => (window as unknown as { __sawBar?: boolean }).__sawBar ?? false), false);
  await context.close();
});

test('a network failure shows a red box with the error and a Retry that works', async () => {
  const { page, context } = await site.open('docs/guide/features/', { noPrefetch: true });
  await page.route(LONG_PAGE, fetched((route) => route.abort('internetdisconnected')));
  await page.locator('.doc-sidebar a', { hasText: '长页面' }).click();
  const box = page.locator('.load-error');
  await box.waitFor();
  assert.match(await box.innerText(), /页面加载失败/);
  await page.unroute(LONG_PAGE);
  await box.getByRole('button', { name: '重试' }).click();
  await page.waitForURL(/long\/$/);
  // The address changes as the page data arrives, a moment before React shows the page: wait for what the reader sees.
  await page.locator('article h1', { hasText: '长页面' }).waitFor();
  assert.equal(await page.locator('.load-error').count(), 0);
  await context.close();
});

test('when the server cannot give the next page to the client, the page is loaded for real', async () => {
  const { page, context } = await site.open('docs/guide/features/', { noPrefetch: true });
  await mark(page);
  await page.route(LONG_PAGE, fetched((route) => route.fulfill({ status: 500, body: 'boom' })));
  await page.locator('.doc-sidebar a', { hasText: '长页面' }).click();
  await page.waitForURL(/long\/$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  assert.equal(await marked(page), false, 'a full page load happened');
  assert.equal(await page.locator('h1.doc-title').textContent(), '长页面');
  await context.close();
});

test('a page that crashes while rendering says so and "Try again" renders it again', async () => {
  const { page, context } = await site.open('docs/guide/features/', { noPrefetch: true });
  let served = 0;
  // The page's data with a table of contents the theme cannot render, once.
  await page.route(LONG_PAGE, fetched(async (route) => {
    served++;
    if (served > 1) return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(/(<script id="__docsgen_page" type="application\/json">)(.*?)(<\/script>)/, (_, open: string, json: string, close: string) => open + JSON.stringify({ ...JSON.parse(json), toc: null }) + close);
    return route.fulfill({ response, body: html });
  }));
  await page.locator('.doc-sidebar a', { hasText: '长页面' }).click();
  const crashed = page.locator('.page-crashed');
  await crashed.waitFor();
  assert.match(await crashed.innerText(), /页面已崩溃。[\s\S]*This page crashed\./);
  assert.ok(await page.locator('.navbar').isVisible(), 'the layout survives');
  await crashed.getByRole('button', { name: /Try again/ }).click();
  await page.locator('h1.doc-title', { hasText: '长页面' }).waitFor();
  assert.equal(await page.locator('.page-crashed').count(), 0);
  await context.close();
});

test('links are prefetched on hover', async () => {
  // Without IntersectionObserver not even the article's previous and next are fetched for being in view: only the hover can fetch.
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => delete (window as { IntersectionObserver?: unknown }).IntersectionObserver);
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (request) => request.resourceType() === 'fetch' && requested.push(new URL(request.url()).pathname));
  await page.goto(site.url('docs/intro/'));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForTimeout(300);
  assert.ok(!requested.includes('/docscenter/docs/guide/features/'));
  // Scrolled to the footer first: the pointer must come to rest on the link, which a hover that scrolls smoothly moves
  // away from under it.
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 10_000);
  await settledScrollY(page);
  await page.locator('footer a', { hasText: '功能' }).hover();
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/docscenter/docs/guide/features/')));
  // The page's own HTML: there are no page data files.
  assert.ok(requested.includes('/docscenter/docs/guide/features/'));
  assert.ok(!requested.some((path) => path.includes('/__data/') && !path.endsWith('/__data/_site.json')));
  await context.close();
});

test('a link hovered is prefetched, but not when data saving is on or the connection is slow-2g', async () => {
  const prefetched = async (connection?: { saveData: boolean; effectiveType: string }) => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    if (connection) {
      await context.addInitScript((value) => Object.defineProperty(navigator, 'connection', { value, configurable: true }), connection);
    }
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => request.resourceType() === 'fetch' && requested.push(new URL(request.url()).pathname));
    await page.goto(site.url('docs/guide/features/'));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('.doc-sidebar a', { hasText: '长页面' }).hover();
    await page.waitForTimeout(700);
    await context.close();
    // Pages, not the site data every page loads.
    return requested.filter((path) => path.endsWith('/'));
  };
  assert.ok((await prefetched()).length > 0, 'prefetching happens normally');
  assert.deepEqual(await prefetched({ saveData: true, effectiveType: '4g' }), []);
  assert.deepEqual(await prefetched({ saveData: false, effectiveType: 'slow-2g' }), []);
});
