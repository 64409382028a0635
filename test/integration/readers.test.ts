import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile, readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { build, createBuildCache } from '../../packages/core/src/build.js';
import { DocsgenError } from '../../packages/core/src/errors.js';
import { serve } from '../../packages/core/src/serve.js';
import { copyFixture, repoRoot, withFixture, type FixtureSite } from '../helpers/fixtures.js';

// The readers fixture built once, inside a git repository of its own whose commits give the last-updated dates.
let site: FixtureSite;
const out = (file: string) => readFile(site.file(path.join('build', file)), 'utf8');
const expected = (file: string) => readFile(path.join(repoRoot, 'test/fixtures/readers/expected', file), 'utf8');
const ORIGIN = 'https://docs.example.com';

before(async () => {
  site = await copyFixture('readers');
  const git = (args: string[], env: Record<string, string> = {}) =>
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: site.root, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', ...env } });
  git(['init', '-q']);
  git(['add', '.']);
  git(['commit', '-q', '-m', 'docs'], { GIT_AUTHOR_NAME: '李四', GIT_COMMITTER_NAME: '李四', GIT_AUTHOR_DATE: '2025-06-07T08:09:10Z', GIT_COMMITTER_DATE: '2025-06-07T08:09:10Z' });
  await build({ root: site.root, write: true });
});
after(() => site.remove());

async function written(): Promise<string[]> {
  const dir = site.file('build');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

test('each doc\'s Markdown copy matches the committed expected file, at <route>index.md and <route-without-slash>.md', async () => {
  const copy = await out('docs/guide/writing.md');
  assert.equal(copy, await expected('writing.md'));
  assert.equal(await out('docs/guide/writing/index.md'), copy);
  assert.equal(await out('docs/guide.md'), '# 指南目录\n\n标题来自正文的第一个一级标题。看[写法](https://docs.example.com/docscenter/docs/guide/writing/)。\n', 'the title heading comes first, taken from the body once');
});

test('the Markdown copies are exactly the docs of the sitemap: no drafts, no unlisted pages', async () => {
  const files = await written();
  const copies = files.filter((file) => file.endsWith('.md') && !file.endsWith('/index.md')).map((file) => file.replace(/\.md$/, '/')).sort();
  const sitemap = await out('sitemap.xml');
  const docsInSitemap = [...sitemap.matchAll(/<loc>https:\/\/docs\.example\.com\/docscenter\/(docs\/[^<]*)<\/loc>/g)].map((m) => m[1]).sort();
  assert.deepEqual(copies, docsInSitemap);
  assert.deepEqual(copies, ['docs/guide/', 'docs/guide/writing/', 'docs/intro/']);
  assert.ok(files.includes('docs/guide/hidden/index.html') && !files.some((file) => /hidden.*\.md$|draft/.test(file)));
});

test('a doc\'s <head> links its Markdown copy; an unlisted doc has none', async () => {
  assert.match(await out('docs/guide/writing/index.html'), /<link rel="alternate" type="text\/markdown" href="\/docscenter\/docs\/guide\/writing\.md" \/>/);
  assert.doesNotMatch(await out('docs/guide/hidden/index.html'), /text\/markdown/);
});

test('llms.txt follows the proposal (title, summary, sections in sidebar order) and every URL in it is a Markdown copy', async () => {
  const text = await out('llms.txt');
  assert.equal(text, await expected('llms.txt'));
  const lines = text.split('\n');
  assert.equal(lines[0], '# 读者站点');
  assert.equal(lines[2], '> 页面的 Markdown、llms.txt、最后更新、编辑链接和图片放大');
  assert.deepEqual(lines.filter((line) => line.startsWith('## ')), ['## 文档', '## 指南']);
  const urls = [...text.matchAll(/\]\((https:[^)]+)\)/g)].map((m) => m[1]);
  assert.equal(urls.length, 3);
  for (const url of urls) {
    assert.ok(url.startsWith(ORIGIN + '/docscenter/'));
    const copy = await out(url.slice((ORIGIN + '/docscenter/').length));
    assert.match(copy, /^# \S/, `${url} is a Markdown copy`);
  }
});

test('llms-full.txt holds every copy in sidebar order', async () => {
  const full = await out('llms-full.txt');
  const copies = await Promise.all(['docs/intro.md', 'docs/guide.md', 'docs/guide/writing.md'].map(out));
  assert.equal(full, '# 读者站点\n\n> 页面的 Markdown、llms.txt、最后更新、编辑链接和图片放大\n\n' + copies.join('\n'));
});

test('last updated: git\'s date and author in the doc footer and the sitemap; last_update front matter overrides', async () => {
  const writing = await out('docs/guide/writing/index.html');
  assert.match(writing, /最后<!-- -->由 <span class="last-updated__author">李四<\/span> <!-- -->于 <time dateTime="2025-06-07T08:09:10.000Z">2025年6月7日<\/time> <!-- -->更新/);
  const guide = await out('docs/guide/index.html');
  assert.match(guide, /<span class="last-updated__author">张三<\/span> <!-- -->于 <time dateTime="2024-03-05T00:00:00.000Z">2024年3月5日<\/time>/);
  const sitemap = await out('sitemap.xml');
  assert.match(sitemap, /<loc>https:\/\/docs\.example\.com\/docscenter\/docs\/guide\/writing\/<\/loc><lastmod>2025-06-07T08:09:10\.000Z<\/lastmod>/);
  assert.match(sitemap, /<loc>https:\/\/docs\.example\.com\/docscenter\/docs\/guide\/<\/loc><lastmod>2024-03-05T00:00:00\.000Z<\/lastmod>/);
});

test("outside git, a doc's last update is its file's modification time, read with its text, and in serve's rebuilds", () =>
  withFixture('basic', async (fixture) => {
    // The copy lies in an ignored folder of this repository: git knows none of its docs.
    const time = new Date('2023-03-03T03:03:03Z');
    await utimes(fixture.file('content/docs/intro.md'), time, time);
    await utimes(fixture.file('content/docs/guide/features.md'), time, time);
    await build({ root: fixture.root, write: true });
    assert.match(await fixture.read('build/sitemap.xml'), /<loc>https:\/\/docs\.example\.com\/docscenter\/docs\/intro\/<\/loc><lastmod>2023-03-03T03:03:03\.000Z<\/lastmod>/);
    // serve keeps its scan between rebuilds and stats each doc instead (createBuildCache): the same times.
    const cache = createBuildCache();
    const lastmods = async () => {
      const { files } = await build({ root: fixture.root, write: false, cache });
      const sitemap = String(files.find((file) => file.path === 'sitemap.xml')!.contents);
      return ['intro', 'guide/features'].map((doc) => new RegExp(`docs/${doc}/</loc><lastmod>([^<]+)<`).exec(sitemap)?.[1]);
    };
    assert.deepEqual(await lastmods(), ['2023-03-03T03:03:03.000Z', '2023-03-03T03:03:03.000Z']);
    const later = new Date('2024-04-04T04:04:04Z');
    await utimes(fixture.file('content/docs/intro.md'), later, later);
    assert.deepEqual(await lastmods(), ['2024-04-04T04:04:04.000Z', '2023-03-03T03:03:03.000Z'], 'the doc read again and the doc kept from the last rebuild');
  }));

test('编辑此页: the editUrl base with the doc\'s file, or the doc\'s custom_edit_url', async () => {
  assert.match(await out('docs/guide/writing/index.html'), /<a class="edit-link" href="https:\/\/git\.example\.com\/docs\/edit\/main\/content\/docs\/guide\/writing\.md" target="_blank" rel="noopener noreferrer">.*编辑此页<\/a>/);
  assert.match(await out('docs/guide/index.html'), /<a class="edit-link" href="https:\/\/elsewhere\.example\.com\/guide\.md"/);
});

test('doc images are buttons that open the zoom; images inside links are left alone', async () => {
  const writing = await out('docs/guide/writing/index.html');
  assert.match(writing, /<button type="button" class="zoomable-image" aria-label="放大图片：架构图"><img src="\/docscenter\/assets\/docs\/guide\/diagram\.svg" alt="架构图" title="示意"\/><\/button>/);
});

test('docsgen serve serves the copies and llms.txt as UTF-8 text', async () => {
  const server = await serve({ root: site.root, port: 0, host: '127.0.0.1', log: () => undefined });
  try {
    const copy = await fetch(server.url + 'docs/intro.md');
    assert.equal(copy.status, 200);
    assert.equal(copy.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal(await copy.text(), await out('docs/intro.md'));
    const llms = await fetch(server.url + 'llms.txt');
    assert.equal(llms.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(await llms.text(), await out('llms.txt'));
  } finally {
    await server.close();
  }
});

test('a broken link in the Markdown copies fails the build, naming the copy', async () => {
  // Only a URL that the HTML does not carry can be broken in the copy alone: a definition nobody references.
  await site.edit('content/docs/intro.md', (text) => text + '\n[unused]: ./missing/page/\n');
  await assert.rejects(build({ root: site.root, write: true }), (error: DocsgenError) => {
    assert.ok(error instanceof DocsgenError);
    assert.ok(error.details.includes('content/docs/intro.md (docs/intro.md)  https://docs.example.com/docscenter/docs/missing/page/  → no page at that path'), error.details.join('\n'));
    return true;
  });
  assert.equal(await out('docs/guide/writing.md'), await expected('writing.md'), 'the previous output is kept');
});
