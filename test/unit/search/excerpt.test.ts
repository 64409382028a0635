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
  const page = buildSearchIndex({ docs: [doc], baseUrl: '/', excerptLength: 10 }).files.find((file) => file.path.endsWith('/p0.json'))!;
  return stringsOf(JSON.parse(String(page.contents)));
}

test('an excerpt keeps the first characters, whitespace collapsed, never cutting a character in two', () => {
  assert.ok(excerptOf('一二三四五六七八九😀之后').includes('一二三四五六七八九😀…'), 'ten characters, the tenth outside the BMP');
  assert.ok(excerptOf('一二三四五六七八九😀').includes('一二三四五六七八九😀'), 'exactly ten: no ellipsis');
  assert.ok(excerptOf('  一二\n\n三   四 ').includes('一二 三 四'), 'short text whole');
});
