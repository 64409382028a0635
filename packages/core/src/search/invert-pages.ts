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

/** One term of the index: the pages holding it (ascending) and its weight in each. */
export interface TermPostings {
  term: string;
  pages: number[];
  weights: number[];
}

/**
 * The inverted index of the pages, sorted by term: each term's pages with their BM25 weight (fields boosted
 * and summed). One pass over the pages, so linear in their size.
 */
export function invertPages(pages: IndexedPage[], options: TokenizeOptions): TermPostings[] {
  const byTerm = new Map<string, TermCounts>();
  const lengths = FIELDS.map(() => new Uint32Array(pages.length));
  const postingsOf = (term: string) => {
    let entry = byTerm.get(term);
    if (!entry) byTerm.set(term, (entry = { pages: [], counts: [] }));
    return entry;
  };
  pages.forEach((page, p) => {
    FIELDS.forEach((field, f) => {
      const terms = tokenize(field === 'headings' ? page.headings.join('\n') : page[field], options);
      lengths[f][p] = terms.length;
      for (const term of terms) {
        const entry = postingsOf(term);
        if (entry.pages[entry.pages.length - 1] !== p) {
          entry.pages.push(p);
          entry.counts.push(0, 0, 0, 0);
        }
        entry.counts[entry.counts.length - FIELDS.length + f]++;
      }
    });
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
