import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodePostings, decodeTerms, encodePostings, encodeTerms, levelWeight, weightLevel } from '../../../packages/shared/src/search-postings.js';

test('postings round-trip: page numbers exactly, weights within 7 %, large gaps and weights included', () => {
  const pages = [0, 1, 45, 46, 2_115, 2_116, 9_999, 123_456];
  const weights = [1, 2.5, 40, 97.3, 1_000, 12_345, 0.2, 3];
  const encoded = encodePostings(pages, weights);
  assert.doesNotMatch(encoded, /["'\\\s]/, 'nothing JSON escapes and no separator');
  assert.equal(JSON.stringify(encoded).length, encoded.length + 2);
  const decoded = decodePostings(encoded);
  assert.deepEqual([...decoded.pages], pages);
  decoded.weights.forEach((weight, i) => {
    const expected = Math.max(1, weights[i]);
    assert.ok(Math.abs(weight - expected) / expected <= 0.07, `${weight} for ${weights[i]}`);
  });
  assert.ok(levelWeight(weightLevel(50)) < levelWeight(weightLevel(60)), 'weights a fifth apart stay apart');
  assert.deepEqual(decodePostings(''), { pages: new Uint32Array(0), weights: new Float64Array(0) });
});

test('a page gap below 46 and a weight level below 46 take one character each, the lowest level one more', () => {
  assert.equal(encodePostings([3, 10, 50], [1, 2, 3]).length, 7);
});

test('gaps, then levels counted from the term\'s lowest: terms weighted alike but for their rarity differ in one character', () => {
  const common = encodePostings([2, 7, 9], [3, 6, 12]);
  const rare = encodePostings([2, 7, 9], [30, 60, 120]);
  assert.notEqual(common[0], rare[0]);
  assert.equal(common.slice(1), rare.slice(1));
  assert.throws(() => decodePostings(common.slice(0, -1)), /the lowest level, then as many gaps as levels/);
});

test('terms round-trip front-coded; pairs sharing their first character cost one character each', () => {
  const terms = ['1003', '1003a', 'getdeviceinfo', 'getdevicelist', 'getdevicelistbypage', '设备', '设定', '设置', '设置项目', '𠀀字'];
  const encoded = encodeTerms(terms);
  assert.deepEqual(decodeTerms(encoded), terms);
  assert.match(encoded, / 1定 1置 /);
  assert.deepEqual(decodeTerms(encodeTerms([])), []);
});

test('a term of one page is its level and its page, two numbers', () => {
  const encoded = encodePostings([70], [5]);
  assert.equal(encoded.length, 3, 'level 12 in one character, page 70 in two');
  const decoded = decodePostings(encoded);
  assert.deepEqual([...decoded.pages], [70]);
  assert.equal(decoded.weights[0], levelWeight(weightLevel(5)));
});

test('a term in 200,000 pages encodes and decodes (its lowest level is not found by spreading the levels into Math.min)', () => {
  const pages = Array.from({ length: 200_000 }, (_, i) => 3 * i);
  const weights = pages.map((_, i) => 2 + (i % 7));
  const decoded = decodePostings(encodePostings(pages, weights));
  assert.equal(decoded.pages.length, pages.length);
  assert.equal(decoded.pages[199_999], 599_997);
  assert.equal(Math.min(...decoded.weights.subarray(0, 7)), levelWeight(weightLevel(2)));
});
