import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { build } from '../../packages/core/src/build.js';
import { launchBrowser } from '../helpers/browser.js';
import { startStaticServer, type StaticServer } from '../helpers/static-server.js';

const fixture = path.resolve(import.meta.dirname, '../fixtures/basic');
let out: string;
let server: StaticServer;
let browser: Browser;
let indexRequests = 0;
let indexLoaded = 0;
/** While true, every request for the index's meta file fails, as on a dropped connection. */
let indexUnreachable = false;

before(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'docsgen-search-'));
  await build({ root: fixture, outDir: out, write: true });
  server = await startStaticServer(out);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await rm(out, { recursive: true, force: true });
});

async function openPage() {
  const page = await browser.newPage();
  indexRequests = 0;
  indexLoaded = 0;
  await page.route('**/assets/search/meta.*.json', async (route) => {
    indexRequests++;
    if (indexUnreachable) await route.abort();
    else {
      indexLoaded++;
      await route.continue();
    }
  });
  await page.goto(server.url + 'docs/intro/');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return page;
}

test('the index loads only on first use; results are keyboard navigable and open with client navigation', async () => {
  const page = await openPage();
  await page.waitForTimeout(300);
  assert.equal(indexRequests, 0, 'no index request on page load');
  await page.keyboard.press('/');
  const input = page.locator('.navbar .search-box__input');
  assert.equal(await input.evaluate((el) => el === document.activeElement), true);
  // The chunk loads first, then the index: wait for the request rather than race it.
  for (let waited = 0; indexRequests < 1 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(indexRequests, 1);
  const first = (await page.locator('main h1, main h2').first().textContent())?.trim() ?? '';
  await input.fill(first.slice(0, 4));
  await page.waitForSelector('.navbar .search-result');
  // The excerpts are in: the links point at their sections and will not change under the keys.
  await page.waitForSelector('.navbar .search-result__placeholder', { state: 'detached' });
  assert.equal(await input.getAttribute('role'), 'combobox');
  assert.equal(await input.getAttribute('aria-expanded'), 'true');
  assert.ok(await page.locator('.navbar .search-result mark').count());
  const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await input.press('ArrowDown');
  await input.press('ArrowUp');
  const active = await input.getAttribute('aria-activedescendant');
  assert.ok(active && (await page.locator(`[id="${active}"]`).getAttribute('aria-selected')) === 'true');
  const href = await page.locator(`[id="${active}"]`).getAttribute('href');
  await input.press('Enter');
  await page.waitForFunction((h) => location.pathname + location.hash === h, href);
  assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), marker, 'no full reload');
  // The box lets go of the focus, so the navbar is back at rest (a focused box widens over the links beside it).
  assert.equal(await input.evaluate((el) => el === document.activeElement), false);
  assert.equal(await input.getAttribute('aria-expanded'), 'false');
  await page.close();
});

test('Escape closes; a query with no match says so', async () => {
  const page = await openPage();
  const input = page.locator('.navbar .search-box__input');
  await input.focus();
  await input.fill('zzqqxxyy');
  await page.waitForSelector('.navbar .search-box__status:has-text("没有找到")');
  await input.press('Escape');
  assert.equal(await input.getAttribute('aria-expanded'), 'false');
  await page.close();
});

test('a failed index load shows an error with Retry that loads again', async () => {
  const page = await openPage();
  indexUnreachable = true;
  try {
    const input = page.locator('.navbar .search-box__input');
    await page.keyboard.press('Control+k');
    await input.fill('介绍');
    await page.waitForSelector('.navbar .search-box__error');
    assert.equal(indexLoaded, 0);
    indexUnreachable = false;
    await page.click('.navbar .search-box__retry');
    await page.waitForSelector('.navbar .search-box__error', { state: 'detached' });
    await page.waitForSelector('.navbar .search-result');
    assert.equal(indexLoaded, 1, 'Retry loads the index');
  } finally {
    indexUnreachable = false;
    await page.close();
  }
});

test('the full results page lists every match for ?q= and keeps the query in the URL', async () => {
  const page = await browser.newPage();
  await page.goto(server.url + 'search/?q=' + encodeURIComponent('设备绑定'));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const input = page.locator('main .search-page__input');
  assert.equal(await input.inputValue(), '设备绑定');
  await page.waitForSelector('.search-page__result');
  // The query's terms are marked in the excerpts, which fill in after the titled results.
  await page.locator('.search-page__result mark').first().waitFor();
  assert.match(await page.locator('.search-page__status').innerText(), /^共 \d+ 条与“设备绑定”相关的结果$/);
  await input.fill('显式锚点');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('q') === '显式锚点');
  await page.locator('.search-page__result a').first().click();
  await page.waitForURL(/features\/#explicit-anchor$/);
  await page.close();
});

test('the dropdown links to the full results page', async () => {
  const page = await openPage();
  const input = page.locator('.navbar .search-box__input');
  await input.click();
  await input.fill('设备');
  await page.locator('.navbar .search-box__all').click();
  await page.waitForURL((url) => url.pathname.endsWith('/search/') && url.searchParams.get('q') === '设备');
  await page.waitForSelector('.search-page__result');
  await page.close();
});

/** Holds every page file (p.<hash>.json: headings and excerpts) of the index until `release` is called. */
async function holdPageFiles(page: Page): Promise<{ held: () => number; release: () => void }> {
  let held = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/search\/p\.[0-9a-f]+\.json$/, async (route) => {
    held++;
    await released;
    await route.continue();
  });
  return { held: () => held, release };
}

/** A page whose dropdown shows the first result for 显式锚点 titled, its page file held back. */
async function resultAwaitingExcerpt(): Promise<{ page: Page; result: Locator; pageFiles: Awaited<ReturnType<typeof holdPageFiles>> }> {
  const page = await openPage();
  const pageFiles = await holdPageFiles(page);
  await page.locator('.navbar .search-box__input').click();
  await page.keyboard.type('显式锚点');
  const result = page.locator('.navbar .search-result').first();
  await result.locator('.search-result__placeholder').waitFor();
  return { page, result, pageFiles };
}

test('results show titled as soon as the shards are in, with a line kept for the excerpt that follows', async () => {
  const { page, result, pageFiles } = await resultAwaitingExcerpt();
  assert.ok(pageFiles.held() >= 1, 'its page file is still on its way');
  assert.equal(await page.locator('.navbar .search-result__excerpt').count(), 0);
  assert.match(await result.locator('.search-result__title').innerText(), /^功能演示/, 'the title of the page whose heading matches');
  assert.match((await result.getAttribute('href')) ?? '', /features\/$/, 'until the section is known the link opens the page');
  const box = (await result.boundingBox())!;
  const line = (await result.locator('.search-result__placeholder').boundingBox())!;
  assert.ok(line.height > 4 && line.y + line.height <= box.y + box.height && line.x >= box.x, 'the excerpt line is inside the result');
  await page.screenshot({ path: path.join(tmpdir(), 'docsgen-search-pending.png') });
  pageFiles.release();
  await result.locator('.search-result__excerpt').waitFor();
  assert.equal(await page.locator('.navbar .search-result__placeholder').count(), 0);
  assert.match((await result.getAttribute('href')) ?? '', /features\/#explicit-anchor$/, 'then it opens the matching section');
  await page.screenshot({ path: path.join(tmpdir(), 'docsgen-search-complete.png') });
  await page.close();
});

/** Where the matching section's heading stands once the page has opened: it must be on screen, near the top. */
async function sectionOnScreen(page: Page, id: string): Promise<number> {
  await page.locator(`[id="${id}"]`).waitFor();
  await page.waitForFunction((anchor) => Math.abs(document.getElementById(anchor)!.getBoundingClientRect().top) < window.innerHeight / 2, id);
  return page.evaluate((anchor) => document.getElementById(anchor)!.getBoundingClientRect().top, id);
}

test('a result clicked before its excerpt arrives waits for it and opens the matching section', async () => {
  const { page, result, pageFiles } = await resultAwaitingExcerpt();
  await result.click();
  await page.waitForTimeout(300);
  assert.match(page.url(), /intro\/$/, 'nothing opens while the section is on its way');
  pageFiles.release();
  await page.waitForURL(/features\/#explicit-anchor$/);
  const top = await sectionOnScreen(page, 'explicit-anchor');
  assert.ok(top >= 0, `the section's heading is on screen (top ${top})`);
  assert.ok(await page.evaluate(() => window.scrollY) > 0, 'scrolled down to it, not left at the page top');
  await page.close();
});

test('a result clicked before its excerpt arrives opens its page when the excerpt never comes', async () => {
  const { page, result } = await resultAwaitingExcerpt();
  await result.click();
  await page.waitForURL(/features\/$/, { timeout: 5000 });
  assert.match(await page.locator('main h1').innerText(), /\S/);
  await page.close();
});

test('on the results page too, a title clicked before its excerpt arrives opens the matching section', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
  const pageFiles = await holdPageFiles(page);
  await page.goto(server.url + 'search/?q=' + encodeURIComponent('显式锚点'));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const title = page.locator('.search-page__title').first();
  await page.locator('.search-page__placeholder').first().waitFor();
  await title.tap();
  await page.waitForTimeout(200);
  assert.match(page.url(), /search\/\?q=/, 'still on the results page while the section is on its way');
  pageFiles.release();
  await page.waitForURL(/features\/#explicit-anchor$/);
  assert.ok((await sectionOnScreen(page, 'explicit-anchor')) >= 0);
  await page.close();
});

test('on a phone, a result tapped in the menu opens its section and the page stays there as the menu closes', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 700 }, hasTouch: true, isMobile: true });
  // The home page: on a doc page the menu opens on the doc sidebar, and the search box is on the main menu.
  await page.goto(server.url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.locator('.navbar__toggle').tap();
  await page.locator('.mobile-menu .search-box__input').tap();
  await page.keyboard.type('显式锚点');
  const result = page.locator('.mobile-menu .search-result').first();
  await result.locator('.search-result__excerpt').waitFor();
  await result.tap();
  await page.waitForURL(/features\/#explicit-anchor$/);
  await page.locator('.mobile-menu').waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  const top = await page.evaluate(() => document.getElementById('explicit-anchor')!.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 700 / 2, `the section's heading stays near the top (top ${top})`);
  await page.close();
});
