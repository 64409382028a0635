import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pairsByWord } from '../../../packages/core/src/search/pairs-by-word.js';
import { tokenize } from '../../../packages/shared/src/search-tokenizer.js';
import { countTerms, invertPages as invertCounted, PAGE_SLOTS, type IndexedPage } from '../../../packages/core/src/search/invert-pages.js';
import { TermNumbers } from '../../../packages/core/src/search/term-numbers.js';

const page = (title: string, body: string, headings: string[] = []): Omit<IndexedPage, 'key'> => ({ title, keywords: '', headings, body, bodyPairs: pairsByWord(body) });
/** Each page tokenised (as the build does, or takes from its cache), then inverted. */
const invertPages = (pages: Omit<IndexedPage, 'key'>[], options: { dictionary?: string[] }) => {
  const termNumbers = new TermNumbers();
  return invertCounted(pages.map((one) => countTerms(one, options, termNumbers)), termNumbers);
};

/** The pages of a term of the index as an array, undefined when it is not in it. */
const pagesOfTerm = (terms: ReturnType<typeof invertPages>, term: string) => {
  const found = terms.find((entry) => entry.term === term);
  return found && [...found.pages];
};

test('pairs by word: inside one word; across a word of two or more characters or a lone function word and its neighbour; two other lone characters in neither', () => {
  // Intl.Segmenter: 设备|绑|定|失败 and 网|关|与|子|设备 (its dictionary lacks 绑定 and 网关).
  assert.deepEqual(pairsByWord('设备绑定失败'), { inside: ['设备', '失败'], across: ['备绑', '定失'] });
  assert.deepEqual(pairsByWord('设备，设备').inside, ['设备'], 'inside pairs once each');
  assert.deepEqual(pairsByWord('网关与子设备'), { inside: ['设备'], across: ['关与', '与子', '子设'] }, '网关 stays (neither list): 与 is a function word');
  // 完成|属性|设置, then 再|完成|属性|设置; one pair per occurrence, Latin words and punctuation apart.
  assert.deepEqual(pairsByWord('调用 getDeviceList 完成属性设置，再完成属性设置').across, ['成属', '性设', '再完', '成属', '性设']);
  assert.deepEqual(pairsByWord('设备 绑定'), { inside: ['设备'], across: [] }, 'a run of two characters is one pair, never across words');
  // 已|绑|定|设备: 已 alone is a function word, so 已绑 is two words side by side; 绑定 is a word the segmenter lacks.
  assert.deepEqual(pairsByWord('已绑定设备'), { inside: ['设备'], across: ['已绑', '定设'] });
});

test('a body indexes a pair across two words when some title or heading holds the pair, else not', () => {
  const terms = invertPages(
    [
      page('控制台', '在控制台完成属性设置'),
      page('物模型', '说明', ['属性设置']),
      page('说明', '设备绑定失败'),
    ],
    {},
  );
  const pagesOf = (term: string) => pagesOfTerm(terms, term);
  assert.deepEqual(pagesOf('性设'), [0, 1], 'a heading says 属性设置: the body of page 0 keeps 性设');
  assert.equal(pagesOf('成属'), undefined, 'no title or heading holds 成属');
  assert.equal(pagesOf('备绑'), undefined);
  assert.equal(pagesOf('定失'), undefined);
  assert.deepEqual(pagesOf('绑定'), [2], 'two lone characters (绑|定) stay a pair');
  assert.deepEqual(pagesOf('失败'), [2]);
  assert.deepEqual(pagesOf('设置'), [0, 1]);
});

test('a body keeps a pair across two words that another body holds inside a word (the segmenter reads 开发|票, 申请|发票)', () => {
  const terms = invertPages([page('说明', '付款后可以开发票'), page('说明', '在费用中心申请发票'), page('说明', '开发者先创建应用')], {});
  const pagesOf = (term: string) => pagesOfTerm(terms, term);
  assert.deepEqual(pagesOf('发票'), [0, 1]);
  assert.equal(pagesOf('发者'), undefined, '开发|者: no body holds 发者 inside a word, no title or heading at all');
});

test('a term left with no page after its pairs across words are taken out is not in the index at all', () => {
  const terms = invertPages([page('说明', '设备绑定失败'), page('说明', '设备绑定失败了')], {});
  assert.ok(terms.every((entry) => entry.pages.length > 0));
  assert.ok(!terms.some((entry) => entry.term === '备绑'));
});

test("a page's counted terms are tokenize's terms of each field, pairs of BMP characters and of astral ones (𠮷) alike, numbered once across pages", () => {
  const pages = [page('设备绑定 SDK', '𠮷野家的设备绑定失败，调用 XYIoT.bindDevice 重试。设备绑定', ['绑定设备']), page('绑定', '设备𠮷')];
  const termNumbers = new TermNumbers();
  const counted = pages.map((one) => countTerms(one, {}, termNumbers));
  counted.forEach(({ numbers, counts, lengths }, p) => {
    const { title, keywords, headings, body } = pages[p];
    [title, keywords, headings.join('\n'), body].forEach((text, field) => {
      const expected = new Map<string, number>();
      for (const term of tokenize(text)) expected.set(term, (expected.get(term) ?? 0) + 1);
      const found = new Map<string, number>();
      numbers.forEach((number, i) => {
        if (counts[i * PAGE_SLOTS + field]) found.set(termNumbers.terms[number], counts[i * PAGE_SLOTS + field]);
      });
      assert.deepEqual(found, expected, `page ${p}, field ${field}`);
      assert.equal(lengths[field], tokenize(text).length);
    });
    assert.equal(new Set(numbers).size, numbers.length, 'each term once per page');
  });
  assert.equal(new Set(termNumbers.terms).size, termNumbers.terms.length, 'each term numbered once');
  assert.ok(termNumbers.terms.includes('𠮷野') && termNumbers.terms.includes('备𠮷'));
  assert.equal(termNumbers.numberOf('设备'), termNumbers.numberOfPair('设'.charCodeAt(0), '备'.charCodeAt(0)));
});
