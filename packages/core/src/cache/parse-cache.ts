import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ParsedDoc } from '../markdown/parse-docs.js';

/** A parsed doc as the cache holds it: everything but its source, which the build has already read. */
export type CachedDoc = Omit<ParsedDoc, 'source'>;

/**
 * Parsed docs kept on disk between builds, one file per doc named by its content key (the doc, the config,
 * the parser's code: see parse-stage.ts), so a cache folder can be shared between CI runs and branches.
 * Each entry carries a checksum of what follows it and the key it was written for: an entry that was
 * truncated, corrupted or copied under another name fails the check and is parsed again and rewritten.
 */
export interface ParseCache {
  /** The entries found for these keys; a missing or invalid entry is simply absent. */
  load(keys: string[]): Promise<Map<string, CachedDoc>>;
  /** Writes entries atomically (temporary file, then rename), so a concurrent reader never sees half an entry. */
  store(entries: [key: string, doc: CachedDoc][]): Promise<void>;
}

/** Files read or written at once: enough to keep the disk busy, few enough to stay under open-file limits. */
const CONCURRENCY = 64;

export function openParseCache(dir: string): ParseCache {
  const entryFile = (key: string) => path.join(dir, 'parse', key.slice(0, 2), key + '.json');
  return {
    async load(keys) {
      const found = new Map<string, CachedDoc>();
      await inBatches(keys, async (key) => {
        const doc = decodeEntry(key, await readFile(entryFile(key), 'utf8').catch(() => undefined));
        if (doc) found.set(key, doc);
      });
      return found;
    },
    async store(entries) {
      const dirs = new Set(entries.map(([key]) => path.dirname(entryFile(key))));
      await Promise.all([...dirs].map((folder) => mkdir(folder, { recursive: true })));
      await inBatches(entries, async ([key, doc]) => {
        const file = entryFile(key);
        const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        try {
          await writeFile(temporary, encodeEntry(key, doc));
          await rename(temporary, file);
        } catch (error) {
          await rm(temporary, { force: true });
          throw error;
        }
      });
    },
  };
}

/** `<sha256 of the rest>\n{"key":…,"doc":…}`. */
export function encodeEntry(key: string, doc: CachedDoc): string {
  const payload = JSON.stringify({ key, doc });
  return checksum(payload) + '\n' + payload;
}

export function decodeEntry(key: string, text: string | undefined): CachedDoc | undefined {
  if (text === undefined) return undefined;
  const newline = text.indexOf('\n');
  const payload = text.slice(newline + 1);
  if (newline !== 64 || text.slice(0, newline) !== checksum(payload)) return undefined;
  try {
    const entry = JSON.parse(payload) as { key?: unknown; doc?: CachedDoc };
    return entry.key === key && entry.doc && typeof entry.doc.html === 'string' ? entry.doc : undefined;
  } catch {
    return undefined;
  }
}

function checksum(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

async function inBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += CONCURRENCY) await Promise.all(items.slice(i, i + CONCURRENCY).map(work));
}
