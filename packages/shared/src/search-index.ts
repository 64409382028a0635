/**
 * The sharded search index the build writes under assets/search/<hash>/ and the browser reads piece by
 * piece: a small meta file and the list of page titles (both fetched when the search box is focused), term
 * shards (a query fetches only the shards of its own terms) and files of a few pages each with their
 * sections' headings and first words (fetched only for the results shown).
 */

export const SEARCH_INDEX_VERSION = 7;

/** meta.json: everything a query needs before it knows which shards to fetch. */
export interface SearchMeta {
  version: typeof SEARCH_INDEX_VERSION;
  pageCount: number;
  /** First term of every shard after the first, sorted: a term lives in the last shard starting at or before it. */
  shardStarts: string[];
  /** Pages per page file: page n is in p<floor(n / pagesPerFile)>.json. */
  pagesPerFile: number;
  /** Synonym groups from site.config.ts, applied to queries. */
  synonyms: string[][];
  /** The user dictionary from site.config.ts: words the tokenizer also kept whole. */
  dictionary: string[];
}

/**
 * t<n>.json: the terms of one shard, sorted and front-coded in one string (`encodeTerms`), and in a second
 * string, separated by spaces, each term's postings (`encodePostings`): the pages holding it with its weight
 * there, the term's BM25 score in that page with title, keywords, headings and body boosted and summed.
 */
export type SearchShard = [terms: string, postings: string];

/**
 * pages.json: every page's route, title and top-level section label (an index into `labels`), so that a
 * query's results are shown as soon as its shards have arrived, before their page files.
 */
export interface SearchPageTitles {
  labels: string[];
  pages: [route: string, title: string, label: number][];
}

/** p<n>.json: the sections of pages n × pagesPerFile onwards, in page order. */
export type SearchPageFile = SearchPageSections[];

/** A page's sections in order: heading id ('' for the intro), heading, the start of its text. */
export type SearchPageSections = [anchor: string, heading: string, text: string][];

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
