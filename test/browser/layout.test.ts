import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';

let site: BrowserSite;
before(async () => {
  site = await startBrowserSite();
});
after(() => site.close());

test('the skip link is the first focusable element and jumps to the content', async () => {
  const { page, context } = await site.open('docs/guide/features/');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'skip-to-content');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), '#__main');
  assert.ok(await page.locator('#__main').count());
  await context.close();
});

test('navbar: brand, section links, language menu, search, external links in a new tab; no colour toggle while disabled', async () => {
  const { page, context } = await site.open('docs/intro/');
  const brand = page.locator('.navbar__brand').first();
  assert.equal(await brand.getAttribute('href'), '/docscenter/');
  assert.equal(await brand.locator('img').getAttribute('alt'), '标志');
  assert.deepEqual(await page.locator('.navbar__inner > .navbar__items:not(.navbar__items--right) a').allTextContents(), ['介绍', '指南']);
  // Below 1536 px the external links wait in "更多".
  await page.getByRole('button', { name: '更多' }).click();
  const external = page.locator('.navbar__more a[target="_blank"]');
  assert.equal(await external.textContent(), '官网（在新标签页打开）');
  assert.ok(await external.isVisible());
  assert.equal(await external.getAttribute('rel'), 'noopener noreferrer');
  assert.equal(await external.locator('svg.icon-external').count(), 1);
  assert.equal(await page.locator('.color-mode-toggle').count(), 0);
  await page.getByRole('button', { name: '简体中文' }).click();
  assert.deepEqual(await page.locator('#locale-menu a').allTextContents(), ['简体中文']);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#locale-menu').isHidden(), true);
  assert.equal(await external.isVisible(), false, 'opening the language menu closed "更多"');
  assert.equal(await page.locator('.navbar').getByRole('combobox', { name: '搜索文档' }).count(), 1);
  await context.close();
});

test('footer: link columns, copyright and filing number', async () => {
  const { page, context } = await site.open('docs/intro/');
  const footer = page.locator('footer');
  assert.match(await footer.innerText(), /Copyright © 2025 测试/);
  assert.match(await footer.innerText(), /沪ICP备00000000号-1/);
  assert.equal(await footer.locator('a[href="/docscenter/docs/guide/features/"]').count(), 1);
  await context.close();
});

test('sidebar: active page marked, its folder expanded, folders collapse with a height-derived duration', async () => {
  const { page, context } = await site.open('docs/guide/features/');
  const active = page.locator('.doc-sidebar a[aria-current="page"]');
  assert.equal(await active.textContent(), '功能演示');
  const caret = page.locator('.doc-sidebar .menu__caret').first();
  assert.equal(await caret.getAttribute('aria-expanded'), 'true');
  const list = page.locator('.doc-sidebar .menu__list .menu__list').first();
  const height = await list.evaluate((el) => el.scrollHeight);
  await caret.click();
  const expected = Math.round((4 + 15 * (height / 36) ** 0.25 + height / 36 / 5) * 10);
  assert.equal(await list.getAttribute('data-collapse-duration'), String(expected));
  await page.waitForFunction(() => document.querySelector('.doc-sidebar .menu__list .menu__list')?.hasAttribute('hidden'));
  assert.equal(await caret.getAttribute('aria-expanded'), 'false');
  await caret.click();
  await page.waitForFunction(() => !document.querySelector('.doc-sidebar .menu__list .menu__list')?.hasAttribute('hidden'));
  await context.close();
});

test('folder collapse takes 1 ms when reduced motion is preferred', async () => {
  const { page, context } = await site.open('docs/guide/features/', { context: { reducedMotion: 'reduce' } });
  await page.locator('.doc-sidebar .menu__caret').first().click();
  assert.equal(await page.locator('.doc-sidebar .menu__list .menu__list').first().getAttribute('data-collapse-duration'), '1');
  await context.close();
});

test('the sidebar collapses to a thin rail and comes back, but never disappears', async () => {
  const { page, context } = await site.open('docs/intro/');
  await page.getByRole('button', { name: '收起侧边栏' }).click();
  const rail = page.locator('.doc-sidebar--rail');
  assert.ok(await rail.isVisible());
  assert.ok(((await rail.boundingBox())?.width ?? 0) < 60);
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  assert.ok(await page.locator('.doc-sidebar .menu').isVisible());
  await context.close();
});

test('breadcrumbs, title, table of contents and previous/next', async () => {
  const { page, context } = await site.open('docs/guide/features/');
  assert.deepEqual(await page.locator('.breadcrumbs li').allInnerTexts(), ['', '使用指南', '功能演示']);
  assert.equal(await page.locator('h1.doc-title').textContent(), '功能演示');
  assert.deepEqual(await page.locator('.toc a').allTextContents(), ['设备绑定流程', '显式锚点', '设备绑定流程']);
  assert.equal(await page.locator('.pagination-nav__link--prev .pagination-nav__label').textContent(), '使用指南');
  assert.equal(await page.locator('.pagination-nav__link--next .pagination-nav__label').textContent(), '长页面');
  await context.close();
});

test('the heading in view is highlighted in the table of contents as you scroll', async () => {
  const { page, context } = await site.open('docs/guide/long/');
  assert.equal(await page.locator('.toc .toc-link--active').textContent(), '第 1 节');
  await page.locator('#第-4-节').scrollIntoViewIfNeeded();
  await page.evaluate(() => document.getElementById('第-4-节')!.scrollIntoView());
  await page.waitForFunction(() => document.querySelector('.toc .toc-link--active')?.textContent === '第 4 节');
  await context.close();
});

test('back-to-top appears after scrolling and returns to the top', async () => {
  const { page, context } = await site.open('docs/guide/long/');
  const button = page.getByRole('button', { name: '回到顶部', includeHidden: true });
  assert.equal(await button.evaluate((el) => el.classList.contains('back-to-top--visible')), false);
  await page.mouse.wheel(0, 2000);
  await page.waitForFunction(() => document.querySelector('.back-to-top')?.classList.contains('back-to-top--visible'));
  await button.click();
  await page.waitForFunction(() => window.scrollY === 0);
  await context.close();
});

test('code blocks copy their code and show the copied state', async () => {
  const { page, context } = await site.open('docs/guide/features/', { context: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const block = page.locator('.code-block').first();
  await block.hover();
  await block.locator('.copy-button').click();
  // The label changes once the clipboard write has finished, a moment after the click.
  await block.locator('.copy-button.copied').waitFor({ timeout: 5000 });
  assert.equal(await block.locator('.copy-button').textContent(), '已复制');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'fun main() {\n    println("你好")\n}');
  await context.close();
});

test('admonitions are styled by type', async () => {
  const { page, context } = await site.open('docs/guide/features/');
  const tip = await page.locator('.admonition-tip').evaluate((el) => getComputedStyle(el).borderLeftColor);
  const danger = await page.locator('.admonition-danger').evaluate((el) => getComputedStyle(el).borderLeftColor);
  assert.notEqual(tip, danger);
  await context.close();
});

test('wide tables scroll horizontally on a phone instead of widening the page', async () => {
  const { page, context } = await site.open('docs/guide/long/', { width: 390 });
  const table = page.locator('.markdown table');
  assert.ok(await table.evaluate((el) => el.scrollWidth > el.clientWidth));
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await context.close();
});

test('the table of contents is a collapsible block above the content on narrow screens', async () => {
  const { page, context } = await site.open('docs/guide/features/', { width: 390 });
  assert.equal(await page.locator('.toc').isVisible(), false);
  const button = page.getByRole('button', { name: '本页目录' });
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  await button.click();
  await page.locator('.toc-mobile a', { hasText: '显式锚点' }).click();
  await page.waitForFunction(() => location.hash === '#explicit-anchor');
  await context.close();
});

test('unlisted pages show their banner', async () => {
  const { page, context } = await site.open('docs/guide/hidden/');
  assert.match(await page.locator('.doc-banner').innerText(), /未列出页面/);
  await context.close();
});

test('the not-found page answers unknown paths on a plain static host', async () => {
  const { page, context } = await site.open('docs/nope/');
  assert.match(await page.locator('main').innerText(), /找不到页面[\s\S]*你要找的页面不存在/);
  await context.close();
});

test('a path ending in .html or /index.html with no page is trimmed to the bare path', async () => {
  const { page, context } = await site.open('docs/intro.html');
  assert.equal(new URL(page.url()).pathname, '/docscenter/docs/intro/');
  await page.goto(site.url('docs/guide/long/index.html?x=1#第-2-节'));
  await page.waitForURL((url) => url.pathname === '/docscenter/docs/guide/long/' && url.search === '?x=1');
  await page.goto(site.url('docs/guide.html'));
  await page.waitForURL(/\/docs\/guide\/$/);
  await context.close();
});
