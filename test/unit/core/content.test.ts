import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { frontMatterKeyLine, readFrontMatter } from '../../../packages/core/src/content/front-matter.js';
import { readUtf8 } from '../../../packages/core/src/content/read-text.js';

test('front matter keys are read as Docusaurus defines them', () => {
  const { frontMatter, body, bodyLine } = readFrontMatter('---\ntitle: 标题\nsidebar_position: 2\nunlisted: true\n---\n\n正文\n', 'a.md');
  assert.equal(frontMatter.title, '标题');
  assert.equal(frontMatter.sidebar_position, 2);
  assert.equal(frontMatter.unlisted, true);
  assert.equal(frontMatter.draft, false);
  assert.equal(body.trim(), '正文');
  assert.equal(bodyLine, 6, "the body starts on the line after the closing ---");
});

test('invalid YAML names the file line', () => {
  assert.throws(
    () => readFrontMatter('---\ntitle: 标题\nkeywords: [a, b\nsidebar_position: 1\n---\n正文\n', 'docs/bad.md'),
    (error: Error & { location?: { file: string; line?: number } }) => {
      assert.match(error.message, /invalid YAML front matter/);
      assert.equal(error.location?.file, 'docs/bad.md');
      assert.ok(error.location?.line && error.location.line >= 3 && error.location.line <= 5, `line ${error.location?.line}`);
      return true;
    },
  );
});

test('a front matter value of the wrong type names the key', () => {
  assert.throws(() => readFrontMatter('---\nsidebar_position: first\n---\n', 'a.md'), /sidebar_position/);
});

test('front matter with Windows line ends is read, a flow list on its last line included', () => {
  const { frontMatter, body } = readFrontMatter('---\r\ntitle: 标题\r\nkeywords: [a, b]\r\n---\r\n正文\r\n', 'a.md');
  assert.equal(frontMatter.title, '标题');
  assert.deepEqual(frontMatter.keywords, ['a', 'b']);
  assert.equal(body.trim(), '正文');
});

test('a front matter key is found on its line of the front matter block only', () => {
  const long = '---\n' + Array.from({ length: 250 }, (_, i) => `k${i}: ${i}`).join('\n') + '\nslug: /x\n---\nid: not-front-matter\n';
  assert.equal(frontMatterKeyLine(long, 'slug'), 252, 'past 200 lines of front matter');
  assert.equal(frontMatterKeyLine(long, 'id'), undefined, 'a body line that looks like a key is not one');
  assert.equal(frontMatterKeyLine('---\r\ntitle: a\r\n---\r\nslug: b\r\n', 'slug'), undefined, 'CRLF: the block still ends at ---');
  assert.equal(frontMatterKeyLine('---\r\ntitle: a\r\nslug: b\r\n---\r\n', 'slug'), 3);
  assert.throws(() => readFrontMatter('---\ntitle: a\nsidebar_position: [1]\n---\nsidebar_position: x\n', 'a.md'), (error: Error & { location?: { line?: number } }) => error.location?.line === 3);
});

test('front matter in any language but YAML is refused by the parser itself, whatever precedes the opening ---', () => {
  const seen = globalThis as { frontMatterRan?: boolean };
  for (const opening of ['---js', '\uFEFF---js', '\uFEFF---javascript', '---Javascript', '---coffee', '---json']) {
    assert.throws(() => readFrontMatter(`${opening}\n{ title: (globalThis.frontMatterRan = true, 'x') }\n---\n正文\n`, 'docs/evil.md'), (error: Error & { location?: { file: string; line?: number } }) => {
      assert.match(error.message, /front matter in "\w+" is not read: front matter must be YAML/, JSON.stringify(opening));
      assert.deepEqual(error.location, { file: 'docs/evil.md', line: 1 });
      return true;
    });
  }
  assert.equal(seen.frontMatterRan, undefined, 'no front matter was evaluated');
});

test('a file that is not UTF-8 is rejected with the line and column of the bad byte', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-utf8-'));
  const file = path.join(dir, 'gbk.md');
  await writeFile(file, Buffer.concat([Buffer.from('第一行\nab'), Buffer.from([0xc4, 0xe3]), Buffer.from('\n')]));
  assert.throws(() => readUtf8(file, 'docs/gbk.md'), (error: Error & { location?: { line?: number; column?: number } }) => {
    assert.match(error.message, /not valid UTF-8/);
    assert.deepEqual([error.location?.line, error.location?.column], [2, 3]);
    return true;
  });
});
