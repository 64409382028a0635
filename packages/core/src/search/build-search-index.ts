import { createHash } from 'node:crypto';
import { encodePostings, encodeTerms, SEARCH_INDEX_VERSION, type SearchMeta, type SearchPageSections, type SearchPageTitles, type SearchShard } from '@docsgen/shared';
import type { OutputFile } from '../client/bundle-theme.js';
import type { ParsedDoc } from '../markdown/parse-docs.js';
import { invertPages, type IndexedPage, type TermPostings } from './invert-pages.js';
import { searchBody } from './pairs-by-word.js';

export interface SearchIndexResult {
  /** URL of meta.json, the file the browser reads first. */
  url?: string;
  files: OutputFile[];
}

export interface SearchIndexInput {
  docs: ParsedDoc[];
  baseUrl: string;
  /** Folder labels from `_category_.json`, by folder relative to the docs folder; a folder's index doc title otherwise. */
  categoryLabels?: Map<string, string>;
  /** `search` of site.config.ts: synonym groups (passed to the browser) and dictionary words (indexed whole). */
  synonyms?: string[][];
  dictionary?: string[];
  /** Characters of each section's text kept for excerpts (default 120; a result shows 90 around the first match). */
  excerptLength?: number;
  /** Uncompressed bytes after which a term shard is closed (default 16,000). */
  shardBytes?: number;
  /** Pages per page file (default 4): gzip compresses a few pages together far better than each alone. */
  pagesPerFile?: number;
}

/**
 * Builds the search index of listed, published docs into assets/search/<hash>/: meta.json, pages.json (the
 * titles), term shards t<n>.json and page files p<n>.json (see SearchMeta). The folder's name is the hash of
 * its contents.
 */
export function buildSearchIndex(input: SearchIndexInput): SearchIndexResult {
  const docs = input.docs.filter((doc) => !doc.source.frontMatter.draft && !doc.source.frontMatter.unlisted);
  if (!docs.length) return { files: [] };
  const dictionary = [...new Set(input.dictionary ?? [])];
  const labels = folderLabels(input.docs, input.categoryLabels);
  const sections = docs.map((doc) => pageSections(doc, input.excerptLength ?? 120));
  const terms = invertPages(docs.map(indexedPage), { dictionary });
  const { shards, shardStarts } = splitShards(terms, input.shardBytes ?? 16_000);
  const pagesPerFile = input.pagesPerFile ?? 4;
  const meta: SearchMeta = { version: SEARCH_INDEX_VERSION, pageCount: docs.length, shardStarts, pagesPerFile, synonyms: input.synonyms ?? [], dictionary };
  const contents = new Map<string, string>([
    ['meta.json', JSON.stringify(meta)],
    ['pages.json', JSON.stringify(pageTitles(docs, labels))],
  ]);
  shards.forEach((shard, i) => contents.set(`t${i}.json`, JSON.stringify(shard)));
  for (let first = 0; first < sections.length; first += pagesPerFile) {
    contents.set(`p${first / pagesPerFile}.json`, JSON.stringify(sections.slice(first, first + pagesPerFile)));
  }
  const hash = createHash('sha1');
  for (const [name, text] of contents) hash.update(name).update(text);
  const dir = `assets/search/${hash.digest('hex').slice(0, 10)}/`;
  return { url: input.baseUrl + dir + 'meta.json', files: [...contents].map(([name, text]) => ({ path: dir + name, contents: text })) };
}

/** Each doc's route, title and the label of its top-level folder, labels listed once. */
function pageTitles(docs: ParsedDoc[], labels: Map<string, string>): SearchPageTitles {
  const used = new Map<string, number>();
  const pages = docs.map((doc): SearchPageTitles['pages'][number] => {
    const top = doc.source.docsPath.includes('/') ? doc.source.docsPath.split('/')[0] : '';
    const label = top ? (labels.get(top) ?? top) : '';
    if (!used.has(label)) used.set(label, used.size);
    return [doc.source.route, doc.title, used.get(label)!];
  });
  return { labels: [...used.keys()], pages };
}

/** Each section's heading id, heading and first words. */
function pageSections(doc: ParsedDoc, excerptLength: number): SearchPageSections {
  return doc.sections.map((section, i) => [
    section.id ?? '',
    section.heading ?? '',
    // The intro shows the page description when the page has no text before its first heading.
    excerpt(i === 0 && !section.text ? doc.description : section.text, excerptLength),
  ]);
}

function indexedPage(doc: ParsedDoc): IndexedPage {
  return {
    title: doc.title,
    keywords: [doc.source.frontMatter.keywords ?? []].flat().join(' '),
    headings: doc.sections.map((section) => section.heading ?? ''),
    body: searchBody(doc.description, doc.sections),
    bodyPairs: doc.bodyPairs,
  };
}

/** Cuts the sorted terms into shards of about `bytes` of postings each; a term is never split. */
function splitShards(terms: TermPostings[], bytes: number): { shards: SearchShard[]; shardStarts: string[] } {
  const shards: SearchShard[] = [];
  const shardStarts: string[] = [];
  let current: TermPostings[] = [];
  let postings: string[] = [];
  let size = 0;
  const close = () => shards.push([encodeTerms(current.map((entry) => entry.term)), postings.join(' ')]);
  for (const entry of terms) {
    const encoded = encodePostings(entry.pages, entry.weights);
    if (current.length && size + encoded.length > bytes) {
      close();
      shardStarts.push(entry.term);
      current = [];
      postings = [];
      size = 0;
    }
    current.push(entry);
    postings.push(encoded);
    size += encoded.length + entry.term.length + 4;
  }
  close();
  return { shards, shardStarts };
}

/** Label of each top-level folder: its category label, else its index doc's title. */
function folderLabels(docs: ParsedDoc[], categoryLabels: Map<string, string> | undefined): Map<string, string> {
  const labels = new Map<string, string>();
  for (const doc of docs) {
    const match = /^([^/]+)\/index\.md$/.exec(doc.source.docsPath);
    if (match) labels.set(match[1], doc.title);
  }
  for (const [dir, label] of categoryLabels ?? []) if (!dir.includes('/')) labels.set(dir, label);
  return labels;
}

/** The start of a section's text, whitespace collapsed, cut at a character boundary. */
function excerpt(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // Counted up to `length` characters rather than splitting the whole text (a tenth of a 10,000-page warm build's index).
  let end = 0;
  for (let n = 0; n < length && end < flat.length; n++) end += flat.codePointAt(end)! > 0xffff ? 2 : 1;
  return end >= flat.length ? flat : flat.slice(0, end) + '…';
}
