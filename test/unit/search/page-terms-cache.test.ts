import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countTerms, type IndexedPage, type PageTerms } from '../../../packages/core/src/search/invert-pages.js';
import { indexedTextKey } from '../../../packages/core/src/search/indexed-text.js';
import { countPageTerms, loadPageTermsTable, type PageTermsMemory } from '../../../packages/core/src/search/page-terms-cache.js';
import { pairsByWord } from '../../../packages/core/src/search/pairs-by-word.js';
import { TermNumbers } from '../../../packages/core/src/search/term-numbers.js';

const options = { dictionary: ['设备绑定'] };
const page = (title: string, keywords: string, headings: string[], body: string): IndexedPage => ({ title, keywords, headings, body, key: indexedTextKey({ title, keywords, headings, body }), bodyPairs: pairsByWord(body) });
const pages: IndexedPage[] = [
  page('设备绑定失败', 'bind 绑定', ['', '错误码 1003'], '调用 XYIoT.init 后绑定设备，失败时返回 1003。𠀀字也算。'),
  page('getDeviceList', '', [''], '列出账号下的全部设备：getDeviceList() 返回数组。'),
  page('空页', '', [], ''),
];
/** Each page's counts with its terms spelled out: their numbers are the table's, which differ from table to table. */
const spelled = ({ counted, termNumbers }: { counted: PageTerms[]; termNumbers: TermNumbers }) =>
  counted.map(({ numbers, counts, lengths }) => ({ terms: [...numbers].map((number) => termNumbers.terms[number]), counts, lengths }));
/** Every page tokenised. */
const expected = (list: IndexedPage[]) => {
  const termNumbers = new TermNumbers();
  return spelled({ counted: list.map((page) => countTerms(page, options, termNumbers)), termNumbers });
};
const tableFile = (dir: string) => {
  const folder = path.join(dir, 'search-terms');
  const files = readdirSync(folder).filter((name) => name.endsWith('.bin'));
  assert.equal(files.length, 1, 'one table');
  return path.join(folder, files[0]);
};

test('pages whose text is unchanged take their terms from the last build, an edited page is tokenised again, and the counts equal tokenising every page', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'page-terms-'));
  try {
    const first = countPageTerms(pages, loadPageTermsTable(options, dir));
    assert.equal(first.tokenised, pages.length, 'an empty cache tokenises every page');
    assert.deepEqual(spelled(first), expected(pages));
    const second = countPageTerms(pages, loadPageTermsTable(options, dir));
    assert.equal(second.tokenised, 0, 'every page from the table');
    assert.deepEqual(spelled(second), expected(pages));
    const edited = [pages[0], page('getDeviceList', '', [''], pages[1].body + '新增一句：设备绑定。'), pages[2]];
    const third = countPageTerms(edited, loadPageTermsTable(options, dir));
    assert.equal(third.tokenised, 1, 'only the edited page');
    assert.deepEqual(spelled(third), expected(edited));
    const fourth = countPageTerms(edited, loadPageTermsTable(options, dir));
    assert.equal(fourth.tokenised, 0, 'the edited page is in the table now (added to the last one, its other pages copied)');
    assert.deepEqual(spelled(fourth), expected(edited));
    const removed = [edited[1], edited[2]];
    assert.equal(countPageTerms(removed, loadPageTermsTable(options, dir)).tokenised, 0, 'a page gone');
    assert.deepEqual(spelled(countPageTerms(removed, loadPageTermsTable(options, dir))), expected(removed));
    assert.equal(countPageTerms(edited, loadPageTermsTable({ dictionary: [] }, dir)).tokenised, edited.length, 'other tokenizer options are another table');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a corrupted or truncated table is detected, every page tokenised again and the table rewritten, never used', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'page-terms-'));
  try {
    countPageTerms(pages, loadPageTermsTable(options, dir));
    const file = tableFile(dir);
    const intact = readFileSync(file);
    const flipped = Buffer.from(intact);
    flipped[flipped.length - 3] ^= 0x01;
    writeFileSync(file, flipped);
    const afterFlip = countPageTerms(pages, loadPageTermsTable(options, dir));
    assert.equal(afterFlip.tokenised, pages.length, 'a flipped bit fails the checksum');
    assert.deepEqual(spelled(afterFlip), expected(pages));
    assert.ok(readFileSync(file).equals(intact), 'and the table is written again as it was');
    writeFileSync(file, intact.subarray(0, intact.length >> 1));
    assert.equal(countPageTerms(pages, loadPageTermsTable(options, dir)).tokenised, pages.length, 'a truncated table too');
    assert.ok(readFileSync(file).equals(intact));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a page edited again and again: each table decodes to its pages, and terms no page uses any more do not pile up', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'page-terms-'));
  const whole = await mkdtemp(path.join(tmpdir(), 'page-terms-'));
  try {
    let current = pages;
    countPageTerms(current, loadPageTermsTable(options, dir));
    for (let edit = 0; edit < 40; edit++) {
      // Each edit brings words no earlier one had.
      const words = Array.from({ length: 30 }, (_, i) => `word${edit}x${i}`).join(' ');
      current = [pages[0], page('getDeviceList', '', [''], `${pages[1].body} ${words}`), pages[2]];
      assert.equal(countPageTerms(current, loadPageTermsTable(options, dir)).tokenised, 1);
      const again = countPageTerms(current, loadPageTermsTable(options, dir));
      assert.equal(again.tokenised, 0, `edit ${edit}: every page from the table`);
      assert.deepEqual(spelled(again), expected(current), `edit ${edit}: the table's counts`);
    }
    countPageTerms(current, loadPageTermsTable(options, whole));
    const size = readFileSync(tableFile(dir)).length;
    const wholeSize = readFileSync(tableFile(whole)).length;
    assert.ok(size < 2 * wholeSize, `the table (${size} bytes) against one encoded whole (${wholeSize} bytes): unused terms were dropped`);
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(whole, { recursive: true, force: true });
  }
});

test('a process that keeps the table between builds writes the same tables as one that reads each back from the cache folder, through edits, a page gone and a table encoded whole again', async () => {
  const kept = await mkdtemp(path.join(tmpdir(), 'page-terms-'));
  const read = await mkdtemp(path.join(tmpdir(), 'page-terms-'));
  try {
    const memory: PageTermsMemory = {};
    const build = (list: IndexedPage[]) => {
      const withMemory = countPageTerms(list, loadPageTermsTable(options, kept, memory));
      const withoutMemory = countPageTerms(list, loadPageTermsTable(options, read));
      assert.equal(withMemory.tokenised, withoutMemory.tokenised, 'the same pages tokenised');
      assert.deepEqual(spelled(withMemory), expected(list), 'the kept table counts as tokenising every page does');
      assert.ok(readFileSync(tableFile(kept)).equals(readFileSync(tableFile(read))), 'the same table on disk, byte for byte');
      return withMemory;
    };
    let current = pages;
    build(current);
    build(current);
    assert.ok(memory.table, 'the table is kept after a build that stored nothing');
    // Each edit brings words no earlier one had, so the table is at some point mostly unused and encoded whole again.
    for (let edit = 0; edit < 12; edit++) {
      const words = Array.from({ length: 30 }, (_, i) => `word${edit}x${i}`).join(' ');
      current = [pages[0], page('getDeviceList', '', [''], `${pages[1].body} ${words}`), pages[2]];
      assert.equal(build(current).tokenised, 1, `edit ${edit}`);
    }
    current = [current[1], current[2]];
    assert.equal(build(current).tokenised, 0, 'a page gone');
    current = [...current, page('新页', '', ['', '设备绑定'], '新页的正文：设备绑定之后调用 getDeviceList。')];
    assert.equal(build(current).tokenised, 1, 'a page added');
  } finally {
    await rm(kept, { recursive: true, force: true });
    await rm(read, { recursive: true, force: true });
  }
});

test('a kept table is used instead of the cache folder\'s copy, and only for the folder and tokenizer options it was kept for', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'page-terms-'));
  try {
    const memory: PageTermsMemory = {};
    countPageTerms(pages, loadPageTermsTable(options, dir, memory));
    // The copy on disk damaged: a process reading it would tokenise every page again.
    writeFileSync(tableFile(dir), 'not a table');
    const kept = countPageTerms(pages, loadPageTermsTable(options, dir, memory));
    assert.equal(kept.tokenised, 0, 'every page from the kept table, the cache folder not read');
    assert.deepEqual(spelled(kept), expected(pages));
    assert.equal(countPageTerms(pages, loadPageTermsTable({ dictionary: [] }, dir, memory)).tokenised, pages.length, 'other tokenizer options');
    const other = await mkdtemp(path.join(tmpdir(), 'page-terms-'));
    try {
      assert.equal(countPageTerms(pages, loadPageTermsTable({ dictionary: [] }, other, memory)).tokenised, pages.length, 'another cache folder');
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
