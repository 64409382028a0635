import { lstatSync } from 'node:fs';
import path from 'node:path';
import { openEntryStore } from '../cache/entry-store.js';
import { OUTPUT_MANIFESTS } from '../cache/prune-cache.js';
import { hash } from '../hash.js';
import type { PageRecord } from '../render/render-pages.js';

/**
 * What the last build left in an output folder, kept in the cache folder: for each file, the key of what it holds and
 * how it was when written (inode, size, modification time in nanoseconds); for each page key, what the link checker
 * needs of the page (its ids and links). A rebuild carries a file whose key is unchanged over into the new output
 * (carry-over.ts) instead of writing it again, and takes an unchanged page's ids and links from here instead of its cache entry.
 *
 * A file is carried over only if the output still holds the very file the manifest describes: a regular file (not a
 * link), same inode, size and modification time. A file replaced, rewritten or edited since (by hand, by a tool, by a
 * folder restored from an archive) fails the check and is written again, as is every file of an output that docsgen
 * did not write or whose manifest is missing, corrupt (the entry store's checksum) or belongs to another folder.
 * What a file holds is fixed by its key: a page's key covers everything its HTML depends on (render-stage.ts),
 * other files are keyed by a hash of their contents.
 */
export interface PreviousOutput {
  /** The stamp of the previous output's `file` when it holds what `key` stands for and is as docsgen left it. */
  unchanged(file: string, key: string): FileStamp | undefined;
  /** The ids and links of the page the previous output holds for this page key. */
  pageLinks(key: string): PageLinks | undefined;
}

/** What of a page depends on its HTML (the rest of its record is known before it renders). */
export type PageLinks = Pick<PageRecord, 'ids' | 'hrefs'>;

/** The stamp of a file as docsgen wrote it: inode, size and modification time (ns), as decimal strings. */
export type FileStamp = [ino: string, size: string, mtimeNs: string];

interface Manifest {
  /** Output-relative path → its key and stamp. */
  files: Record<string, [key: string, ...FileStamp]>;
  /**
   * Every id and link of the pages, once: each page lists them by number. The same sidebar and theme links are on every
   * page, so the 538,000 links of 10,000 pages are 27,000 strings, and the manifest 10 MB instead of 25 MB to decode.
   */
  strings: string[];
  /** Page key → the page's ids and links, as numbers in `strings`. */
  pages: Record<string, [ids: number[], hrefs: number[]]>;
}

/** The manifest of the output folder `outDir` (absolute) in the cache folder; an empty one when there is none. */
export async function loadPreviousOutput(cacheDir: string, outDir: string): Promise<PreviousOutput> {
  const manifest = (await manifestStore(cacheDir).load([manifestKey(outDir)])).get(manifestKey(outDir)) ?? { files: {}, strings: [], pages: {} };
  const files = new Map(Object.entries(manifest.files));
  const { strings } = manifest;
  const named = (numbers: number[]) => {
    const list = numbers.map((n) => strings[n]);
    return list.every((text) => typeof text === 'string') ? list : undefined;
  };
  return {
    unchanged(file, key) {
      const entry = files.get(file);
      if (entry?.[0] !== key) return undefined;
      const [, ...written] = entry;
      const stamp = stampOf(path.join(outDir, file));
      return sameStamp(stamp, written) ? stamp : undefined;
    },
    pageLinks(key) {
      const page = Object.hasOwn(manifest.pages, key) ? manifest.pages[key] : undefined;
      const ids = page && named(page[0]);
      const hrefs = page && named(page[1]);
      return ids && hrefs && { ids: new Set(ids), hrefs };
    },
  };
}

/** Collects the manifest of the output being staged; saved once the staging folder has replaced the output. */
export interface NextManifest {
  file(file: string, key: string, stamp: FileStamp): void;
  page(key: string, links: PageLinks): void;
  save(): Promise<void>;
}

export function nextManifest(cacheDir: string, outDir: string): NextManifest {
  // No prototype: a file may be called `__proto__`.
  const manifest: Manifest = { files: Object.create(null) as Manifest['files'], strings: [], pages: Object.create(null) as Manifest['pages'] };
  const numbers = new Map<string, number>();
  const numbered = (texts: Iterable<string>) => {
    const list: number[] = [];
    for (const text of texts) {
      let n = numbers.get(text);
      if (n === undefined) numbers.set(text, (n = manifest.strings.push(text) - 1));
      list.push(n);
    }
    return list;
  };
  return {
    file(file, key, stamp) {
      manifest.files[file] = [key, ...stamp];
    },
    page(key, { ids, hrefs }) {
      manifest.pages[key] = [numbered(ids), numbered(hrefs)];
    },
    save: () => manifestStore(cacheDir).store([[manifestKey(outDir), manifest]]),
  };
}

/**
 * The stamp of a regular file; undefined for anything else (a symbolic link, a folder) or a file that is gone.
 * Synchronous: for the tens of thousands of files of a large site, a third of the time of lstat through the thread pool.
 */
export function stampOf(file: string): FileStamp | undefined {
  let info;
  try {
    info = lstatSync(file, { bigint: true });
  } catch {
    return undefined;
  }
  return info?.isFile() ? [String(info.ino), String(info.size), String(info.mtimeNs)] : undefined;
}

/** Whether a file's stamp (undefined: gone or not a regular file) is the one it was written or checked with. */
export function sameStamp(a: FileStamp | undefined, b: FileStamp): a is FileStamp {
  return a !== undefined && a.every((part, i) => part === b[i]);
}

function manifestStore(cacheDir: string) {
  return openEntryStore<Manifest>(cacheDir, OUTPUT_MANIFESTS, (manifest) => typeof manifest.files === 'object' && Array.isArray(manifest.strings) && typeof manifest.pages === 'object');
}

/** The key of an output folder's manifest (its path's hash), which a build's pruning keeps (cache/prune-cache.ts). */
export function manifestKey(outDir: string): string {
  return hash('output\0' + outDir);
}
