import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { writeAtomically, writeAtomicallySync } from './atomic-write.js';

/**
 * Build results kept on disk between builds, named by their content key (everything the result depends on, see
 * parse-stage.ts and render-stage.ts), so a cache folder can be shared between CI runs and branches. Kinds with an
 * entry per doc or page keep their entries in packs (pack-store.ts); the one-entry kinds (front matter, the output
 * manifest) keep one file per entry here, `<kind>/<first two characters of the key>/<key>.v8`. Each entry carries a
 * checksum of what follows it and the key it was written for: an entry that was truncated, corrupted or copied under
 * another name fails the check, and the build makes it again and rewrites it.
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

/** The store of a one-entry kind (`front-matter`, `output`) in a cache folder; `isValid` checks the shape of a decoded value. */
export function openEntryStore<T>(dir: string, kind: string, isValid: (value: T) => boolean): EntryStore<T> {
  const entryFile = (key: string) => path.join(dir, kind, key.slice(0, 2), key + '.v8');
  const loadOne = (key: string) => {
    const value = decodeEntry<T>(key, readEntry(entryFile(key)));
    return value !== undefined && isValid(value) ? value : undefined;
  };
  return {
    async load(keys) {
      const found = new Map<string, T>();
      // Read synchronously: a kind here has an entry or two, where the thread pool's round trip only adds waiting.
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
      for (const [key, value] of entries) {
        const file = entryFile(key);
        await mkdir(path.dirname(file), { recursive: true });
        await writeAtomically(file, encodeEntry(key, value));
      }
    },
  };
}

/** One entry of raw bytes (a table read whole, see search/page-terms-cache.ts), checked and written as the keyed entries are. */
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

/** `<sha256 of the rest>\n<keyedPayload>`. */
function encodeEntry(key: string, value: unknown): Buffer {
  return withChecksum(keyedPayload(key, value));
}

/** The checksum is taken over the bytes as read, so an entry that fails it is never decoded. */
function decodeEntry<T>(key: string, bytes: Buffer | undefined): T | undefined {
  return decodeKeyedPayload<T>(key, checkedPayload(bytes));
}

/**
 * `{ key, value }` in V8's serialisation format (node:v8): the key is stored with the value, so an entry found under
 * another key is caught. Not JSON text, which took twice as long to encode and three to five times as long to decode
 * (writing packs was 441–472 ms of the main thread in a cold 2,000-page build, 227–244 ms since); and V8's format keeps
 * what the build holds as it is (a property set to undefined, a Set), so a value read is the value that was stored.
 */
export function keyedPayload(key: string, value: unknown): Buffer {
  return serialize({ key, value });
}

/** The value of a payload that passed its checksum, when it decodes, was stored under `key` and is an object. */
export function decodeKeyedPayload<T>(key: string, payload: Buffer | undefined): T | undefined {
  if (payload === undefined) return undefined;
  try {
    const entry = deserialize(payload) as { key?: unknown; value?: T } | null;
    return typeof entry === 'object' && entry !== null && entry.key === key && typeof entry.value === 'object' && entry.value !== null ? entry.value : undefined;
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

/** `<sha256 of payload>\n<payload>`: the framing of every entry, keyed or binary. */
function withChecksum(payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from(checksum(payload) + '\n'), payload]);
}

/** What follows the checksum line when it matches; undefined for a missing, truncated or corrupted entry. */
function checkedPayload(bytes: Buffer | undefined): Buffer | undefined {
  if (bytes === undefined || bytes.length < 65 || bytes[64] !== 0x0a) return undefined;
  const payload = bytes.subarray(65);
  return bytes.toString('latin1', 0, 64) === checksum(payload) ? payload : undefined;
}

/** The checksum of every cache entry and pack index. */
export function checksum(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

