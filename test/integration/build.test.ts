import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildResult } from '../../packages/core/src/build.js';
import type { SearchPageTitles } from '../../packages/shared/src/search-index.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';

let site: FixtureSite;
let result: BuildResult;
const out = () => site.file('build');
const html = (file: string) => readFile(path.join(out(), file), 'utf8');

before(async () => {
  site = await copyFixture('basic');
  result = await build({ root: site.root, write: true });
});
after(() => site.remove());

/** Every file the build wrote, relative to the output folder. */
async function written(): Promise<string[]> {
  const entries = await readdir(out(), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(out(), path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/'));
}

test('every route is a folder with index.html under the output root, which is /docscenter/', async () => {
  const files = await written();
  for (const file of ['index.html', 'docs/intro/index.html', 'docs/guide/index.html', 'docs/guide/features/index.html', 'docs/guide/hidden/index.html', '404.html', 'sitemap.xml', 'robots.txt', 'docs/old-intro/index.html']) {
    assert.ok(files.includes(file), `missing ${file}`);
  }
  assert.ok(files.includes('assets/docs/guide/diagram.svg'), 'images are copied');
  assert.ok(files.includes('img/logo.svg'), 'static files are copied');
  assert.deepEqual((await readdir(out())).sort(), ['.docsgen-output', '404.html', '__data', 'assets', 'docs', 'img', 'index.html', 'llms-full.txt', 'llms.txt', 'robots.txt', 'search', 'sitemap.xml']);
});

test('the search index names each page\'s section by its sidebar category label', async () => {
  const files = (await written()).filter((name) => /^assets\/search\/(meta|titles|t|p)\.[0-9a-f]{12}\.json$/.test(name));
  assert.ok(files.some((name) => name.startsWith('assets/search/meta.')), 'the search index is written');
  const titles = files.find((name) => name.startsWith('assets/search/titles.'));
  const { labels, pages } = JSON.parse(await readFile(path.join(out(), titles!), 'utf8')) as SearchPageTitles;
  const features = pages.find(([route]) => route === '/docscenter/docs/guide/features/');
  assert.equal(features && labels[features[2]], '使用指南', 'the label of guide/_category_.json, not the title of guide/index.md (指南)');
});

test('drafts are left out of build', async () => {
  const files = await written();
  assert.ok(files.includes('docs/guide/features/index.html'));
  assert.ok(!files.some((file) => file.includes('draft')));
});

test('a build that writes reports what it wrote and keeps no page HTML in memory', async () => {
  const files = await written();
  assert.equal(result.stats.files, files.filter((file) => file !== '.docsgen-output').length, 'every file but the ownership marker');
  assert.deepEqual(result.files, []);
  assert.ok(result.pages.some((page) => page.route === '/docscenter/docs/guide/features/' && page.hrefs.length > 0));
});

test('a doc page has the title, meta description, canonical URL, Open Graph and lang', async () => {
  const page = await html('docs/guide/features/index.html');
  assert.match(page, /<html lang="zh-Hans"/);
  assert.match(page, /<title>功能演示 \| 测试站点<\/title>/);
  assert.match(page, /<meta name="description" content="每一种 Markdown 功能。" \/>/);
  assert.match(page, /<link rel="canonical" href="https:\/\/docs.example.com\/docscenter\/docs\/guide\/features\/" \/>/);
  assert.match(page, /<meta property="og:title" content="功能演示 \| 测试站点" \/>/);
  assert.match(page, /<strong>注意：<\/strong>请先登录/);
  assert.match(page, /aria-current="page"[^>]*>功能演示<|功能演示<\/a>/);
});

test('the sidebar marks the active page and holds neither drafts nor unlisted pages', async () => {
  const page = await html('docs/guide/features/index.html');
  assert.match(page, /<a class="menu__link menu__link--active" href="\/docscenter\/docs\/guide\/features\/" aria-current="page">功能演示<\/a>/);
  const sidebar = page.slice(page.indexOf('class="doc-sidebar"'), page.indexOf('</aside>'));
  assert.doesNotMatch(sidebar, /未列出的页面|草稿页/);
});

test('unlisted pages are built with a banner and noindex, and left out of the sitemap', async () => {
  const page = await html('docs/guide/hidden/index.html');
  assert.match(page, /<meta name="robots" content="noindex, nofollow" \/>/);
  assert.match(page, /doc-banner--unlisted/);
  const sitemap = await html('sitemap.xml');
  assert.match(sitemap, /\/docscenter\/docs\/guide\/features\//);
  assert.doesNotMatch(sitemap, /hidden|draft/);
});

test('the 404 page says the page cannot be found, in the docs\' 你', async () => {
  const page = await html('404.html');
  assert.match(page, /找不到页面/);
  assert.match(page, /你要找的页面不存在/);
});

test('redirect pages point to their target', async () => {
  const page = await html('docs/old-intro/index.html');
  assert.match(page, /http-equiv="refresh" content="0; url=\/docscenter\/docs\/intro\/" \/>/);
});

test('the landing page renders the React page module at the base path', async () => {
  const page = await html('index.html');
  assert.match(page, /<title>首页 \| 测试站点<\/title>/);
  assert.match(page, /<h1>测试站点<\/h1>/);
});

test('breadcrumbs and previous/next come from the sidebar', async () => {
  const page = await html('docs/guide/features/index.html');
  assert.match(page, /aria-label="面包屑导航"/);
  assert.match(page, /<a href="\/docscenter\/docs\/guide\/">使用指南<\/a>/);
  assert.match(page, /pagination-nav__link--prev" href="\/docscenter\/docs\/guide\/"/);
});

test('a page is one file: client navigation reads its data from its HTML, no page data file is written', async () => {
  const files = await written();
  assert.deepEqual(files.filter((file) => file.startsWith('__data/')), ['__data/_site.json'], 'only the site data');
  assert.deepEqual(files.filter((file) => file.endsWith('.json') && !file.startsWith('assets/search/')), ['__data/_site.json']);
  const data = JSON.parse(/<script id="__docsgen_page" type="application\/json">(.*?)<\/script>/.exec(await html('docs/guide/features/index.html'))![1]);
  assert.equal(data.title, '功能演示');
  assert.equal(data.route, '/docscenter/docs/guide/features/');
  assert.ok(data.toc.some((item: { id: string }) => item.id === 'explicit-anchor'));
});

test('serve mode (dev) includes drafts with their banner', async () => {
  const dev = await build({ root: site.root, write: false, dev: true });
  const draft = dev.files.find((file) => file.path === 'docs/guide/draft/index.html');
  assert.ok(draft, 'the draft is built in dev');
  assert.match(String(draft.contents), /doc-banner--draft/);
});

test('the client bundle holds no node-only code', () => {
  const inputs = Object.keys(result.client.metafile.inputs);
  assert.ok(inputs.some((input) => input.includes('theme/client/entry.tsx')));
  for (const input of inputs) {
    assert.doesNotMatch(input, /^node:|packages\/core\/|gray-matter|unified|shiki|esbuild|chokidar/, `${input} reached the client bundle`);
  }
  for (const output of Object.values(result.client.metafile.outputs)) {
    for (const imported of output.imports) assert.doesNotMatch(imported.path, /^node:/);
  }
});
