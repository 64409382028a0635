import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';
import { mark, marked, settledScrollY } from '../helpers/client-navigation.js';

// Client navigation reads the next page from its own HTML (there are no page data files): what a reader gets from it
// at a phone's width by touch and at tablet and desktop widths by mouse.

let site: BrowserSite;
before(async () => {
  site = await startBrowserSite({
    prepare: async (fixture) => {
      await fixture.write('content/docs/guide/links.md', '---\ntitle: 链接集\nsidebar_position: 8\n---\n\n本页的链接都在正文里：\n\n- [长页面](./long.md)\n- [旧的介绍](/docs/old-intro/)\n- [已下线的页面](./gone.md)\n\n## 去处\n\n正文。\n');
      await fixture.write('content/docs/guide/gone.md', '---\ntitle: 已下线\nsidebar_position: 9\n---\n\n这一页在托管处已经删掉。\n');
    },
  });
  // Built, then deleted from the host: a link the build checked that now leads nowhere.
  await rm(site.site.file('build/docs/guide/gone'), { recursive: true });
});
after(() => site.close());

const WIDTHS = [
  { width: 390, touch: true },
  { width: 1024, touch: false },
  { width: 1280, touch: false },
];

for (const { width, touch } of WIDTHS) {
  const open = (path: string, options: { noPrefetch?: boolean } = {}) => site.open(path, { width, ...options, context: { viewport: { width, height: 800 }, hasTouch: touch, isMobile: touch } });
  const press = (target: Locator) => (touch ? target.tap() : target.click());
  /** The doc sidebar's link: in the phone menu at 390 px, beside the article otherwise. */
  const sidebarLink = async (page: Page, label: string) => {
    if (!touch) return page.locator('.doc-sidebar a', { hasText: label });
    await press(page.getByRole('button', { name: '打开导航菜单' }));
    return page.getByRole('dialog', { name: '导航菜单' }).locator('a', { hasText: label });
  };
  const activeSidebarItem = async (page: Page) => {
    if (!touch) return page.locator('.doc-sidebar a[aria-current="page"]').textContent();
    await press(page.getByRole('button', { name: '打开导航菜单' }));
    return page.getByRole('dialog', { name: '导航菜单' }).locator('a[aria-current="page"]').textContent();
  };
  const tocEntries = async (page: Page) => [...new Set(await page.locator('.toc__list a').allTextContents())];

  test(`${width} px: a sidebar link swaps in the new page on the client: title, body, table of contents, active sidebar item`, async () => {
    const { page, context } = await open('docs/guide/links/');
    await mark(page);
    await press(await sidebarLink(page, '功能演示'));
    await page.locator('h1.doc-title', { hasText: '功能演示' }).waitFor();
    assert.ok(await marked(page), 'no full page load');
    assert.equal(new URL(page.url()).pathname, '/docscenter/docs/guide/features/');
    assert.equal(await page.title(), '功能演示 | 测试站点');
    assert.match(await page.locator('.markdown').innerText(), /请先登录[\s\S]*deviceId[\s\S]*提示内容/);
    assert.deepEqual(await tocEntries(page), ['设备绑定流程', '显式锚点']);
    assert.equal(await page.locator('.breadcrumbs').innerText().then((text) => text.replace(/\s+/g, ' ').trim()), '使用指南 功能演示');
    assert.equal(await activeSidebarItem(page), '功能演示');
    await context.close();
  });

  test(`${width} px: an in-article link swaps in the new page on the client`, async () => {
    const { page, context } = await open('docs/guide/links/');
    await mark(page);
    await press(page.locator('.markdown a', { hasText: '长页面' }));
    await page.locator('h1.doc-title', { hasText: '长页面' }).waitFor();
    assert.ok(await marked(page), 'no full page load');
    assert.equal(new URL(page.url()).pathname, '/docscenter/docs/guide/long/');
    assert.equal(await page.title(), '长页面 | 测试站点');
    assert.match(await page.locator('.markdown').innerText(), /第 5 节/);
    assert.deepEqual((await tocEntries(page)).slice(0, 2), ['第 1 节', '第 1 节的小节']);
    assert.equal(await activeSidebarItem(page), '长页面');
    await context.close();
  });

  test(`${width} px: back and forward after a client navigation restore each page's scroll position`, async () => {
    const { page, context } = await open('docs/guide/long/');
    await mark(page);
    await page.mouse.move(width / 2, 400);
    await page.mouse.wheel(0, 100_000);
    await page.waitForFunction(() => window.scrollY > 1000);
    const longY = await settledScrollY(page);
    // At the bottom of the page, the link to the next or previous page is in view: pressed where it is.
    await press(page.locator('.pagination-nav__link').first());
    await page.waitForFunction(() => document.querySelector('h1.doc-title')?.textContent !== '长页面');
    const other = await page.locator('h1.doc-title').textContent();
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => window.scrollY > 100);
    const otherY = await settledScrollY(page);
    await page.goBack();
    await page.locator('h1.doc-title', { hasText: '长页面' }).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, longY);
    await page.goForward();
    await page.locator('h1.doc-title', { hasText: other! }).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, otherY);
    assert.ok(await marked(page), 'all of it on the client');
    await context.close();
  });

  test(`${width} px: a link to a redirect route and a link to a page the host no longer has end in a full load of the right page`, async () => {
    const { page, context } = await open('docs/guide/links/');
    await mark(page);
    await press(page.locator('.markdown a', { hasText: '旧的介绍' }));
    await page.waitForURL(/\/docscenter\/docs\/intro\/$/);
    await page.locator('h1.doc-title', { hasText: '介绍' }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.equal(await marked(page), false, 'the redirect page was loaded for real');

    await page.goto(site.url('docs/guide/links/'));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await mark(page);
    const notFound = page.waitForResponse((response) => response.url().endsWith('/docs/guide/gone/') && response.request().resourceType() === 'document');
    await press(page.locator('.markdown a', { hasText: '已下线的页面' }));
    assert.equal((await notFound).status(), 404);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.equal(new URL(page.url()).pathname, '/docscenter/docs/guide/gone/');
    assert.match(await page.locator('main').innerText(), /找不到页面/);
    assert.equal(await marked(page), false, 'the not-found page was loaded for real');
    await context.close();
  });

  test(`${width} px: a network failure shows the error box, and its Retry loads the page on the client`, async () => {
    const { page, context } = await open('docs/guide/links/', { noPrefetch: true });
    await mark(page);
    const longPage = '**/docscenter/docs/guide/long/';
    await page.route(longPage, (route) => (route.request().resourceType() === 'fetch' ? route.abort('internetdisconnected') : route.continue()));
    await press(page.locator('.markdown a', { hasText: '长页面' }));
    const box = page.locator('.load-error');
    await box.waitFor();
    assert.match(await box.innerText(), /页面加载失败/);
    await page.unroute(longPage);
    await press(box.getByRole('button', { name: '重试' }));
    await page.locator('h1.doc-title', { hasText: '长页面' }).waitFor();
    assert.equal(await page.locator('.load-error').count(), 0);
    assert.ok(await marked(page), 'no full page load');
    await context.close();
  });
}
