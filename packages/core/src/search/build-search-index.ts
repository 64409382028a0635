import { encodePostings, encodeTerms, SEARCH_INDEX_VERSION, type SearchMeta, type SearchPageSections, type SearchPageTitles, type SearchShard } from '@docsgen/shared';
import type { KeyedFile } from '../emit/output-sink.js';
import { hash } from '../hash.js';
import type { ParsedDoc } from '../markdown/parse-docs.js';
import { invertPages, type IndexedPage, type TermPostings } from './invert-pages.js';
import { countPageTerms, loadPageTermsTable } from './page-terms-cache.js';
import { indexedText } from './indexed-text.js';

export interface SearchIndexResult {
  /** URL of the meta file, the one the browser reads first. */
  url?: string;
  files: KeyedFile[];
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
  /** The persistent cache folder: each page's terms are kept there, so that only changed pages are tokenised again. */
  cacheDir?: string;
}

/**
 * Builds the search index of listed, published docs into assets/search/: the meta file, the titles, term shards and
 * page files (see SearchMeta), each named by its contents.
 */
export function buildSearchIndex(input: SearchIndexInput, table = loadPageTermsTable(tokenizeOptions(input.dictionary), input.cacheDir)): SearchIndexResult {
  const docs = input.docs.filter((doc) => !doc.source.frontMatter.draft && !doc.source.frontMatter.unlisted);
  if (!docs.length) return { files: [] };
  const dictionary = [...(table.options.dictionary ?? [])];
  const labels = folderLabels(input.docs, input.categoryLabels);
  const sections = docs.map((doc) => pageSections(doc, input.excerptLength ?? 120));
  const { counted, termNumbers } = countPageTerms(docs.map(indexedPage), table);
  const terms = invertPages(counted, termNumbers);
  const { shards, shardStarts } = splitShards(terms, input.shardBytes ?? 16_000);
  const pagesPerFile = input.pagesPerFile ?? 4;
  const pageFiles = Array.from({ length: Math.ceil(sections.length / pagesPerFile) }, (_, n) => named('p', JSON.stringify(sections.slice(n * pagesPerFile, (n + 1) * pagesPerFile))));
  const titles = named('titles', JSON.stringify(pageTitles(docs, labels)));
  const shardFiles = shards.map((shard) => named('t', JSON.stringify(shard)));
  const files = { titles: titles.name, shards: shardFiles.map((file) => file.name), pages: pageFiles.map((file) => file.name) };
  const meta = named('meta', JSON.stringify({ version: SEARCH_INDEX_VERSION, files, pageCount: docs.length, shardStarts, pagesPerFile, synonyms: input.synonyms ?? [], dictionary } satisfies SearchMeta));
  return {
    url: input.baseUrl + SEARCH_DIR + meta.name,
    // Two page files can hold the same (pages without text): one file of that name.
    files: [...new Map([meta, titles, ...shardFiles, ...pageFiles].map(({ name, text, key }) => [name, { path: SEARCH_DIR + name, contents: text, key }])).values()],
  };
}

/** How the pages' text is cut into terms: the site's dictionary words, each once, are kept whole. */
export function tokenizeOptions(dictionary: string[] = []): { dictionary: string[] } {
  return { dictionary: [...new Set(dictionary)] };
}

/** Where the index's files go; each is named by its contents, so a rebuild carries over every file it did not change. */
const SEARCH_DIR = 'assets/search/';

/** A file of the index: `<kind>.<hash>.json`, its key the whole hash (the name's part could, rarely, repeat). */
function named(kind: string, text: string): { name: string; text: string; key: string } {
  const key = hash(text);
  return { name: `${kind}.${key.slice(0, 12)}.json`, text, key };
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
  const text = indexedText(doc);
  return {
    title: text.title,
    keywords: text.keywords,
    headings: text.headings,
    key: doc.searchKey,
    // Body and pairs are read only when the page is tokenised (its text changed since the last build): see packed-pairs.ts.
    get body() {
      return text.body;
    },
    get bodyPairs() {
      return doc.bodyPairs;
    },
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
  // A long text is flattened only as far as its excerpt needs (flattening every section whole was a tenth of a
  // 10,000-page warm build's index), when that start holds the excerpt and more: its last character aside, as
  // whitespace there may be the text's last and a surrogate there may be half a pair.
  const head = 2 * length + 16;
  if (text.length > head) {
    const start = text.slice(0, head).replace(/\s+/g, ' ').trimStart();
    const end = endAfter(start, length);
    if (end <= start.length - 2) return start.slice(0, end) + '…';
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = endAfter(flat, length);
  return end >= flat.length ? flat : flat.slice(0, end) + '…';
}

/** Where the first `count` characters of `text` end, counting a surrogate pair as one. */
function endAfter(text: string, count: number): number {
  let end = 0;
  for (let n = 0; n < count && end < text.length; n++) end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  return end;
}
