import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from '../../packages/core/src/build.js';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';

let site: BrowserSite;
/** The same site with the colour switch on (system preference respected) and a new announcement id. */
let variant: FixtureSite;
before(async () => {
  site = await startBrowserSite();
  variant = await copyFixture('basic');
  await variant.edit('site.config.ts', (text) =>
    text.replace('disableSwitch: true, respectPrefersColorScheme: false', 'disableSwitch: false, respectPrefersColorScheme: true').replace("id: 'release-1'", "id: 'release-2'"),
  );
  await build({ root: variant.root, write: true });
});
after(async () => {
  await site.close();
  await variant.remove();
});

test('light mode is forced before first paint, overwriting a stored dark', async () => {
  const context = await site.browser.newContext({ colorScheme: 'dark' });
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('theme', 'dark');
      sessionStorage.setItem('seeded', '1');
    }
    // Record the theme at the first paint-relevant moment: when <body> appears.
    new MutationObserver((_, observer) => {
      if (document.body) {
        (window as unknown as { __firstTheme: string | null }).__firstTheme = document.documentElement.getAttribute('data-theme');
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto(site.url('docs/intro/'));
  assert.equal(await page.evaluate(() => (window as unknown as { __firstTheme: string }).__firstTheme), 'light');
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'light');
  assert.equal(await page.locator('.color-mode-toggle').count(), 0);
  await context.close();
});

test('with the switch enabled the toggle cycles light → dark → system, and the dark theme applies', async () => {
  site.server.setRoot(variant.file('build'));
  try {
    const { page, context } = await site.open('docs/intro/', { context: { colorScheme: 'dark' } });
    const toggle = page.locator('.navbar .color-mode-toggle');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'system preference respected at first');
    assert.equal(await toggle.getAttribute('data-mode'), 'system');
    await toggle.click();
    assert.equal(await toggle.getAttribute('data-mode'), 'light');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await toggle.click();
    assert.equal(await toggle.getAttribute('data-mode'), 'dark');
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
    const darkBg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.notEqual(darkBg, lightBg);
    await page.reload();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the choice persists');
    await page.locator('.navbar .color-mode-toggle').click();
    assert.equal(await page.locator('.navbar .color-mode-toggle').getAttribute('data-mode'), 'system');
    await context.close();
  } finally {
    site.server.setRoot(site.site.file('build'));
  }
});

test('a dismissed announcement stays dismissed until its id changes', async () => {
  const { page, context } = await site.open('docs/intro/');
  const bar = page.locator('.announcement-bar');
  assert.match(await bar.innerText(), /新版本已发布/);
  await bar.getByRole('button', { name: '关闭公告' }).click();
  assert.equal(await bar.count(), 0);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  assert.equal(await page.locator('.announcement-bar').isVisible(), false);
  site.server.setRoot(variant.file('build'));
  try {
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.ok(await page.locator('.announcement-bar').isVisible(), 'a new id shows the bar again');
  } finally {
    site.server.setRoot(site.site.file('build'));
  }
  await context.close();
});

test('when storage throws, one console warning is logged and everything still works', async () => {
  const context = await site.browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
  });
  const page = await context.newPage();
  const warnings: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.url('docs/intro/'));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.locator('.announcement-bar button').click();
  await page.locator('.doc-sidebar a', { hasText: '使用指南' }).click();
  await page.waitForURL(/guide\/$/);
  assert.deepEqual(errors, []);
  assert.equal(warnings.filter((text) => text.includes('localStorage is unavailable')).length, 1, warnings.join('\n'));
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  await context.close();
});

test('the preferred docs version is remembered', async () => {
  const { page, context } = await site.open('docs/intro/');
  assert.equal(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')), 'current');
  await context.close();
});

test('keyboard-navigation styling appears after Tab and goes with the mouse', async () => {
  const { page, context } = await site.open('docs/intro/');
  const hasClass = () => page.evaluate(() => document.documentElement.classList.contains('navigation-with-keyboard'));
  assert.equal(await hasClass(), false);
  await page.keyboard.press('Tab');
  assert.equal(await hasClass(), true);
  await page.mouse.click(600, 400);
  assert.equal(await hasClass(), false);
  await context.close();
});
