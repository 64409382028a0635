import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Build results kept on disk between builds (parsed docs, rendered pages), one file per entry named by its
 * content key (everything the result depends on, see parse-stage.ts and render-stage.ts), so a cache folder
 * can be shared between CI runs and branches. Each entry carries a checksum of what follows it and the key it
 * was written for: an entry that was truncated, corrupted or copied under another name fails the check, and
 * the build makes it again and rewrites it.
 */
export interface EntryStore<T> {
  /** The entries found for these keys; a missing or invalid entry is simply absent. */
  load(keys: string[]): Promise<Map<string, T>>;
  /** Writes entries atomically (temporary file, then rename), so a concurrent reader never sees half an entry. */
  store(entries: [key: string, value: T][]): Promise<void>;
  /** One entry, read when it is needed rather than with the others; undefined when missing or invalid. */
  loadOne(key: string): T | undefined;
  /** One entry, written synchronously and atomically (a value made again where loadOne found none). */
  storeOne(key: string, value: T): void;
}

/** Files read or written at once: enough to keep the disk busy, few enough to stay under open-file limits. */
const CONCURRENCY = 64;

/** The store of one kind of entry (`parse`, `render`) in a cache folder; `isValid` checks the shape of a decoded value. */
export function openEntryStore<T>(dir: string, kind: string, isValid: (value: T) => boolean): EntryStore<T> {
  const entryFile = (key: string) => path.join(dir, kind, key.slice(0, 2), key + '.json');
  const loadOne = (key: string) => {
    const value = decodeEntry<T>(key, readEntry(entryFile(key)));
    return value !== undefined && isValid(value) ? value : undefined;
  };
  return {
    async load(keys) {
      const found = new Map<string, T>();
      // Read synchronously: thousands of small files take a third of the time they take through the thread pool.
      for (const key of keys) {
        const value = loadOne(key);
        if (value !== undefined) found.set(key, value);
      }
      return found;
    },
    loadOne,
    storeOne(key, value) {
      const file = entryFile(key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeAtomicallySync(file, encodeEntry(key, value));
    },
    async store(entries) {
      const dirs = new Set(entries.map(([key]) => path.dirname(entryFile(key))));
      await Promise.all([...dirs].map((folder) => mkdir(folder, { recursive: true })));
      await inBatches(entries, ([key, value]) => writeAtomically(entryFile(key), encodeEntry(key, value)));
    },
  };
}

/** One entry of raw bytes (a table read whole, see search/page-terms-cache.ts), checked and written as the JSON entries are. */
export interface BinaryEntry {
  /** The bytes stored under the key; undefined when missing, truncated, corrupted or stored under another key. */
  load(): Buffer | undefined;
  /** Synchronous: the search worker writes its table and ends. */
  store(bytes: Uint8Array): void;
}

/** `<sha256 of the rest>\n<key>\n<bytes>` in the cache folder's `kind` folder. */
export function openBinaryEntry(dir: string, kind: string, key: string): BinaryEntry {
  const file = path.join(dir, kind, key + '.bin');
  const header = Buffer.from(key + '\n');
  return {
    load() {
      const payload = checkedPayload(readEntry(file));
      if (payload === undefined || payload.length < header.length || !payload.subarray(0, header.length).equals(header)) return undefined;
      return payload.subarray(header.length);
    },
    store(bytes) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeAtomicallySync(file, withChecksum(Buffer.concat([header, bytes])));
    },
  };
}

function temporaryFor(file: string): string {
  return `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
}

function writeAtomicallySync(file: string, bytes: Buffer): void {
  const temporary = temporaryFor(file);
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** A temporary file, then a rename: a concurrent reader (another build sharing the folder) never sees half an entry. */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = temporaryFor(file);
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** `<sha256 of the rest>\n{"key":…,"value":…}`. */
function encodeEntry(key: string, value: unknown): Buffer {
  return withChecksum(Buffer.from(JSON.stringify({ key, value })));
}

/** The checksum is taken over the bytes as read, so an entry that fails it is never decoded as text. */
function decodeEntry<T>(key: string, bytes: Buffer | undefined): T | undefined {
  const payload = checkedPayload(bytes);
  if (payload === undefined) return undefined;
  try {
    const entry = JSON.parse(payload.toString('utf8')) as { key?: unknown; value?: T };
    return entry.key === key && entry.value !== null && typeof entry.value === 'object' ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

function readEntry(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** `<sha256 of payload>\n<payload>`: the framing of every entry, JSON or binary. */
function withChecksum(payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from(checksum(payload) + '\n'), payload]);
}

/** What follows the checksum line when it matches; undefined for a missing, truncated or corrupted entry. */
function checkedPayload(bytes: Buffer | undefined): Buffer | undefined {
  if (bytes === undefined || bytes.length < 65 || bytes[64] !== 0x0a) return undefined;
  const payload = bytes.subarray(65);
  return bytes.toString('latin1', 0, 64) === checksum(payload) ? payload : undefined;
}

function checksum(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function inBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += CONCURRENCY) await Promise.all(items.slice(i, i + CONCURRENCY).map(work));
}
