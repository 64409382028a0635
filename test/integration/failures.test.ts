import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { build } from '../../packages/core/src/build.js';
import { DocsgenError } from '../../packages/core/src/errors.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';

/** Builds once, breaks the site, builds again: the error must be exact and the old output intact. */
async function expectFailure(breakSite: (site: FixtureSite) => Promise<void>, expected: RegExp, inspect: (message: string) => void = () => undefined): Promise<void> {
  const site = await copyFixture('basic');
  try {
    await build({ root: site.root, write: true });
    const before = await readFile(site.file('build/docs/intro/index.html'), 'utf8');
    await breakSite(site);
    let message = '';
    await assert.rejects(build({ root: site.root, write: true }), (error: unknown) => {
      assert.ok(error instanceof DocsgenError, `expected a DocsgenError, got ${String(error)}`);
      message = error.format();
      assert.match(message, expected);
      return true;
    });
    assert.equal(await readFile(site.file('build/docs/intro/index.html'), 'utf8'), before, 'the previous output is untouched');
    // Pages are written to a staging folder as they render, before links are checked; a failed build removes it.
    assert.deepEqual((await readdir(site.root)).filter((entry) => entry.startsWith('.build.')), [], 'no staging folder is left behind');
    inspect(message);
  } finally {
    await site.remove();
  }
}

test('invalid YAML front matter names the file and line', () =>
  expectFailure((site) => site.write('content/docs/bad.md', '---\ntitle: 坏\ndescription: "未闭合\n---\n正文\n'), /content\/docs\/bad\.md:\d+(:\d+)?  invalid YAML front matter/));

test('a broken link is listed with file:line:column, link and reason', () =>
  expectFailure(
    (site) => site.edit('content/docs/intro.md', (text) => text + '\n见[不存在](./nope.md)。\n'),
    /content\/docs\/intro\.md:13:2  \.\/nope\.md  → no doc at that path/,
  ));

test('a broken anchor names the missing id on the target page', () =>
  expectFailure(
    (site) => site.edit('content/docs/intro.md', (text) => text + '\n见[锚点](./guide/features.md#没有这一节)。\n'),
    /content\/docs\/intro\.md:13:2  \.\/guide\/features\.md#没有这一节  → no anchor #没有这一节 on \/docscenter\/docs\/guide\/features\//,
  ));

test('all broken links are reported together', () =>
  expectFailure(
    (site) => site.edit('content/docs/intro.md', (text) => text + '\n[a](./a.md) [b](./b.md)\n'),
    /2 broken links/,
    (message) => {
      assert.match(message, /\.\/a\.md/);
      assert.match(message, /\.\/b\.md/);
    },
  ));

test('a broken link in the navbar or footer config names the config key', () =>
  expectFailure(
    (site) => site.edit('site.config.ts', (text) => text.replace("to: '/docs/guide/features/'", "to: '/docs/guide/nothing/'")),
    /site\.config\.ts \(footer\.columns\[0\]\.items\[0\]\)  \/docscenter\/docs\/guide\/nothing\/  → no page at that path/,
  ));

test('a duplicate route names both files', () =>
  expectFailure(
    (site) => site.write('content/docs/copy.md', '---\ntitle: 复制\nslug: /intro\n---\n正文\n'),
    /duplicate route \/docscenter\/docs\/intro\/: content\/docs\/(intro|copy)\.md and content\/docs\/(intro|copy)\.md/,
  ));

test('a sidebar id that does not exist is an error', () =>
  expectFailure(
    (site) => site.edit('site.config.ts', (text) => text.replace("redirects:", "sidebar: ['intro', 'guide/nope'],\n  redirects:")),
    /site\.config\.ts  sidebar\[1\]: the sidebar names doc "guide\/nope", which does not exist/,
  ));

test('an invalid config value names the key path', () =>
  expectFailure(
    (site) => site.edit('site.config.ts', (text) => text.replace("baseUrl: '/docscenter/'", "baseUrl: 'docscenter'")),
    /site\.config\.ts  invalid configuration: baseUrl: must start and end with "\/"/,
  ));

test('an unknown navbar item type is a configuration error naming the item', () =>
  expectFailure(
    (site) => site.edit('site.config.ts', (text) => text.replace("{ type: 'search' }", "{ type: 'megaMenu' }")),
    /navbar\.items\[4\]: unknown item type "megaMenu"/,
  ));

test('a page module without a default export names the file', () =>
  expectFailure((site) => site.write('content/pages/about.tsx', 'export const title = "关于";\n'), /content\/pages\/about\.tsx  the page module has no default export/));

test('a file that is not UTF-8 names the file, line and column', () =>
  expectFailure(
    (site) => site.write('content/docs/gbk.md', Buffer.concat([Buffer.from('---\ntitle: x\n---\n'), Buffer.from([0xd6, 0xd0, 0xce, 0xc4])])),
    /content\/docs\/gbk\.md:4:1  the file is not valid UTF-8/,
  ));
