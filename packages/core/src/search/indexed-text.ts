import { hash } from '../hash.js';
import type { SearchSection } from '../markdown/search-sections.js';
import { searchBody } from './pairs-by-word.js';

/** A doc's text as the search index reads it, by field. */
export interface IndexedText {
  title: string;
  keywords: string;
  /** Each section's heading, '' for the intro. */
  headings: string[];
  body: string;
}

/** The indexed text of a parsed doc, its body joined when first read (a warm build's index reads only edited pages' bodies). */
export function indexedText(doc: { title: string; description: string; sections: SearchSection[]; source: { frontMatter: { keywords?: string | string[] } } }): IndexedText {
  let body: string | undefined;
  return {
    title: doc.title,
    keywords: [doc.source.frontMatter.keywords ?? []].flat().join(' '),
    headings: doc.sections.map((section) => section.heading ?? ''),
    get body() {
      return (body ??= searchBody(doc.description, doc.sections));
    },
  };
}

/**
 * What the text's terms depend on, by which the search terms table (page-terms-cache.ts) finds a page's counts: worked
 * out when the doc is parsed and cached with it, so that a warm build does not hash every page's text again (at 10,000
 * pages, 0.2 s of the search worker, which the build waits for). Its pairs by word follow from its body, by the parse
 * worker's code and the segmenter's data, both in the table's key.
 */
export function indexedTextKey(text: IndexedText): string {
  return hash(JSON.stringify([text.title, text.keywords, text.headings, text.body]));
}
