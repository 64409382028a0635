import { createHash } from 'node:crypto';
import { SEARCH_FIELD_BOOSTS, tokenize, type SearchIndexFile, type SearchPostings, type TokenizeOptions } from '@docsgen/shared';
import type { OutputFile } from '../client/bundle-theme.js';
import type { ParsedDoc } from '../markdown/parse-docs.js';

export interface SearchIndexResult {
  url?: string;
  files: OutputFile[];
  /** The index as written, for tests and the benchmark. */
  data?: SearchIndexFile;
}

export interface SearchIndexInput {
  docs: ParsedDoc[];
  baseUrl: string;
  /** Folder labels from `_category_.json`, by folder relative to the docs folder; a folder's index doc title otherwise. */
  categoryLabels?: Map<string, string>;
  /** Tokenizer options, for measuring alternatives; the browser must use the same. */
  tokenizer?: TokenizeOptions;
  /** Characters of each section's text kept for excerpts (default 160). */
  excerptLength?: number;
}

/** Builds the search index of listed, published docs: one document per section, written as assets/search-index.<hash>.json. */
export function buildSearchIndex(input: SearchIndexInput): SearchIndexResult {
  const docs = input.docs.filter((doc) => !doc.source.frontMatter.draft && !doc.source.frontMatter.unlisted);
  if (!docs.length) return { files: [] };
  const data = indexData(docs, input);
  const contents = JSON.stringify(data);
  const path = `assets/search-index.${createHash('sha1').update(contents).digest('hex').slice(0, 10)}.json`;
  return { url: input.baseUrl + path, files: [{ path, contents }], data };
}

interface IndexedSection {
  title: string;
  keywords: string;
  heading: string;
  body: string;
}

function indexData(docs: ParsedDoc[], input: SearchIndexInput): SearchIndexFile {
  const excerptLength = input.excerptLength ?? 160;
  const labels = folderLabels(input.docs, input.categoryLabels);
  const pages: SearchIndexFile['pages'] = [];
  const sections: SearchIndexFile['sections'] = [];
  const indexed: IndexedSection[] = [];
  for (const doc of docs) {
    const pageIndex = pages.length;
    const top = doc.source.docsPath.includes('/') ? doc.source.docsPath.split('/')[0] : '';
    pages.push([doc.source.route, doc.title, top ? (labels.get(top) ?? top) : '']);
    const keywords = [doc.source.frontMatter.keywords ?? []].flat().join(' ');
    doc.sections.forEach((section, i) => {
      // The intro carries the page description, so a page with no text before its first heading is still found by it.
      const body = i === 0 ? [doc.description, section.text].filter(Boolean).join('\n') : section.text;
      if (i > 0 && !section.heading && !body) return;
      sections.push([pageIndex, section.id ?? '', section.heading ?? '', excerpt(i === 0 && !section.text ? doc.description : section.text, excerptLength)]);
      indexed.push({ title: doc.title, keywords, heading: section.heading ?? '', body });
    });
  }
  return { version: 2, pages, sections, index: postings(indexed, input.tokenizer ?? {}) };
}

/** The inverted index of the sections, split by the shared tokenizer (the browser splits queries with it too). */
function postings(docs: IndexedSection[], options: TokenizeOptions): SearchPostings {
  const fields = Object.keys(SEARCH_FIELD_BOOSTS) as (keyof IndexedSection)[];
  // Per term: its postings (gaps between keys, each followed by -tf when tf > 1) and the last key written.
  const byTerm = new Map<string, { list: number[]; lastKey: number }>();
  const lengths: number[] = [];
  docs.forEach((doc, ref) => {
    fields.forEach((field, f) => {
      const key = ref * fields.length + f;
      const terms = tokenize(doc[field], options);
      lengths.push(terms.length);
      for (const term of terms) {
        let entry = byTerm.get(term);
        if (!entry) byTerm.set(term, (entry = { list: [], lastKey: -1 }));
        if (entry.lastKey !== key) {
          entry.list.push(key - Math.max(entry.lastKey, 0));
          entry.lastKey = key;
        } else if (entry.list[entry.list.length - 1] < 0) {
          entry.list[entry.list.length - 1]--;
        } else {
          entry.list.push(-2);
        }
      }
    });
  });
  const terms = [...byTerm.keys()].sort();
  return { fields, boosts: fields.map((field) => SEARCH_FIELD_BOOSTS[field]), terms, postings: terms.map((term) => byTerm.get(term)!.list), lengths };
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
  const chars = Array.from(flat);
  return chars.length <= length ? flat : chars.slice(0, length).join('') + '…';
}
