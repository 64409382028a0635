/** The search index file the build writes and the browser loads on first use of the search box. */
export interface SearchIndexFile {
  /** Format version; the client refuses other versions. */
  version: 1;
  /** One row per indexed page: route, title and section label (its top-level folder). */
  pages: [route: string, title: string, section: string][];
  /** One row per lunr document (its ref is the row number): page row, heading id ('' for the intro), heading, excerpt text. */
  sections: [page: number, anchor: string, heading: string, text: string][];
  /** A serialized lunr index over the fields `title`, `keywords`, `heading` and `body`, built with the shared tokenizer and an empty pipeline. */
  index: object;
}

/** Field boosts: title matches rank far above heading matches, which rank above body matches. */
export const SEARCH_FIELD_BOOSTS = { title: 10, keywords: 6, heading: 4, body: 1 } as const;
