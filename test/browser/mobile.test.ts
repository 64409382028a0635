import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';

let site: BrowserSite;
before(async () => {
  site = await startBrowserSite();
});
after(() => site.close());

test('under 996 px the navbar collapses into a menu button; the menu opens on the doc sidebar with a way back to the main menu', async () => {
  const { page, context } = await site.open('docs/guide/features/', { width: 390 });
  assert.equal(await page.locator('.navbar__inner > .navbar__items:not(.navbar__items--right)').isVisible(), false);
  assert.equal(await page.locator('.doc-sidebar').isVisible(), false);
  await page.getByRole('button', { name: '打开导航菜单' }).click();
  const menu = page.getByRole('dialog', { name: '导航菜单' });
  assert.equal(await menu.locator('a[aria-current="page"]').textContent(), '功能演示');
  await menu.getByRole('button', { name: '← 返回主菜单' }).click();
  assert.deepEqual(await menu.locator('.menu__list a').allTextContents(), ['介绍', '指南', '官网（在新标签页打开）']);
  await menu.getByRole('button', { name: '文档目录 →' }).click();
  assert.equal(await menu.locator('a[aria-current="page"]').count(), 1);
  await context.close();
});

test('the mobile menu closes on navigation', async () => {
  const { page, context } = await site.open('docs/guide/features/', { width: 390 });
  await page.getByRole('button', { name: '打开导航菜单' }).click();
  await page.getByRole('dialog').locator('a', { hasText: '长页面' }).click();
  await page.waitForURL(/long\/$/);
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await context.close();
});

test('the mobile menu closes on the browser back button', async () => {
  const { page, context } = await site.open('docs/intro/', { width: 390 });
  await page.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>('.markdown a')].find((a) => a.textContent === '指南')!.click());
  await page.waitForURL(/guide\/$/);
  await page.getByRole('button', { name: '打开导航菜单' }).click();
  await page.getByRole('dialog').waitFor();
  await page.goBack();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await context.close();
});

test('the mobile menu closes when the window grows past 996 px', async () => {
  const { page, context } = await site.open('docs/intro/', { width: 390 });
  await page.getByRole('button', { name: '打开导航菜单' }).click();
  await page.getByRole('dialog').waitFor();
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await context.close();
});

test('focus is trapped in the open menu and Escape closes it, returning focus to the button', async () => {
  const { page, context } = await site.open('docs/intro/', { width: 390 });
  const toggle = page.getByRole('button', { name: '打开导航菜单' });
  await toggle.click();
  const dialog = page.getByRole('dialog');
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await dialog.evaluate((el) => el.contains(document.activeElement)), `focus left the menu after ${i + 1} tabs`);
  }
  await page.keyboard.press('Shift+Tab');
  assert.ok(await dialog.evaluate((el) => el.contains(document.activeElement)));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), '打开导航菜单');
  await context.close();
});

test('the navbar hides when scrolling down and shows when scrolling up', async () => {
  const { page, context } = await site.open('docs/guide/long/');
  const navbar = page.locator('nav.navbar');
  await page.mouse.wheel(0, 800);
  await page.waitForFunction(() => document.querySelector('nav.navbar')?.classList.contains('navbar--hidden'));
  await page.waitForFunction(() => (document.querySelector('nav.navbar')!.getBoundingClientRect().bottom) <= 0);
  await page.mouse.wheel(0, -200);
  await page.waitForFunction(() => !document.querySelector('nav.navbar')?.classList.contains('navbar--hidden'));
  assert.ok(await navbar.isVisible());
  await context.close();
});
