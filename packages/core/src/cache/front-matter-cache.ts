import { readFrontMatter, type FrontMatter, type SplitMarkdown } from '../content/front-matter.js';
import { hash } from '../hash.js';
import { bundleFingerprint } from '../worker-file.js';
import { openEntryStore } from './entry-store.js';
import { pruneOthers } from './prune-cache.js';

/**
 * The front matter of every doc as the last build read it, by a hash of the file's bytes: reading YAML is most of the
 * scan of a warm build (gray-matter, yaml and zod: 60–100 ms at 206 docs, most of a second at 10,000), and a file
 * whose bytes are unchanged has the same front matter. One entry for the whole site (one file read, not one per doc),
 * keyed by the compiled CLI that reads front matter, so a change to that code reads every doc's front matter again.
 */
export interface FrontMatterCache {
  /**
   * readFrontMatter of a file, by the hash of its bytes (`contentHash`), from the last build when they are the same.
   * Its text is decoded only when read: a file whose bytes are unchanged is valid UTF-8, and its body is read only if
   * the doc is parsed again (decoding every doc was a third of a warm build's scan at 10,000 docs).
   */
  read(contentHash: string, text: () => string, file: string): LazySplit;
  /** Keeps this build's docs for the next build (written only when a doc was read anew or has gone). */
  save(): Promise<void>;
}

/** A file's front matter and its body's line, its body made when asked for (a function) or made already. */
export type LazySplit = Omit<SplitMarkdown, 'body'> & { body: string | (() => string) };

/** Per file hash: the validated front matter, where the body starts (in characters) and its line. */
type Split = [frontMatter: FrontMatter, bodyStart: number, bodyLine: number];
type Entry = Record<string, Split>;

export async function loadFrontMatterCache(cacheDir: string): Promise<FrontMatterCache> {
  const store = openEntryStore<Entry>(cacheDir, 'front-matter', (entry) => Object.values(entry).every(isSplit));
  const key = hash('front-matter\0' + bundleFingerprint('cli'));
  const previous = (await store.load([key])).get(key) ?? {};
  // No prototype: nothing read from disk may reach Object.prototype.
  const next = Object.create(null) as Entry;
  let changed = false;
  return {
    read(id, text, file) {
      const known = Object.hasOwn(previous, id) ? previous[id] : undefined;
      if (known) {
        next[id] = known;
        return { frontMatter: known[0], body: () => text().slice(known[1]), bodyLine: known[2] };
      }
      changed = true;
      const source = text();
      const split = readFrontMatter(source, file);
      const bodyStart = source.length - split.body.length;
      // Only plain data, which the entry gives back exactly (not a YAML date, say): anything else is read every time.
      if (source.slice(bodyStart) === split.body && isPlainData(split.frontMatter)) next[id] = [split.frontMatter, bodyStart, split.bodyLine];
      return split;
    },
    async save() {
      if (changed || Object.keys(previous).length !== Object.keys(next).length) {
        await store.store([[key, next]]);
        pruneOthers(cacheDir, 'front-matter', key);
      }
    },
  };
}

function isSplit(value: unknown): value is Split {
  return Array.isArray(value) && value.length === 3 && typeof value[0] === 'object' && value[0] !== null && Number.isInteger(value[1]) && Number.isInteger(value[2]);
}

/** Whether a value is plain data: no undefined, dates, functions, class instances or odd numbers. */
function isPlainData(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.entries(value).every(([name, item]) => name !== '__proto__' && isPlainData(item));
}
