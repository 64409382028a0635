import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { splitNumberPrefix, stripNumberPrefixes } from '../../../packages/core/src/content/number-prefix.js';
import { unknownFrontMatterKeys } from '../../../packages/core/src/content/front-matter-keys.js';
import { readDocusaurusSidebars } from '../../../packages/core/src/docusaurus/sidebars.js';
import { readDocusaurusSite } from '../../../packages/core/src/docusaurus/docusaurus-config.js';
import { textBeyond, textCoverage } from '../../../packages/core/src/docusaurus/text-coverage.js';
import { resolveDocLink } from '../../../packages/core/src/markdown/resolve-links.js';
import { normalizeMdxSource } from '../../../packages/core/src/markdown/mdx.js';

test('number prefixes are split off as Docusaurus does, and only then', () => {
  assert.deepEqual(splitNumberPrefix('01-intro'), { name: 'intro', position: 1 });
  assert.deepEqual(splitNumberPrefix('2. setup'), { name: 'setup', position: 2 });
  assert.deepEqual(splitNumberPrefix('03_api'), { name: 'api', position: 3 });
  for (const kept of ['2021-01-01-notes', '1.2.3', '404', '01whychoose', 'intro']) assert.deepEqual(splitNumberPrefix(kept), { name: kept }, kept);
  assert.equal(stripNumberPrefixes('01-guide/02-setup'), 'guide/setup');
});

test('links resolve like Docusaurus: .md from the folder then the docs root, URLs from the page URL with or without trailing slash', () => {
  const routesByDocsPath = new Map([
    ['guide/a.md', '/d/docs/guide/a/'],
    ['guide/b.mdx', '/d/docs/guide/b/'],
    ['top.md', '/d/docs/top/'],
  ]);
  const options = { baseUrl: '/d/', routesByDocsPath, routes: new Set(routesByDocsPath.values()), docsPath: 'guide/a.md', route: '/d/docs/guide/a/' };
  assert.equal(resolveDocLink('./b.mdx#x', options), '/d/docs/guide/b/#x');
  assert.equal(resolveDocLink('top.md', options), '/d/docs/top/', 'not in the folder: from the docs root');
  assert.equal(resolveDocLink('/guide/b.mdx', options), '/d/docs/guide/b/', 'absolute .md path from the docs root');
  assert.equal(resolveDocLink('missing.md', options), 'missing.md', 'left for the link checker');
  assert.equal(resolveDocLink('b', options), '/d/docs/guide/b/', 'no trailing slash: relative to /d/docs/guide/a as a file');
  assert.equal(resolveDocLink('b', { ...options, trailingSlash: true }), '/d/docs/guide/a/b', 'trailing slash: relative to the folder /d/docs/guide/a/');
  assert.equal(resolveDocLink('../top?x=1', options), '/d/docs/top/?x=1');
  assert.equal(resolveDocLink('/docs/top', options), '/d/docs/top/', 'the base URL for absolute paths');
  assert.equal(resolveDocLink('/d/docs/top/', options), '/d/docs/top/', 'already under the base URL');
  assert.equal(resolveDocLink('https://example.com/a.md', options), 'https://example.com/a.md');
  assert.equal(resolveDocLink('#anchor', options), '#anchor');
});

test('an unknown front matter key is named with the closest known one; Docusaurus keys are known', () => {
  assert.deepEqual(unknownFrontMatterKeys({ titel: 'x', sidebar_positon: 1, tags: [], pagination_next: null, zzzzzz: 1 }, 'docs/a.md'), [
    'docs/a.md  unknown front matter key "titel" (did you mean "title"?); it is ignored',
    'docs/a.md  unknown front matter key "sidebar_positon" (did you mean "sidebar_position"?); it is ignored',
    'docs/a.md  unknown front matter key "zzzzzz"; it is ignored',
  ]);
});

test('sidebars in every Docusaurus form become one sidebar, what it cannot show noted', () => {
  const { items, notes } = readDocusaurusSidebars(
    {
      default: {
        main: ['a', { type: 'category', label: 'C', className: 'x', customProps: { y: 1 }, key: 'k', link: { type: 'doc', id: 'b' }, items: [{ type: 'ref', id: 'c' }, { type: 'html', value: '<hr>' }] }, { type: 'link', label: 'L', href: 'https://x.example' }],
        other: { 'Short form': ['d', { 'Nested': ['e'] }] },
      },
    },
    'sidebars.ts',
  );
  assert.deepEqual(items, [
    'a',
    { type: 'category', label: 'C', collapsed: true, items: [{ type: 'doc', id: 'c' }], link: { type: 'doc', id: 'b' } },
    { type: 'link', label: 'L', href: 'https://x.example' },
    { type: 'category', label: 'other', collapsed: true, items: [{ type: 'category', label: 'Short form', collapsed: true, items: ['d', { type: 'category', label: 'Nested', collapsed: true, items: ['e'] }] }] },
  ]);
  assert.ok(notes.some((note) => note.includes('"html" sidebar item')));
  assert.ok(notes.some((note) => note.includes('2 sidebars')));
});

test('a Docusaurus config is read without its packages; versions move the current docs under their path', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'docsgen-docusaurus-'));
  try {
    await mkdir(path.join(root, 'src/pages'), { recursive: true });
    await writeFile(path.join(root, 'src/pages/contact.md'), '# Contact');
    await writeFile(path.join(root, 'sidebars.js'), "module.exports = { docs: [{ type: 'autogenerated', dirName: '.' }] };");
    await writeFile(
      path.join(root, 'docusaurus.config.js'),
      `const theme = require('prism-react-renderer').themes.github;
       const plugin = require('some-remark-plugin');
       module.exports = async function createConfig() {
         return {
           title: 'T', url: 'https://t.example', baseUrl: '/t/', trailingSlash: false, onBrokenLinks: 'warn',
           presets: [['@docusaurus/preset-classic', { docs: { routeBasePath: 'docs', lastVersion: '2.0', versions: { current: { path: 'next' } }, remarkPlugins: [plugin], sidebarPath: require.resolve('./sidebars.js') }, blog: { routeBasePath: 'news' } }]],
           themeConfig: { prism: { theme }, navbar: { items: [{ to: '/docs/next/intro', label: 'Docs' }, { type: 'docsVersionDropdown' }] } },
         };
       };`,
    );
    const site = await readDocusaurusSite(root, path.join(root, 'docusaurus.config.js'));
    assert.equal(site.input.docsRoute, 'docs/next');
    assert.equal(site.input.baseUrl, '/t/');
    assert.equal(site.input.trailingSlash, false);
    assert.equal(site.input.onBrokenLinks, 'warn');
    assert.deepEqual(site.input.sidebar, [{ type: 'autogenerated', dirName: '.' }]);
    assert.deepEqual(site.input.navbar?.items.slice(0, 1), [{ type: 'link', label: 'Docs', to: '/docs/next/intro', position: 'left' }]);
    assert.ok(site.unsupported.some((line) => line.startsWith('themeConfig.navbar.items[1]: navbar item type "docsVersionDropdown"')));
    assert.ok(site.unsupported.some((line) => line.startsWith('docs.remarkPlugins')));
    assert.deepEqual(site.outsideRoutes.map((route) => [route.route, route.prefix]), [
      ['/t/contact', false],
      ['/t/news/', true],
      ['/t/docs/', true],
    ]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('MDX preparation as Docusaurus 3 does it keeps every line: comments out, heading ids as text, mdx-code-block unwrapped', () => {
  const source = ['# T {#t}', '<!-- a', 'b -->', '```mdx-code-block', "import X from './_x.md';", '```', '```html', '<!-- kept in code -->', '```'].join('\n');
  assert.deepEqual(normalizeMdxSource(source).split('\n'), ['# T \\{#t\\}', '', '', '', "import X from './_x.md';", '', '```html', '<!-- kept in code -->', '```']);
});

test('text coverage counts the words a page lost, by character in Chinese and by word elsewhere', () => {
  const source = '---\ntitle: t\n---\nimport A from "./_a.md";\n\n第一行<br>第二行 and **more** words, [link text](https://x.example).\n\n```js\nconst x = "<b>";\n```';
  assert.equal(textCoverage(source, '<article><p>第一行<br>第二行 and more words, link text.</p><pre>const x = "&lt;b&gt;";</pre></article>').ratio, 1);
  const lost = textCoverage(source, '<article><p>and more words, link text.</p><pre>const x = "&lt;b&gt;";</pre></article>');
  assert.equal(lost.sourceWords - lost.shownWords, 6, 'the six characters of 第一行 and 第二行');
  assert.ok(lost.ratio < 0.95);
  assert.deepEqual(lost.missing.slice(0, 2), ['第×2', '行×2'], 'most missed first, with their counts');
});

test('textBeyond: the words of another build\'s articles that docsgen\'s page lacks, every card article counted, quoted > skipped', () => {
  const docusaurus =
    '<main><header><h1>指南</h1></header>' +
    '<article><a href="/a"><h2>安装</h2><p class="card-description">从下载到运行</p></a></article>' +
    '<article><a href="/b"><h2>设置<button type="button" aria-label="复制<TagVo>的直接链接"></button></h2><p>Configure the site</p></a></article></main>' +
    '<footer>页脚文字</footer>';
  const docsgen = '<article class="doc-article"><h1>指南</h1><a class="doc-card"><span>安装</span><span>从下载到运行</span></a><a class="doc-card"><span>设置</span></a></article>';
  const beyond = textBeyond(docusaurus, docsgen);
  assert.deepEqual(beyond.missing.sort(), ['configure', 'site', 'the'], 'the second card\'s description; nothing of the aria-label, the header before the first article or the footer after the last');
  assert.equal(beyond.missingWords, 3);
  assert.equal(beyond.otherWords, 2 + 6 + 2 + 3, '安装 从下载到运行 设置 (by character), Configure the site');
});
