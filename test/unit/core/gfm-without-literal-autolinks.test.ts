import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { mayHoldLiteralAutolinks, remarkGfmWithoutLiteralAutolinks } from '../../../packages/core/src/markdown/gfm-without-literal-autolinks.js';
import { repoRoot } from '../../helpers/fixtures.js';

const withAutolinks = unified().use(remarkParse).use(remarkGfm);
const without = unified().use(remarkParse).use(remarkGfmWithoutLiteralAutolinks);

function markdownUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => readFileSync(path.join(folder, file), 'utf8'));
}

test('a doc without www., :// or @ parses to the same tree without literal autolinks: every doc of this site and of the fixtures', () => {
  const docs = [...markdownUnder(path.join(repoRoot, 'content/docs')), ...markdownUnder(path.join(repoRoot, 'test/fixtures'))];
  const candidates = docs.filter((doc) => !mayHoldLiteralAutolinks(doc));
  assert.ok(candidates.length >= 100, `most docs hold no candidate (${candidates.length} of ${docs.length})`);
  for (const doc of candidates) assert.deepEqual(without.parse(doc), withAutolinks.parse(doc));
});

test('each kind of literal autolink is a candidate, and the variant without them really leaves them as text', () => {
  for (const text of ['见 https://a.example.com/x 。', '或 www.example.org 。', '写信到 support@example.com 。', 'WWW.EXAMPLE.ORG', 'ftp://files.example.com']) {
    assert.ok(mayHoldLiteralAutolinks(text), text);
  }
  assert.ok(!mayHoldLiteralAutolinks('纯文本：没有链接，只有 example.com 和 a:b。'));
  const text = '或 www.example.org 。';
  assert.match(JSON.stringify(withAutolinks.parse(text)), /"type":"link"/);
  assert.doesNotMatch(JSON.stringify(without.parse(text)), /"type":"link"/);
});
