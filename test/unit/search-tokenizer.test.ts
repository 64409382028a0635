import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CJK_CHAR, forEachTerm, textRuns, tokenize, tokenizeQuery, type TextRun } from '@docsgen/shared';
import { repoRoot } from '../helpers/fixtures.js';

/** True when every term of the query occurs among the text's terms: what the index needs to find it. */
const finds = (text: string, query: string) => {
  const terms = new Set(tokenize(text));
  return tokenizeQuery(query).every((term) => terms.has(term));
};

test('Chinese runs become overlapping bigrams, so words inside longer runs are found', () => {
  assert.deepEqual(tokenize('设备绑定失败'), ['设备', '备绑', '绑定', '定失', '失败']);
  assert.ok(finds('设备绑定失败', '绑定'));
  assert.ok(finds('固件升级', '固件'));
  assert.ok(finds('开通云存储套餐', '云存储'));
  assert.ok(!finds('设备定绑', '绑定'));
});

test('a one-character run is kept as is', () => {
  assert.deepEqual(tokenize('码'), ['码']);
  assert.deepEqual(tokenize('第 3 步'), ['第', '3', '步']);
});

test('API names are kept whole, lowercased, and split into parts', () => {
  assert.deepEqual(tokenize('getDeviceList'), ['getdevicelist', 'get', 'device', 'list']);
  assert.deepEqual(tokenize('XYIoT.init'), ['xyiot.init', 'xyiot', 'init']);
  assert.ok(finds('调用 XYIoT.init(this) 初始化', 'XYIoT.init'));
  assert.ok(finds('Android 用 XYIoT.device.getDeviceList(callback)', 'getDeviceList'));
  assert.deepEqual(tokenize('iOS'), ['ios']);
  assert.deepEqual(tokenize('X-XY-Signature'), ['x-xy-signature', 'xy', 'signature']);
});

test('numbers and acronyms are kept whole', () => {
  assert.deepEqual(tokenize('错误码 1003'), ['错误', '误码', '1003']);
  assert.ok(finds('签名校验失败时云端返回 1003。', '1003'));
  assert.deepEqual(tokenize('OTA升级'), ['ota', '升级']);
  assert.ok(finds('固件升级（OTA）', 'ota'));
});

test('punctuation and spaces only separate', () => {
  assert.deepEqual(tokenize('「固件」、（升级）！'), ['固件', '升级']);
  assert.deepEqual(tokenize('  '), []);
});

test('words of the user dictionary are also kept whole', () => {
  assert.deepEqual(tokenize('完成联网配置后', { dictionary: ['联网配置', '物模型'] }), ['完成', '成联', '联网', '网配', '配置', '置后', '联网配置']);
});

test('query terms are unique', () => {
  assert.deepEqual(tokenizeQuery('绑定 绑定'), ['绑定']);
});

/** The runs as one regular expression of Unicode properties finds them: what the tokenizer's scanner must agree with. */
const REFERENCE_RUN = new RegExp(String.raw`(${CJK_CHAR}+)|((?:(?!${CJK_CHAR})[\p{L}\p{N}_])+(?:[.\-](?:(?!${CJK_CHAR})[\p{L}\p{N}_])+)*)`, 'gu');
const referenceRuns = (text: string): TextRun[] => [...text.matchAll(REFERENCE_RUN)].map((match) => ({ kind: match[1] === undefined ? 'word' : 'cjk', text: match[0], start: match.index }));

/** Terms from the reference runs: a CJK run's pairs of characters (the run itself when one character), each word's terms. */
function referenceTerms(text: string, dictionary: string[]): string[] {
  return referenceRuns(text).flatMap((run) => {
    if (run.kind === 'word') return tokenize(run.text);
    const chars = Array.from(run.text);
    const pairs = chars.length === 1 ? chars : chars.slice(1).map((char, i) => chars[i] + char);
    return [...pairs, ...dictionary.filter((word) => run.text.includes(word))];
  });
}

/** Pieces that meet at the edges of runs: CJK of both planes, kana and ー, letters of several scripts and planes, digits, marks, separators, lone surrogates. */
const PIECES = ['设备', '绑', '𠀀', '𪚥', 'ひら', 'カタ', 'ー', '々', 'Get', 'device', 'ID', 'x', '_', '.', '-', '..', '--', ' ', '\n', '3', '２５６', 'Ａｂ', 'é', 'e\u0301', 'αβ', 'Ж', '𝒜', '😀', '\ud800', '\udc00', '（', '、', ':', '/', '#', '١٢'];

function randomTexts(count: number): string[] {
  let seed = 20261126;
  const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 2 ** 24;
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(next() * 14) }, () => PIECES[Math.floor(next() * PIECES.length)]).join(''));
}

test('runs and terms are the ones a regular expression of Unicode properties finds, across scripts, planes, separators and lone surrogates', () => {
  const dictionary = ['设备绑', '𠀀设'];
  for (const text of randomTexts(5000)) {
    assert.deepEqual(textRuns(text), referenceRuns(text), JSON.stringify(text));
    assert.deepEqual(tokenize(text, { dictionary }), referenceTerms(text, dictionary), JSON.stringify(text));
  }
});

test('on every doc of this site, the terms are the reference ones, and forEachTerm visits tokenize\'s terms in order', () => {
  const folder = path.join(repoRoot, 'content/docs');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
  assert.ok(files.length > 200);
  for (const file of files) {
    const text = readFileSync(path.join(folder, file), 'utf8');
    const terms = tokenize(text, { dictionary: ['联网配置'] });
    assert.deepEqual(terms, referenceTerms(text, ['联网配置']), file);
    const visited: string[] = [];
    forEachTerm(text, { dictionary: ['联网配置'] }, (term) => visited.push(term));
    assert.deepEqual(visited, terms, file);
  }
});
