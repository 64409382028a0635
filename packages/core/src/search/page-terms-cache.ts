import type { TokenizeOptions } from '@docsgen/shared';
import { openBinaryEntry } from '../cache/entry-store.js';
import { pruneOthers } from '../cache/prune-cache.js';
import { hash } from '../hash.js';
import { bundleFingerprint } from '../worker-file.js';
import { countTerms, FIELD_COUNT, PAGE_SLOTS, type IndexedPage, type PageTerms } from './invert-pages.js';

/** Bytes of a page's key (a SHA-1 of its text). */
const KEY_BYTES = 20;

/**
 * countTerms of every page, a page's from the last build when its text is the same: tokenising every page again was
 * most of the search index's time on a warm build (12.8 million terms at 10,000 pages). The last build's counts are one
 * binary entry in the cache folder (its terms listed once, then per page the key of its text, its field lengths and
 * its terms by number with their counts), keyed by the search and parse workers' code, the segmenter's data and the
 * tokenizer's options; an entry
 * that fails its checksum or does not decode is ignored, and every page is tokenised again. The new table is stored
 * for the next build when a page was tokenised or has gone.
 */
export function countPageTerms(pages: IndexedPage[], options: TokenizeOptions, cacheDir: string | undefined): { counted: PageTerms[]; tokenised: number } {
  if (!cacheDir) return { counted: pages.map((page) => countTerms(page, options)), tokenised: pages.length };
  const code = [bundleFingerprint('search-worker', cacheDir), bundleFingerprint('parse-worker', cacheDir), process.versions.icu ?? ''].join('\0');
  const key = hash('page-terms\0' + code + '\0' + JSON.stringify(options));
  const entry = openBinaryEntry(cacheDir, 'search-terms', key);
  const previous = decodeTable(entry.load());
  const keys = pages.map(pageKey);
  let fresh = 0;
  const counted = pages.map((page, i) => {
    const known = previous.get(keys[i]);
    if (known) return known;
    fresh++;
    return countTerms(page, options);
  });
  const table = fresh > 0 || previous.size !== new Set(keys).size ? encodeTable(keys, counted) : undefined;
  if (table) {
    entry.store(table);
    pruneOthers(cacheDir, 'search-terms', key);
  }
  return { counted, tokenised: fresh };
}

/**
 * What a page's terms depend on: its text in every field. Its body's pairs by word follow from its body, by the parse
 * worker's code (`pairsByWord`) and the segmenter's data (ICU), both in the table's key: hashing the pairs themselves
 * (one per occurrence) cost more than the table saved.
 */
function pageKey(page: IndexedPage): string {
  return hash(JSON.stringify([page.title, page.keywords, page.headings, page.body]));
}

/** Varints (7 bits a byte, low first), the length of every term in UTF-16 units with the terms' text after them, then the pages. */
function encodeTable(keys: string[], pages: PageTerms[]): Buffer | undefined {
  const termNumber = new Map<string, number>();
  const numbered = pages.map(({ terms }) => {
    const numbers = new Uint32Array(terms.length);
    for (let i = 0; i < terms.length; i++) {
      let number = termNumber.get(terms[i]);
      if (number === undefined) termNumber.set(terms[i], (number = termNumber.size));
      numbers[i] = number;
    }
    return numbers;
  });
  const terms = [...termNumber.keys()];
  const joined = terms.join('');
  const text = Buffer.from(joined);
  // A term with a lone surrogate would not come back from UTF-8 as it was (none does: the text was decoded strictly).
  if (text.toString('utf8') !== joined) return undefined;
  // Every number is below 2^32, so at most 5 bytes; most take one. The buffer grows a page at a time (to the page's
  // worst case), so the loops that write millions of numbers at 10,000 pages check no bounds.
  let out = Buffer.allocUnsafe(5 * (3 + terms.length) + text.length + 2 * (1 << 20));
  let at = 0;
  const room = (bytes: number) => {
    if (at + bytes <= out.length) return;
    const larger = Buffer.allocUnsafe(Math.max(out.length * 2, at + bytes));
    out.copy(larger, 0, 0, at);
    out = larger;
  };
  const write = (value: number) => {
    while (value >= 0x80) {
      out[at++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    out[at++] = value;
  };
  write(terms.length);
  for (const term of terms) write(term.length);
  write(text.length);
  at += text.copy(out, at);
  write(pages.length);
  pages.forEach((page, p) => {
    room(KEY_BYTES + 5 * (1 + FIELD_COUNT + page.terms.length * (1 + PAGE_SLOTS)));
    at += out.write(keys[p], at, 'hex');
    for (const length of page.lengths) write(length);
    write(page.terms.length);
    for (const number of numbered[p]) write(number);
    for (const count of page.counts) write(count);
  });
  return out.subarray(0, at);
}

/** The pages of a table by key; empty when there is none or it does not decode (then every page is tokenised). */
function decodeTable(bytes: Buffer | undefined): Map<string, PageTerms> {
  const pages = new Map<string, PageTerms>();
  if (!bytes) return pages;
  // Plain loops over the bytes: millions of numbers at 10,000 pages.
  let at = 0;
  const read = (): number => {
    let value = 0;
    for (let scale = 1; scale <= 2 ** 35; scale *= 0x80) {
      if (at >= bytes.length) throw new RangeError('past the end');
      const byte = bytes[at++];
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
    }
    throw new RangeError('varint too long');
  };
  const take = (length: number): Buffer => {
    if (at + length > bytes.length) throw new RangeError('past the end');
    return bytes.subarray(at, (at += length));
  };
  try {
    const termLengths = new Array<number>(read());
    for (let i = 0; i < termLengths.length; i++) termLengths[i] = read();
    const text = take(read()).toString('utf8');
    const terms = new Array<string>(termLengths.length);
    let offset = 0;
    for (let i = 0; i < terms.length; i++) terms[i] = text.slice(offset, (offset += termLengths[i]));
    if (offset !== text.length) return new Map();
    for (let page = read(); page > 0; page--) {
      const key = take(KEY_BYTES).toString('hex');
      const lengths = new Uint32Array(FIELD_COUNT);
      for (let f = 0; f < FIELD_COUNT; f++) lengths[f] = read();
      const own = new Array<string>(read());
      for (let i = 0; i < own.length; i++) {
        const term = terms[read()];
        if (term === undefined) return new Map();
        own[i] = term;
      }
      const counts = new Uint32Array(own.length * PAGE_SLOTS);
      for (let i = 0; i < counts.length; i++) counts[i] = read();
      pages.set(key, { terms: own, counts, lengths });
    }
    return at === bytes.length ? pages : new Map();
  } catch {
    return new Map();
  }
}

