import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { build as esbuild } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import type { PageData } from '@docsgen/shared';
import { build, createBuildCache } from '../../packages/core/src/build.js';
import { launchBrowser } from '../helpers/browser.js';
import { copyFixture, repoRoot, type FixtureSite } from '../helpers/fixtures.js';

// Client navigation has no page data files: it reads the next page's data from the page's own HTML with the client's
// pageFromHtml (theme/client/page-document.ts), run here in Chromium on every page the build wrote, against the data
// the build rendered each page from.

let site: FixtureSite;
let browser: Browser;
let page: Page;
/** The data of every page the build rendered, by output file. */
let rendered: Map<string, PageData>;

before(async () => {
  site = await copyFixture('basic');
  // A category whose link is a generated index: a page of cards with no source file of its own.
  await site.write('content/docs/sdk/_category_.json', JSON.stringify({ label: '设备 SDK', position: 3, link: { type: 'generated-index', description: '各平台的设备 SDK。' } }));
  await site.write('content/docs/sdk/android.md', '---\ntitle: Android SDK\ndescription: 在 Android 设备上接入。\n---\n\n## 安装\n\n先安装 **SDK**，再初始化：`init()`。\n\n| 参数 | 说明 |\n|---|---|\n| appId | 应用 ID |\n');
  await site.write('content/docs/sdk/ios.md', '---\ntitle: iOS SDK\n---\n\n## 安装\n\n用 CocoaPods 安装。\n');
  const cache = createBuildCache();
  await build({ root: site.root, write: true, cache });
  rendered = new Map([...cache.rendered.values()].map(({ page: { file, data } }) => [file, JSON.parse(JSON.stringify(data)) as PageData]));
  const client = await esbuild({ entryPoints: [`${repoRoot}/theme/client/page-document.ts`], bundle: true, write: false, format: 'iife', globalName: 'pageDocument', logLevel: 'silent' });
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.addScriptTag({ content: client.outputFiles[0].text });
});
after(async () => {
  await browser?.close();
  await site.remove();
});

/** What the client reads from a page's HTML, and the build's body as the browser's DOM holds it (the client sets it as innerHTML). */
async function readInBrowser(file: string): Promise<{ read: { page: PageData; title: string } | undefined; body: string }> {
  const html = await readFile(site.file(`build/${file}`), 'utf8');
  return page.evaluate(
    ({ html, body }) => {
      const { pageFromHtml } = (window as unknown as { pageDocument: typeof import('../../theme/client/page-document.js') }).pageDocument;
      const element = document.createElement('div');
      element.innerHTML = body;
      return { read: pageFromHtml(html), body: element.innerHTML };
    },
    { html, body: rendered.get(file)!.html },
  );
}

test('every page\'s HTML holds the data it was rendered from: title, toc, breadcrumbs, previous/next and body', async () => {
  const kinds = new Set<string>();
  for (const [file, data] of rendered) {
    if (data.kind === 'notFound') continue;
    const { read, body } = await readInBrowser(file);
    assert.ok(read, `${file}: read as a page`);
    // The search page's body is the theme's SearchPage, whatever its module renders: what its HTML holds there is that.
    const themeDrawn = data.route === '/docscenter/search/';
    assert.deepEqual({ ...read.page, html: themeDrawn ? '' : read.page.html }, { ...data, html: themeDrawn ? '' : body }, file);
    assert.equal(read.title, data.title === '测试站点' ? '测试站点' : `${data.title} | 测试站点`, `${file}: the document's title`);
    kinds.add(data.kind === 'doc' ? (data.cardDescriptions ? 'generated index' : 'doc') : data.route.endsWith('/search/') ? 'search page' : 'React page');
  }
  assert.deepEqual([...kinds].sort(), ['React page', 'doc', 'generated index', 'search page']);
});

test('the pages the test names carry what a reader sees after navigating to them', async () => {
  const doc = (await readInBrowser('docs/sdk/android/index.html')).read!.page;
  assert.equal(doc.title, 'Android SDK');
  assert.deepEqual(doc.toc.map((item) => item.text), ['安装']);
  assert.deepEqual(doc.breadcrumbs.map((crumb) => crumb.label), ['设备 SDK', 'Android SDK']);
  assert.equal(doc.previous?.label, '设备 SDK');
  assert.equal(doc.next?.label, 'iOS SDK');
  assert.match(doc.html, /<h2 id="安装"[^>]*>/);
  assert.match(doc.html, /<td>appId<\/td>/);
  const index = (await readInBrowser('docs/category/设备-sdk/index.html')).read!.page;
  assert.equal(index.title, '设备 SDK');
  // The body is the description; the theme draws the cards after it from the sidebar and these descriptions.
  assert.equal(index.html, '<p>各平台的设备 SDK。</p>');
  assert.deepEqual(Object.values(index.cardDescriptions ?? {}), ['在 Android 设备上接入。', '用 CocoaPods 安装。']);
  const home = (await readInBrowser('index.html')).read!.page;
  assert.equal(home.kind, 'page');
  assert.match(home.html, /<h1>测试站点<\/h1>/);
});

test('what is not a page to show on the client reads as such: the not-found page says so, a redirect page and other HTML are no page', async () => {
  assert.equal((await readInBrowser('404.html')).read?.page.kind, 'notFound');
  const redirect = await readFile(site.file('build/docs/old-intro/index.html'), 'utf8');
  const others = await page.evaluate(
    (documents) => documents.map((html) => (window as unknown as { pageDocument: typeof import('../../theme/client/page-document.js') }).pageDocument.pageFromHtml(html) ?? null),
    [redirect, '<!DOCTYPE html><title>502 Bad Gateway</title><h1>502</h1>', '<div id="__docsgen"></div><script id="__docsgen_page" type="application/json">{"kind":</script>', '{"kind":"doc"}'],
  );
  assert.deepEqual(others, [null, null, null, null]);
});
