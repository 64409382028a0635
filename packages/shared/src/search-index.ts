/** The search index file the build writes and the browser loads on first use of the search box. */
export interface SearchIndexFile {
  /** Format version; the client refuses other versions. */
  version: 2;
  /** One row per indexed page: route, title and section label (its top-level folder). */
  pages: [route: string, title: string, section: string][];
  /** One row per indexed section (its ref is the row number): page row, heading id ('' for the intro), heading, excerpt text. */
  sections: [page: number, anchor: string, heading: string, text: string][];
  index: SearchPostings;
}

/**
 * The inverted index in compact form (a serialized lunr index is 8× larger); the client turns it into
 * a lunr index with the same BM25 scores lunr's builder would compute.
 */
export interface SearchPostings {
  /** Field names, in key order. */
  fields: string[];
  /** Boost of each field. */
  boosts: number[];
  /** Every term, sorted. */
  terms: string[];
  /**
   * Per term, its postings: keys `section * fields.length + field`, ascending and delta-encoded,
   * each followed by `-tf` when the term occurs more than once in that field.
   */
  postings: number[][];
  /** Token count of each key (`section * fields.length + field`). */
  lengths: number[];
}

/** Field boosts: title matches rank far above heading matches, which rank above body matches. */
export const SEARCH_FIELD_BOOSTS: Record<string, number> = { title: 10, keywords: 6, heading: 4, body: 1 };
