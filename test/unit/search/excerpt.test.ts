import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ParsedDoc } from '../../../packages/core/src/markdown/parse-docs.js';
import { buildSearchIndex } from '../../../packages/core/src/search/build-search-index.js';
import { pairsByWord } from '../../../packages/core/src/search/pairs-by-word.js';

/** The strings of a page file of the index (its excerpts among them), whatever the file's layout. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.flatMap(stringsOf) : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];
}

function excerptOf(text: string): string[] {
  const doc = { source: { id: 'a', route: '/a/', docsPath: 'a.md', frontMatter: {} }, title: '标题', description: '', sections: [{ text }], bodyPairs: pairsByWord(text) } as unknown as ParsedDoc;
  const page = buildSearchIndex({ docs: [doc], baseUrl: '/', excerptLength: 10 }).files.find((file) => file.path.startsWith('assets/search/p.'))!;
  return stringsOf(JSON.parse(String(page.contents)));
}

test('an excerpt keeps the first characters, whitespace collapsed, never cutting a character in two', () => {
  assert.ok(excerptOf('一二三四五六七八九😀之后').includes('一二三四五六七八九😀…'), 'ten characters, the tenth outside the BMP');
  assert.ok(excerptOf('一二三四五六七八九😀').includes('一二三四五六七八九😀'), 'exactly ten: no ellipsis');
  assert.ok(excerptOf('  一二\n\n三   四 ').includes('一二 三 四'), 'short text whole');
});

test('a long text gives the excerpt of its whole text flattened, whatever whitespace and characters outside the BMP it holds', () => {
  // The excerpt as flattening the whole text gives it: what the index did before it flattened only a long text's start.
  const whole = (text: string) => {
    const flat = text.replace(/\s+/g, ' ').trim();
    let end = 0;
    for (let n = 0; n < 10 && end < flat.length; n++) end += flat.codePointAt(end)! > 0xffff ? 2 : 1;
    return end >= flat.length ? flat : flat.slice(0, end) + '…';
  };
  const pieces = ['字', 'a', ' ', '\n', '\u3000', '\t', '😀', ' \n '];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length;
  const texts = [
    // Whichever the length of the start flattened alone: cut in whitespace that runs to the text's end, or between a surrogate pair.
    '一二三四五六七八九十' + ' '.repeat(60),
    ...Array.from({ length: 60 }, (_, spaces) => '一二三四五六七八' + ' '.repeat(spaces) + '😀x'),
    // 40–60 characters, mostly whitespace in some.
    ...Array.from({ length: 400 }, (_, round) => Array.from({ length: 40 + (round % 21) }, () => pieces[round % 3 === 0 ? [2, 3, 4, 5, 7, next()][next() % 6] : next()]).join('')),
  ];
  for (const text of texts) {
    assert.ok(excerptOf(text).includes(whole(text)), `${JSON.stringify(text)}: ${JSON.stringify(whole(text))}`);
  }
});
