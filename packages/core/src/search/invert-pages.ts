import { SEARCH_FIELD_BOOSTS, tokenize, type TokenizeOptions } from '@docsgen/shared';

/** The text of one page, by field. */
export interface IndexedPage {
  title: string;
  keywords: string;
  /** Each section's heading, '' for the intro. */
  headings: string[];
  body: string;
}

const FIELDS = ['title', 'keywords', 'headings', 'body'] as const;
const BOOSTS = FIELDS.map((field) => SEARCH_FIELD_BOOSTS[field]);
// BM25: term-frequency saturation and length normalisation. Pages are long and uneven, so length counts less than BM25's usual 0.75.
const K1 = 1.2;
const B = 0.5;
/** BM25+: a match counts at least this much however long the page, so a long reference page (the error codes) is not buried. */
const DELTA = 0.5;
/** Weights are stored on a logarithmic scale whose lowest level is 1: the score times this, so a score of 1/8 still counts apart from 1. */
const WEIGHT_SCALE = 8;
interface TermCounts {
  pages: number[];
  /** Per page in `pages`, the term's count in each field (FIELDS order). */
  counts: number[];
}

/** What tokenising one page gives: its distinct terms, each one's count in each field, and each field's length in terms. */
export interface PageTerms {
  terms: string[];
  /** FIELDS.length counts per term of `terms`. */
  counts: Uint32Array;
  /** Terms in each field (FIELDS order), repeats included. */
  lengths: Uint32Array;
}

/** One term of the index: the pages holding it (ascending) and its weight in each. */
export interface TermPostings {
  term: string;
  pages: number[];
  weights: number[];
}

/** Tokenises one page: done once per page and kept (page-terms-cache.ts), as a page's text rarely changes between builds. */
export function countTerms(page: IndexedPage, options: TokenizeOptions): PageTerms {
  const position = new Map<string, number>();
  const terms: string[] = [];
  const counts: number[] = [];
  const lengths = new Uint32Array(FIELDS.length);
  FIELDS.forEach((field, f) => {
    const tokens = tokenize(field === 'headings' ? page.headings.join('\n') : page[field], options);
    lengths[f] = tokens.length;
    for (const token of tokens) {
      let at = position.get(token);
      if (at === undefined) {
        position.set(token, (at = terms.length));
        terms.push(token);
        counts.push(0, 0, 0, 0);
      }
      counts[at * FIELDS.length + f]++;
    }
  });
  return { terms, counts: Uint32Array.from(counts), lengths };
}

/**
 * The inverted index of the pages, sorted by term: each term's pages with their BM25 weight (fields boosted
 * and summed). One pass over the pages' terms, so linear in their size.
 */
export function invertPages(pages: PageTerms[]): TermPostings[] {
  const byTerm = new Map<string, TermCounts>();
  const lengths = FIELDS.map((_, f) => Uint32Array.from(pages, (page) => page.lengths[f]));
  pages.forEach(({ terms, counts }, p) => {
    for (let i = 0; i < terms.length; i++) {
      let entry = byTerm.get(terms[i]);
      if (!entry) byTerm.set(terms[i], (entry = { pages: [], counts: [] }));
      entry.pages.push(p);
      for (let f = 0; f < FIELDS.length; f++) entry.counts.push(counts[i * FIELDS.length + f]);
    }
  });
  const average = lengths.map((values) => values.reduce((sum, n) => sum + n, 0) / pages.length || 1);
  // BM25's length normalisation of each page in each field, worked out once rather than for every term of the page.
  const norms = lengths.map((values, f) => Float64Array.from(values, (length) => K1 * (1 - B + (B * length) / average[f])));
  const terms = [...byTerm.keys()].sort();
  // Plain loops: this runs for every posting (millions at 10,000 pages), and closures per field made it a third of the index's time.
  return terms.map((term) => {
    const { pages: list, counts } = byTerm.get(term)!;
    const idf = Math.log(1 + (pages.length - list.length + 0.5) / (list.length + 0.5));
    const weights = new Array<number>(list.length);
    for (let i = 0; i < list.length; i++) {
      const p = list[i];
      let score = 0;
      for (let f = 0; f < FIELDS.length; f++) {
        const tf = counts[i * FIELDS.length + f];
        if (tf) score += BOOSTS[f] * idf * (DELTA + (tf * (K1 + 1)) / (tf + norms[f][p]));
      }
      weights[i] = score * WEIGHT_SCALE;
    }
    return { term, pages: list, weights };
  });
}
