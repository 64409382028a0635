import type { TokenizeOptions } from '@docsgen/shared';
import { openBinaryEntry, type BinaryEntry } from '../cache/entry-store.js';
import { pruneOthers } from '../cache/prune-cache.js';
import { hash } from '../hash.js';
import { bundleFingerprint } from '../worker-file.js';
import { countTerms, FIELD_COUNT, PAGE_SLOTS, type IndexedPage, type PageTerms } from './invert-pages.js';
import { TermNumbers } from './term-numbers.js';

/** Bytes of a page's key (a SHA-1 of its text). */
const KEY_BYTES = 20;

/**
 * The last build's counts of every page's terms, read and decoded (by the search worker while the docs are parsed),
 * and where this build's go.
 */
export interface PageTermsTable {
  options: TokenizeOptions;
  stored?: { cacheDir: string; key: string; entry: BinaryEntry; previous: DecodedTable | undefined; memory?: PageTermsMemory };
}

/**
 * The table a process last read or wrote, kept by `serve` and `build --watch` between builds: the next build starts from
 * it instead of reading the cache folder's copy and decoding it again (7–24 ms of a 206-page rebuild in profiles).
 * What it holds is keyed by the pages' text, as the copy on disk is, so it stays right whatever else writes there.
 */
export interface PageTermsMemory {
  /** The cache folder and the table's key it was read or written under. */
  source?: string;
  table?: DecodedTable;
}

/**
 * The table of these tokenizer options in the cache folder (none without one): one binary entry, its terms listed once,
 * then per page the key of its text, its field lengths and its terms by number with their counts. It is keyed by the
 * search and parse workers' code, the segmenter's data and the options; an entry that fails its checksum or does not
 * decode is ignored, and every page is tokenised again.
 */
export function loadPageTermsTable(options: TokenizeOptions, cacheDir: string | undefined, memory?: PageTermsMemory): PageTermsTable {
  if (!cacheDir) return { options };
  const code = [bundleFingerprint('search-worker'), bundleFingerprint('parse-worker'), process.versions.icu ?? ''].join('\0');
  const key = hash('page-terms\0' + code + '\0' + JSON.stringify(options));
  const entry = openBinaryEntry(cacheDir, 'search-terms', key);
  const kept = memory?.table && memory.source === cacheDir + '\0' + key ? memory.table : undefined;
  return { options, stored: { cacheDir, key, entry, previous: kept ?? decodeTable(entry.load()), memory } };
}

/**
 * countTerms of every page, a page's from the last build's table when its text is the same: tokenising every page again
 * was most of the search index's time on a warm build (12.8 million terms at 10,000 pages). The new table is stored for
 * the next build when a page was tokenised or has gone.
 */
export function countPageTerms(pages: IndexedPage[], { options, stored }: PageTermsTable): { counted: PageTerms[]; termNumbers: TermNumbers; tokenised: number } {
  if (!stored) {
    const termNumbers = new TermNumbers();
    return { counted: pages.map((page) => countTerms(page, options, termNumbers)), termNumbers, tokenised: pages.length };
  }
  const { cacheDir, key, entry, previous, memory } = stored;
  // The last table's numbers, so that its pages are used as they were decoded and new terms are numbered after its own.
  const termNumbers = previous?.termNumbers ?? new TermNumbers();
  const keys = pages.map((page) => page.key);
  const fresh = new Set<number>();
  const counted = pages.map((page, i) => {
    const known = previous?.pages.get(keys[i]);
    if (known) return known;
    fresh.add(i);
    return countTerms(page, options, termNumbers);
  });
  let kept = previous;
  if (fresh.size > 0 || previous?.pages.size !== new Set(keys).size) {
    const table = previous && !previous.mostlyUnused ? extendTable(previous, keys, counted, fresh, !!memory) : encodeTable(keys, counted, termNumbers, !!memory);
    if (table) {
      entry.store(table.bytes);
      pruneOthers(cacheDir, 'search-terms', key);
    }
    kept = table?.decoded;
  }
  if (memory) Object.assign(memory, { source: cacheDir + '\0' + key, table: kept });
  return { counted, termNumbers, tokenised: fresh.size };
}

/** A table's bytes and, for a process that builds again, the table as decodeTable would read them. */
interface WrittenTable {
  bytes: Buffer;
  decoded?: DecodedTable;
}

/**
 * The table: varints (7 bits a byte, low first), the length of every term in UTF-16 units with the terms' text after
 * them, then the pages, each its key, its field lengths and its terms by number with their counts.
 */
function encodeTable(keys: string[], pages: PageTerms[], termNumbers: TermNumbers, decoded: boolean): WrittenTable | undefined {
  // Numbered again from 0, in the order the pages use them: the terms no page uses any more are left out.
  const renumbered = new Int32Array(termNumbers.terms.length).fill(-1);
  const terms: string[] = [];
  const numbered = pages.map(({ numbers }) => numbers.map((number) => (renumbered[number] >= 0 ? renumbered[number] : (renumbered[number] = terms.push(termNumbers.terms[number]) - 1))));
  const out = new TableWriter(5 * (3 + terms.length));
  out.number(terms.length);
  const lengthsStart = out.position;
  for (const term of terms) out.number(term.length);
  const termLengths = [lengthsStart, out.position] as const;
  const termText = out.text(terms);
  if (!termText) return undefined;
  out.number(pages.length);
  const records = pages.map((page, p) => out.page(keys[p], page, numbered[p]));
  if (!decoded) return { bytes: out.bytes() };
  return written(out.bytes(), { termNumbers: new TermNumbers(terms), termLengths, termText, keys, pages: pages.map((page, p) => ({ ...page, numbers: numbered[p] })), records });
}

/**
 * The last table with this build's pages: a page it holds is copied as it is there, byte for byte, and the terms new
 * to it (of the pages tokenised again, numbered after its own) are added after its terms. Encoding every page again,
 * to store one edited page, was a fifth of the search index's time on a warm build of 206 pages. Terms only pages
 * that have gone used stay listed until most of the list is unused, and the table is then encoded whole again.
 */
function extendTable(previous: DecodedTable, keys: string[], pages: PageTerms[], fresh: Set<number>, decoded: boolean): WrittenTable | undefined {
  const { termNumbers } = previous;
  const newTerms = termNumbers.terms.slice(previous.termCount);
  const out = new TableWriter(5 * (2 + newTerms.length) + previous.bytes.length);
  out.number(previous.termCount + newTerms.length);
  const lengthsStart = out.position;
  out.copy(previous.bytes, previous.termLengths);
  for (const term of newTerms) out.number(term.length);
  const termLengths = [lengthsStart, out.position] as const;
  const termText = out.text(newTerms, previous.bytes.subarray(...previous.termText));
  if (!termText) return undefined;
  out.number(pages.length);
  const records = pages.map((page, p) => (fresh.has(p) ? out.page(keys[p], page, page.numbers) : out.copy(previous.bytes, previous.records.get(keys[p])!)));
  if (!decoded) return { bytes: out.bytes() };
  return written(out.bytes(), { termNumbers, termLengths, termText, keys, pages, records });
}

/** Where a table's parts lie in its bytes, and its pages as numbered there. */
interface TableLayout {
  termNumbers: TermNumbers;
  termLengths: readonly [number, number];
  termText: readonly [number, number];
  keys: string[];
  pages: PageTerms[];
  records: (readonly [number, number])[];
}

/** The table just written, with what decodeTable would read from its bytes. */
function written(bytes: Buffer, layout: TableLayout): WrittenTable {
  const { termNumbers, termLengths, termText, keys, pages, records } = layout;
  const termCount = termNumbers.terms.length;
  const used = new Uint8Array(termCount);
  let usedCount = 0;
  for (const { numbers } of pages) for (const number of numbers) if (!used[number]) usedCount += used[number] = 1;
  return {
    bytes,
    decoded: {
      pages: new Map(keys.map((key, p) => [key, pages[p]])),
      termNumbers,
      bytes,
      termCount,
      termLengths,
      termText,
      records: new Map(keys.map((key, p) => [key, records[p]])),
      mostlyUnused: usedCount * 2 < termCount,
    },
  };
}

/**
 * A table's bytes as they are written. Every number is below 2^32, so at most 5 bytes; most take one. The buffer grows a
 * page at a time (to the page's worst case), so the loops that write millions of numbers at 10,000 pages check no bounds.
 */
class TableWriter {
  private out: Buffer;
  private at = 0;

  constructor(bytes: number) {
    this.out = Buffer.allocUnsafe(bytes + 2 * (1 << 20));
  }

  number(value: number): void {
    while (value >= 0x80) {
      this.out[this.at++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    this.out[this.at++] = value;
  }

  /** Where the next byte goes. */
  get position(): number {
    return this.at;
  }

  /**
   * The terms' text after `before` (the last table's, kept as it was), with its length in bytes; returns where the text
   * lies, or undefined for a term with a lone surrogate, which would not come back from UTF-8 as it was (none has: the
   * text was decoded strictly).
   */
  text(terms: string[], before: Buffer = Buffer.alloc(0)): readonly [number, number] | undefined {
    const joined = terms.join('');
    const text = Buffer.from(joined);
    if (text.toString('utf8') !== joined) return undefined;
    this.room(10 + before.length + text.length);
    this.number(before.length + text.length);
    const start = this.at;
    this.at += before.copy(this.out, this.at);
    this.at += text.copy(this.out, this.at);
    return [start, this.at];
  }

  /** Writes a page's record; returns where it lies. */
  page(key: string, page: PageTerms, numbers: Uint32Array): readonly [number, number] {
    const start = this.at;
    this.room(KEY_BYTES + 5 * (1 + FIELD_COUNT + numbers.length * (1 + PAGE_SLOTS)));
    this.at += this.out.write(key, this.at, 'hex');
    for (const length of page.lengths) this.number(length);
    this.number(numbers.length);
    for (const number of numbers) this.number(number);
    for (const count of page.counts) this.number(count);
    return [start, this.at];
  }

  /** Copies bytes of another table; returns where they lie in this one. */
  copy(from: Buffer, [start, end]: readonly [number, number]): readonly [number, number] {
    const at = this.at;
    this.room(end - start);
    this.at += from.copy(this.out, this.at, start, end);
    return [at, this.at];
  }

  bytes(): Buffer {
    return this.out.subarray(0, this.at);
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.out.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.at + bytes));
    this.out.copy(larger, 0, 0, this.at);
    this.out = larger;
  }
}

/** A stored table, read: its pages by key, and where its parts lie in its bytes, for extendTable. */
interface DecodedTable {
  pages: Map<string, PageTerms>;
  /** Its terms by their number in it, to which this build's new terms are added. */
  termNumbers: TermNumbers;
  bytes: Buffer;
  termCount: number;
  /** The terms' lengths (after their count) and their text (after its length). */
  termLengths: readonly [number, number];
  termText: readonly [number, number];
  /** Each page's record: its key to its last count. */
  records: Map<string, readonly [number, number]>;
  /** Whether fewer than half the terms listed are used by its pages: it is then encoded whole again. */
  mostlyUnused: boolean;
}

/** The table's pages by key, and its layout; undefined when there is none or it does not decode (then every page is tokenised). */
function decodeTable(bytes: Buffer | undefined): DecodedTable | undefined {
  if (!bytes) return undefined;
  // Plain loops over the bytes: millions of numbers at 10,000 pages.
  let at = 0;
  const read = (): number => {
    // Most numbers are below 128, one byte: read without the loop (this runs before V8 has optimised it, in a fresh process).
    // Past the end the byte is undefined, which the loop below reports.
    const first = bytes[at];
    if (first < 0x80) {
      at++;
      return first;
    }
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
    const lengthsStart = at;
    for (let i = 0; i < termLengths.length; i++) termLengths[i] = read();
    const lengthsEnd = at;
    const textLength = read();
    const textStart = at;
    const text = take(textLength).toString('utf8');
    const terms = new Array<string>(termLengths.length);
    let offset = 0;
    for (let i = 0; i < terms.length; i++) terms[i] = text.slice(offset, (offset += termLengths[i]));
    if (offset !== text.length) return undefined;
    const termNumbers = new TermNumbers(terms);
    // Each term is listed once (so a page's numbers are its distinct terms): a table that lists one twice is not used.
    for (let i = 0; i < terms.length; i++) if (termNumbers.numberOf(terms[i]) !== i) return undefined;
    const pages = new Map<string, PageTerms>();
    const records = new Map<string, readonly [number, number]>();
    const used = new Uint8Array(terms.length);
    let usedCount = 0;
    for (let page = read(); page > 0; page--) {
      const start = at;
      const key = take(KEY_BYTES).toString('hex');
      const lengths = new Uint32Array(FIELD_COUNT);
      for (let f = 0; f < FIELD_COUNT; f++) lengths[f] = read();
      const numbers = new Uint32Array(read());
      for (let i = 0; i < numbers.length; i++) {
        const number = read();
        if (number >= terms.length) return undefined;
        numbers[i] = number;
        if (!used[number]) usedCount += used[number] = 1;
      }
      const counts = new Uint32Array(numbers.length * PAGE_SLOTS);
      for (let i = 0; i < counts.length; i++) counts[i] = read();
      pages.set(key, { numbers, counts, lengths });
      records.set(key, [start, at]);
    }
    if (at !== bytes.length) return undefined;
    return { pages, termNumbers, bytes, termCount: terms.length, termLengths: [lengthsStart, lengthsEnd], termText: [textStart, textStart + textLength], records, mostlyUnused: usedCount * 2 < terms.length };
  } catch {
    return undefined;
  }
}
