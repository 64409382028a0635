import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from '../../packages/core/src/build.js';
import { launchBrowser } from '../helpers/browser.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';
import { startStaticServer, type StaticServer } from '../helpers/static-server.js';

/** MDX <Tabs> of the Docusaurus fixture, served under its base URL /base/ by a plain static host. */
let site: FixtureSite;
let server: StaticServer;
let browser: Browser;
const SETUP = 'docs/guides/setup/';

before(async () => {
  site = await copyFixture('docusaurus-site');
  await build({ root: site.root, write: true });
  server = await startStaticServer(site.file('build'), '/base/');
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
  await server.close();
  await site.remove();
});

async function open(path: string, options: Parameters<Browser['newContext']>[0] = {}, context?: BrowserContext): Promise<{ page: Page; context: BrowserContext }> {
  const ctx = context ?? (await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options }));
  const page = await ctx.newPage();
  await page.goto(server.url + path);
  if (options.javaScriptEnabled !== false) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return { page, context: ctx };
}

/** What a reader sees of each tab group: the selected tab's label and the text of the panel on screen. */
function shown(page: Page): Promise<{ selected: string; panel: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-tabs]')].map((group) => {
      const panel = [...group.querySelectorAll<HTMLElement>(':scope > [role=tabpanel]')].find((p) => p.getBoundingClientRect().height > 0);
      return { selected: group.querySelector('[role=tab][aria-selected=true]')?.textContent ?? '', panel: panel?.innerText.trim() ?? '' };
    }),
  );
}

test('without JavaScript the default tab is the one shown, the others hidden', async () => {
  const { page, context } = await open(SETUP, { javaScriptEnabled: false });
  assert.deepEqual(await shown(page), [
    { selected: 'pnpm 安装', panel: 'pnpm 面板正文。' },
    { selected: 'npm', panel: '第二组 npm' },
  ]);
  await context.close();
});

test('a click switches every group with the same groupId, writes the query string, and is remembered on the next visit', async () => {
  const { page, context } = await open(SETUP);
  await page.getByRole('tab', { name: 'npm 安装', exact: true }).click();
  assert.deepEqual(await shown(page), [
    { selected: 'npm 安装', panel: 'npm install example\n复制' },
    { selected: 'npm', panel: '第二组 npm' },
  ]);
  await page.getByRole('tab', { name: 'pnpm', exact: true }).click();
  assert.deepEqual((await shown(page)).map((group) => group.selected), ['pnpm 安装', 'pnpm'], 'the second group drives the first too');
  assert.equal(new URL(page.url()).searchParams.get('package-manager'), 'pnpm');
  await page.getByRole('tab', { name: 'npm 安装', exact: true }).click();
  const again = await context.newPage();
  await again.goto(server.url + SETUP);
  await again.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  assert.deepEqual((await shown(again)).map((group) => group.selected), ['npm 安装', 'npm'], 'the choice is remembered across visits');
  await context.close();
});

test('the query string chooses the tab on arrival', async () => {
  const { page, context } = await open(SETUP + '?package-manager=npm');
  assert.deepEqual((await shown(page)).map((group) => group.selected), ['npm 安装', 'npm']);
  await context.close();
});

test('the tablist works from the keyboard: arrows, Home and End move the selection and the focus', async () => {
  const { page, context } = await open(SETUP);
  const first = page.getByRole('tablist').first();
  await first.getByRole('tab', { name: 'pnpm 安装', exact: true }).focus();
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'npm 安装');
  assert.equal((await shown(page))[0].selected, 'npm 安装');
  await page.keyboard.press('End');
  assert.equal((await shown(page))[0].selected, 'pnpm 安装');
  await page.keyboard.press('ArrowRight');
  assert.equal((await shown(page))[0].selected, 'npm 安装', 'the arrows wrap around');
  assert.equal(await first.getByRole('tab', { name: 'npm 安装', exact: true }).getAttribute('tabindex'), '0', 'only the selected tab is in the tab order');
  assert.equal(await first.getByRole('tab', { name: 'pnpm 安装', exact: true }).getAttribute('tabindex'), '-1');
  await context.close();
});

test('on a phone a tap on a tab shows its panel, and the tab is what the finger hits', async () => {
  const { page, context } = await open(SETUP, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const tab = page.getByRole('tab', { name: 'npm 安装', exact: true });
  await tab.scrollIntoViewIfNeeded();
  const box = (await tab.boundingBox())!;
  assert.ok(box.height >= 40 && box.width >= 44, `a touch target of ${box.width}×${box.height}`);
  assert.equal(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, { x: box.x + box.width / 2, y: box.y + box.height / 2 }), 'npm 安装');
  await tab.tap();
  assert.equal((await shown(page))[0].panel, 'npm install example\n复制');
  await context.close();
});

test('after client navigation to the page, the remembered tab is shown', async () => {
  const { page, context } = await open('docs/intro/');
  await page.evaluate(() => localStorage.setItem('docusaurus.tab.package-manager', 'npm'));
  await page.locator('.doc-sidebar').getByRole('link', { name: '指南' }).click();
  await page.waitForURL(/category/);
  await page.locator('.doc-sidebar').getByRole('link', { name: '设置' }).click();
  await page.waitForURL(/guides\/setup/);
  await page.waitForFunction(() => document.querySelector('[role=tab][aria-selected=true]')?.textContent === 'npm 安装');
  assert.deepEqual((await shown(page)).map((group) => group.selected), ['npm 安装', 'npm']);
  await context.close();
});
