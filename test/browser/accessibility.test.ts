import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations } from '../helpers/axe.js';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';

/** The home page, the 404 page and one page of each section of the documentation centre. */
const PAGES = ['', 'docs/not-a-page/', 'docs/overview/intro/', 'docs/manual/product/basic/create/', 'docs/device/deviceSdk/iotsdk/', 'docs/app/android/media/', 'docs/pc/win-pcsk/demo/', 'docs/web/websdk/media/', 'docs/api/signature/', 'docs/reference/devicebind/', 'docs/faq/account/'];

let site: BrowserSite;
before(async () => {
  site = await startBrowserSite({ documentationCentre: true });
});
after(() => site.close());

for (const width of [1280, 390]) {
  test(`no WCAG 2.1 AA violations at ${width} px${width < 996 ? ', with the mobile menu closed and open' : ''}`, async () => {
    const problems: string[] = [];
    const { page, context } = await site.open('', { width });
    for (const path of PAGES) {
      await page.goto(site.url(path));
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      problems.push(...(await axeViolations(page)).map((v) => `${width}px /${path}: ${v}`));
      if (width < 996) {
        await page.getByRole('button', { name: '打开导航菜单' }).click();
        await page.getByRole('dialog').waitFor();
        problems.push(...(await axeViolations(page)).map((v) => `${width}px /${path} (menu open): ${v}`));
      }
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const width of [1280, 390]) {
  test(`no WCAG 2.1 AA violations with the search results open at ${width} px, and on the results page`, async () => {
    const { page, context } = await site.open('docs/overview/intro/', { width });
    const input = page.locator('.navbar .search-box__input');
    await input.click();
    await input.fill('固件升级');
    await page.waitForSelector('.navbar .search-result');
    const problems = await axeViolations(page);
    await page.goto(site.url('search/?q=' + encodeURIComponent('签名算法')));
    await page.waitForSelector('.search-page__result');
    problems.push(...(await axeViolations(page)));
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('every interactive control of a doc page can be reached with Tab', async () => {
  const { page, context } = await site.open('docs/api/signature/');
  const reachable = new Set<string>();
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      el.dataset.tabbed = '1';
      return el.outerHTML.slice(0, 80);
    });
    if (id) reachable.add(id);
  }
  const unreached = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('header a[href], nav a[href], main a[href], button, input, [tabindex="0"]')]
      .filter((el) => el.offsetParent !== null && !el.closest('[hidden]') && !el.dataset.tabbed && el.getAttribute('tabindex') !== '-1')
      .map((el) => el.outerHTML.slice(0, 100)),
  );
  assert.ok(reachable.size > 20);
  assert.deepEqual(unreached.slice(0, 10), []);
  await context.close();
});
