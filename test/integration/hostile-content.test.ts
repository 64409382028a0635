import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { build } from '../../packages/core/src/build.js';
import { DocsgenError } from '../../packages/core/src/errors.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';

/** What a Markdown file, an image reference or a front matter key of a pull request can do to the machine that builds it. */

async function withSite(work: (site: FixtureSite) => Promise<void>): Promise<void> {
  const site = await copyFixture('basic');
  try {
    await work(site);
  } finally {
    await site.remove();
  }
}

function failsWith(pattern: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof DocsgenError, `expected a DocsgenError, got ${String(error)}`);
    assert.match(error.format(), pattern);
    return true;
  };
}

for (const language of ['js', 'javascript', 'coffee', 'json']) {
  test(`---${language} front matter is never evaluated, in build or check; it is an error naming file and line`, () =>
    withSite(async (site) => {
      const marker = site.file('pwned.txt');
      const code = `{ title: (require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran'), 'x') }`;
      await site.write('content/docs/evil.md', `---${language}\n${code}\n---\n正文\n`);
      for (const write of [false, true]) {
        await assert.rejects(build({ root: site.root, write }), failsWith(new RegExp(`content/docs/evil\\.md:1  front matter in "${language}" is not read: front matter must be YAML`)));
      }
      assert.ok(!existsSync(marker), 'the front matter did not run');
    }));
}

test('---yaml and plain --- front matter are read', () =>
  withSite(async (site) => {
    await site.write('content/docs/declared.md', '---yaml\ntitle: 声明了语言\n---\n正文\n');
    await build({ root: site.root, write: true });
    assert.match(await readFile(site.file('build/docs/declared/index.html'), 'utf8'), /<title>声明了语言/);
  }));

test('a YAML alias bomb in front matter fails at once, naming the file and line', () =>
  withSite(async (site) => {
    const levels = 'abcdefghi'.split('');
    const lines = levels.map((name, i) => `${name}: &${name} [${i === 0 ? Array(9).fill('"lol"').join(',') : Array(9).fill('*' + levels[i - 1]).join(',')}]`);
    await site.write('content/docs/bomb.md', `---\ntitle: 炸弹\n${lines.join('\n')}\n---\n正文\n`);
    await assert.rejects(build({ root: site.root, write: false }), failsWith(/content\/docs\/bomb\.md:4  front matter expands too many YAML aliases/));
  }));

test('a few YAML aliases are still read', () =>
  withSite(async (site) => {
    await site.write('content/docs/alias.md', '---\ntitle: &t 别名\nsidebar_label: *t\n---\n正文\n');
    await build({ root: site.root, write: false });
  }));

for (const [slug, reason] of [
  ['../../../package', /content\/docs\/evil\.md:3  slug "\.\.\/\.\.\/\.\.\/package" leaves the docs route/],
  ['/../../package', /content\/docs\/evil\.md:3  slug "\/\.\.\/\.\.\/package" leaves the docs route/],
  ['../docs/intro', /content\/docs\/evil\.md:3  slug "\.\.\/docs\/intro" leaves the docs route/],
  ['a?b', /content\/docs\/evil\.md:3  slug "a\?b" contains a "\?" \(a query\)/],
  ['a#b', /content\/docs\/evil\.md:3  slug "a#b" contains a "#" \(an anchor\)/],
  ['a%2Fb', /content\/docs\/evil\.md:3  slug "a%2Fb" contains a "%" \(a percent-escape\)/],
  ['a\\\\b', /content\/docs\/evil\.md:3  slug "a\\\\b" contains a backslash/],
  ['长'.repeat(100), /content\/docs\/evil\.md:3  slug "长+" has a segment of 300 bytes, more than a file name can hold/],
] as const) {
  test(`slug ${JSON.stringify(slug.slice(0, 20))} is refused with file:line and nothing is written outside the output`, () =>
    withSite(async (site) => {
      await site.write('package.json', '{"name":"mine"}\n');
      await site.write('content/docs/evil.md', `---\ntitle: 坏\nslug: "${slug}"\n---\n正文\n`);
      await assert.rejects(build({ root: site.root, write: true }), failsWith(reason));
      assert.equal(await site.read('package.json'), '{"name":"mine"}\n');
      assert.ok(!existsSync(site.file('build')), 'no output was written');
    }));
}

test('an id with a path in it is refused with file:line', () =>
  withSite(async (site) => {
    await site.write('content/docs/evil.md', '---\ntitle: 坏\nid: ../../../package\n---\n正文\n');
    await assert.rejects(build({ root: site.root, write: false }), failsWith(/content\/docs\/evil\.md:3  id "\.\.\/\.\.\/\.\.\/package" is not a plain name/));
  }));

test('a slug that resolves onto another page is a duplicate route with file:line', () =>
  withSite(async (site) => {
    await site.write('content/docs/guide/evil.md', '---\ntitle: 坏\nslug: .\n---\n正文\n');
    await assert.rejects(build({ root: site.root, write: true }), failsWith(/duplicate route \/docscenter\/docs\/guide\/: content\/docs\/guide\/(index|evil)\.md and content\/docs\/guide\/(index|evil)\.md both produce it/));
    await site.write('content/docs/guide/evil.md', '---\ntitle: 坏\nslug: ./../intro\n---\n正文\n');
    await assert.rejects(build({ root: site.root, write: true }), failsWith(/content\/docs\/guide\/evil\.md:3  duplicate route \/docscenter\/docs\/intro\//));
  }));

test('relative slugs resolve against the doc\'s folder, within the docs route', () =>
  withSite(async (site) => {
    await site.write('content/docs/guide/moved.md', '---\ntitle: 搬家\nslug: ../elsewhere/./here\n---\n正文\n');
    await build({ root: site.root, write: true });
    assert.ok(existsSync(site.file('build/docs/elsewhere/here/index.html')));
  }));
