import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from '../../packages/core/src/build.js';
import { DocsgenError } from '../../packages/core/src/errors.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';

/** Configuration and page modules that are wrong, or hostile: a clear error naming where, never a broken or unsafe site. */

async function expectError(change: (site: FixtureSite) => Promise<void>, pattern: RegExp): Promise<void> {
  const site = await copyFixture('basic');
  try {
    await change(site);
    await assert.rejects(build({ root: site.root, write: true }), (error: unknown) => {
      assert.ok(error instanceof DocsgenError, String(error));
      assert.match(error.format(), pattern);
      return true;
    });
  } finally {
    await site.remove();
  }
}

for (const baseUrl of ['/docs"><script>alert(1)</script>/', "/it's/", '/a b/', '/a?b/', '/a#b/', '/a<b/']) {
  test(`baseUrl ${JSON.stringify(baseUrl)} is refused, not written into pages`, () =>
    expectError((site) => site.edit('site.config.ts', (text) => text.replace("baseUrl: '/docscenter/'", `baseUrl: ${JSON.stringify(baseUrl)}`)), /site\.config\.ts  invalid configuration: baseUrl: may not hold quotes, <, >/));
}

test('a javascript: href in the navbar is refused with its key path', () =>
  expectError((site) => site.edit('site.config.ts', (text) => text.replace("href: 'https://www.example.com/'", "href: 'javascript:alert(document.cookie)'")), /site\.config\.ts  invalid configuration: navbar\.items\[5\]\.href: must be an http\(s\), mailto: or tel: URL/));

test('a javascript: href in the footer is refused with its key path', () =>
  expectError(
    (site) => site.edit('site.config.ts', (text) => text.replace("filing: { label: '沪ICP备00000000号-1' }", "filing: { label: '沪ICP备00000000号-1', href: 'JavaScript:alert(1)' }")),
    /site\.config\.ts  invalid configuration: footer\.filing\.href: must be an http\(s\), mailto: or tel: URL/,
  ));

test('a React page that throws while rendering is reported with its file', () =>
  expectError((site) => site.write('content/pages/boom.tsx', 'export default function Boom(): never { throw new Error("页面坏了"); }\n'), /^content\/pages\/boom\.tsx  the page threw while rendering: 页面坏了/));

test('a configuration that never finishes loading fails with a message and leaves no temporary folder', async () => {
  const temp = await mkdtemp(path.join(tmpdir(), 'docsgen-test-tmp-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = temp;
  try {
    await expectError(
      (site) => site.edit('site.config.ts', (text) => 'await new Promise(() => {});\n' + text),
      /site\.config\.ts  the configuration did not finish loading within 10 s\n  hint: look for a top-level await that never resolves/,
    );
    assert.deepEqual(await readdir(temp), [], 'the compiled configuration was removed');
  } finally {
    // Assigning undefined would set the string "undefined", and every later test would look for that folder.
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    await rm(temp, { recursive: true, force: true });
  }
});

for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' \u0001javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
  test(`a sidebar link to ${JSON.stringify(href)} is refused with its key path`, () =>
    expectError(
      (site) => site.edit('site.config.ts', (text) => text.replace('export default defineConfig({', `export default defineConfig({\n  sidebar: ['intro', { type: 'link', label: '坏', href: ${JSON.stringify(href)} }],`)),
      /site\.config\.ts  invalid configuration: sidebar\[1\]\.href: must be a path in the site or an http\(s\), mailto: or tel: URL/,
    ));
}

test('an editUrl that is not http(s) is refused, given as a string or returned by a function', async () => {
  await expectError((site) => site.edit('site.config.ts', (text) => text.replace('export default defineConfig({', "export default defineConfig({\n  editUrl: 'javascript:alert(1)//',")), /site\.config\.ts  invalid configuration: editUrl/);
  await expectError(
    (site) => site.edit('site.config.ts', (text) => text.replace('export default defineConfig({', "export default defineConfig({\n  editUrl: ({ file }) => 'javascript:alert(1)//' + file,")),
    /site\.config\.ts  editUrl: the function returned "javascript:alert\(1\)\/\/content\/docs\/[^"]+" for content\/docs\/[^ ]+, which is not an http\(s\) URL/,
  );
});
