/**
 * The sharded search index the build writes under assets/search/<hash>/ and the browser reads piece by
 * piece: a small meta file, term shards (a query fetches only the shards of its own terms) and one file
 * per page with what a result shows (fetched only for the results shown).
 */

export const SEARCH_INDEX_VERSION = 3;

/** meta.json: everything a query needs before it knows which shards to fetch. */
export interface SearchMeta {
  version: typeof SEARCH_INDEX_VERSION;
  pageCount: number;
  /** First term of every shard after the first, sorted: a term lives in the last shard starting at or before it. */
  shardStarts: string[];
  /** Synonym groups from site.config.ts, applied to queries. */
  synonyms: string[][];
  /** The user dictionary from site.config.ts: words the tokenizer also kept whole. */
  dictionary: string[];
}

/**
 * t<n>.json: the terms of one shard, sorted, each with
 * - its page postings: page-number gaps and weights interleaved (`[gap, weight, gap, weight, …]`), the weight
 *   being the term's BM25 score in that page with title, keywords, headings and body boosted and summed;
 * - the sections whose heading holds it: page-number gaps and the section's number in its page, interleaved.
 */
export type SearchShard = [term: string, pages: number[], headings: number[]][];

/** p<n>.json: what the results show of page n. */
export interface SearchPageEntry {
  route: string;
  title: string;
  /** Label of the page's top-level section. */
  section: string;
  /** Its sections in order: heading id ('' for the intro), heading, the start of its text. */
  sections: [anchor: string, heading: string, text: string][];
}

/** Field boosts: title matches rank far above heading matches, which rank above body matches. */
export const SEARCH_FIELD_BOOSTS = { title: 10, keywords: 6, headings: 4, body: 1 } as const;

/** The shard holding `term`, by binary search over the shards' first terms. */
export function shardOf(shardStarts: readonly string[], term: string): number {
  let low = 0;
  let high = shardStarts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (shardStarts[mid] <= term) low = mid + 1;
    else high = mid;
  }
  return low;
}
