import { forEachTermOrPair, SEARCH_FIELD_BOOSTS, type TokenizeOptions } from '@docsgen/shared';
import type { IndexedText } from './indexed-text.js';
import type { PairsByWord } from './pairs-by-word.js';
import type { TermNumbers } from './term-numbers.js';

/** The text of one page, by field, with its key (`indexedTextKey`). */
export interface IndexedPage extends IndexedText {
  key: string;
  /** The body's pairs by word (`pairsByWord` of `body`), worked out when the page was parsed. */
  bodyPairs: PairsByWord;
}

const FIELDS = ['title', 'keywords', 'headings', 'body'] as const;
/** Fields of a page: `PageTerms.lengths` holds one length per field. */
export const FIELD_COUNT = FIELDS.length;
const BOOSTS = FIELDS.map((field) => SEARCH_FIELD_BOOSTS[field]);
// BM25: term-frequency saturation and length normalisation. Pages are long and uneven, so length counts less than BM25's usual 0.75.
const K1 = 1.2;
const B = 0.5;
/** BM25+: a match counts at least this much however long the page, so a long reference page (the error codes) is not buried. */
const DELTA = 0.5;
/** Weights are stored on a logarithmic scale whose lowest level is 1: the score times this, so a score of 1/8 still counts apart from 1. */
const WEIGHT_SCALE = 8;
/** Numbers per posting: the term's count in the page's each field (FIELDS order), then how many of its body's are across two words. */
const SLOTS = FIELDS.length + 1;
const BODY = FIELDS.indexOf('body');
const ACROSS_WORDS = FIELDS.length;
/** A page's own counts carry one more slot: 1 when its body holds the term inside a word. */
export const PAGE_SLOTS = SLOTS + 1;
const INSIDE_WORD = SLOTS;

/** What tokenising one page gives: its distinct terms, each one's counts, and each field's length in terms. */
export interface PageTerms {
  /** Each distinct term of the page, by its number in the build's TermNumbers. */
  numbers: Uint32Array;
  /** PAGE_SLOTS numbers per term of `numbers`: its count in each field, in its body across two words, and whether inside a word (0 or 1). */
  counts: Uint32Array;
  /** Terms in each field (FIELDS order), repeats included. */
  lengths: Uint32Array;
}

/** One term of the index: the pages holding it (ascending) and its weight in each. */
export interface TermPostings {
  term: string;
  pages: Uint32Array;
  weights: Float64Array;
}

/**
 * Each term number's place in the page being counted, -1 for none: one array for every page, its used places set back
 * after each, since looking the page's terms up by their strings in a map of its own was most of counting them.
 */
let placeOf: Int32Array = new Int32Array(0);

/**
 * Tokenises one page, numbering its terms in `termNumbers`: done once per page and kept (page-terms-cache.ts), as a
 * page's text rarely changes between builds.
 */
export function countTerms(page: Omit<IndexedPage, 'key'>, options: TokenizeOptions, termNumbers: TermNumbers): PageTerms {
  const numbers: number[] = [];
  const counts: number[] = [];
  const lengths = new Uint32Array(FIELDS.length);
  const place = (number: number): number => {
    if (number >= placeOf.length) placeOf = grown(placeOf, number + 1);
    let at = placeOf[number];
    if (at < 0) {
      placeOf[number] = at = numbers.push(number) - 1;
      for (let s = 0; s < PAGE_SLOTS; s++) counts.push(0);
    }
    return at;
  };
  try {
    FIELDS.forEach((field, f) => {
      const count = (number: number) => {
        lengths[f]++;
        counts[place(number) * PAGE_SLOTS + f]++;
      };
      forEachTermOrPair(
        field === 'headings' ? page.headings.join('\n') : page[field],
        options,
        (term) => count(termNumbers.numberOf(term)),
        (first, second) => count(termNumbers.numberOfPair(first, second)),
      );
      if (f === BODY) {
        for (const pair of page.bodyPairs.across) counts[place(termNumbers.numberOf(pair)) * PAGE_SLOTS + ACROSS_WORDS]++;
        // Each is one of the body's terms (pairsByWord), so already placed.
        for (const pair of page.bodyPairs.inside) {
          const at = placeOf[termNumbers.numberOf(pair)];
          if (at >= 0) counts[at * PAGE_SLOTS + INSIDE_WORD] = 1;
        }
      }
    });
  } finally {
    for (const number of numbers) placeOf[number] = -1;
  }
  return { numbers: Uint32Array.from(numbers), counts: Uint32Array.from(counts), lengths };
}

/** `places` made room for `size` numbers at least, the new ones -1. */
function grown(places: Int32Array, size: number): Int32Array {
  const larger = new Int32Array(Math.max(size, 2 * places.length, 1024)).fill(-1);
  larger.set(places);
  return larger;
}

/**
 * The inverted index of the pages, sorted by term: each term's pages with their BM25 weight (fields boosted
 * and summed). Linear in the pages' terms: each term's postings are counted, given their place in one array, then
 * filled in, page by page, so each term's pages come out ascending.
 *
 * A body's character pairs that span two words (`pairsByWord`: 备绑 of 设备|绑|定) are most of its pairs and say
 * only that two words stood side by side. Such a pair is indexed only when the site uses it otherwise: in some
 * title, keywords or heading (a heading says 属性设置, so 性设 stays wherever a body says it too), or inside a
 * word of some body (发票 of 申请|发票 keeps 发票 of 开发|票, the segmenter's mistake for 开|发票). A query still
 * asks for all its pairs; one that no page holds is left out of it (see `minimumPairs`). Measured on this site's
 * 179 queries: 315 → 177 KB of postings, top-1, top-5 and MRR each as high or higher (README, Search).
 */
export function invertPages(pages: PageTerms[], termNumbers: TermNumbers): TermPostings[] {
  const termCount = termNumbers.terms.length;
  // Plain loops over typed arrays: this runs for every posting (millions at 10,000 pages); a list per term grown
  // posting by posting, found by its string, was half the index's time at 10,000 pages, most of it garbage collection.
  const start = new Uint32Array(termCount + 1);
  for (const { numbers } of pages) for (let i = 0; i < numbers.length; i++) start[numbers[i] + 1]++;
  for (let n = 0; n < termCount; n++) start[n + 1] += start[n];
  const next = start.slice(0, termCount);
  const postingPages = new Uint32Array(start[termCount]);
  const postingCounts = new Uint32Array(start[termCount] * SLOTS);
  const acrossWords = new Uint8Array(termCount);
  const insideWord = new Uint8Array(termCount);
  for (let p = 0; p < pages.length; p++) {
    const { numbers, counts } = pages[p];
    for (let i = 0; i < numbers.length; i++) {
      const n = numbers[i];
      const at = next[n]++;
      postingPages[at] = p;
      for (let s = 0; s < SLOTS; s++) postingCounts[at * SLOTS + s] = counts[i * PAGE_SLOTS + s];
      if (counts[i * PAGE_SLOTS + ACROSS_WORDS]) acrossWords[n] = 1;
      if (counts[i * PAGE_SLOTS + INSIDE_WORD]) insideWord[n] = 1;
    }
  }
  const lengths = FIELDS.map((_, f) => Uint32Array.from(pages, (page) => page.lengths[f]));
  const average = lengths.map((values) => values.reduce((sum, n) => sum + n, 0) / pages.length || 1);
  // BM25's length normalisation of each page in each field, worked out once rather than for every term of the page.
  const norms = lengths.map((values, f) => Float64Array.from(values, (length) => K1 * (1 - B + (B * length) / average[f])));
  const { terms } = termNumbers;
  const used: number[] = [];
  for (let n = 0; n < termCount; n++) if (start[n + 1] > start[n]) used.push(n);
  const inverted: TermPostings[] = [];
  for (const n of used.sort((a, b) => (terms[a] < terms[b] ? -1 : 1))) {
    let list = postingPages.subarray(start[n], start[n + 1]);
    const counts = postingCounts.subarray(start[n] * SLOTS, start[n + 1] * SLOTS);
    if (acrossWords[n] && !insideWord[n] && !inTitleOrHeadings(counts)) list = list.subarray(0, dropAcrossWords(list, counts));
    if (!list.length) continue;
    const idf = Math.log(1 + (pages.length - list.length + 0.5) / (list.length + 0.5));
    const weights = new Float64Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const p = list[i];
      let score = 0;
      for (let f = 0; f < FIELDS.length; f++) {
        const tf = counts[i * SLOTS + f];
        if (tf) score += BOOSTS[f] * idf * (DELTA + (tf * (K1 + 1)) / (tf + norms[f][p]));
      }
      weights[i] = score * WEIGHT_SCALE;
    }
    inverted.push({ term: terms[n], pages: list, weights });
  }
  return inverted;
}

/** Whether some page's title, keywords or headings hold the term, by its counts (SLOTS per page). */
function inTitleOrHeadings(counts: Uint32Array): boolean {
  for (let at = 0; at < counts.length; at += SLOTS) for (let f = 0; f < BODY; f++) if (counts[at + f]) return true;
  return false;
}

/**
 * Takes a term's body occurrences across two words out of its counts, and the pages left with none, in place; returns
 * how many pages are left. Most of a body's pairs are across words, so this runs for a good share of all postings.
 */
function dropAcrossWords(pages: Uint32Array, counts: Uint32Array): number {
  let kept = 0;
  for (let i = 0; i < pages.length; i++) {
    const from = i * SLOTS;
    counts[from + BODY] -= counts[from + ACROSS_WORDS];
    let left = false;
    for (let f = 0; f < FIELDS.length; f++) if (counts[from + f]) left = true;
    if (!left) continue;
    pages[kept] = pages[i];
    for (let s = 0; s < SLOTS; s++) counts[kept * SLOTS + s] = counts[from + s];
    kept++;
  }
  return kept;
}
