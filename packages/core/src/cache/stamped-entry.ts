import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { hash } from '../hash.js';
import { openBinaryEntry } from './entry-store.js';
import { pruneOthers } from './prune-cache.js';

/**
 * A result made from files that are read again only when one of them changed: the esbuild bundles of the theme and of
 * site.config.ts (30–70 ms of waiting and 0.1 s of esbuild's CPU on every warm build, for a theme that had not changed).
 * The entry holds the result and the stamp of every path that made it (stampsOf), and is used only while every stamp
 * still matches. What is trusted: a file's stamp (device, inode, size, modification and change time in nanoseconds).
 * The change time cannot be set by any program (writing, `touch -d`, renaming onto the file all set it to now), so an
 * edit that restores a file's size and modification time is still seen; only a change of the system clock or a write
 * to the raw device would go unseen. Checksummed like every entry (entry-store.ts): a corrupted or truncated entry is
 * not used, the result is made again and the entry rewritten.
 */
export interface StampedEntry<T> {
  /** The stored result, when the entry is intact and every path it depends on is as it was. */
  load(): T | undefined;
  /**
   * Stores a result made from these files (esbuild's inputs), unless one of them changed after the entry was opened
   * (before the bundler ran): it may hold something else than what the bundler read. Folders are stamped by their names,
   * not times (the build renames its output in the site's folder every time), so this check is not made for them: a
   * file added beside an input in the few milliseconds between esbuild's resolution and this store would go unseen
   * until that folder's names change again.
   */
  store(files: string[], value: T): void;
}

/** File system times come from a clock that lags the system clock by up to a tick (4–10 ms): a wide margin for it. */
const CLOCK_TICK_NS = 100_000_000n;

export function openStampedEntry<T>(cacheDir: string, kind: string, key: string): StampedEntry<T> {
  const entryKey = hash(key);
  const entry = openBinaryEntry(cacheDir, kind, entryKey);
  const openedNs = BigInt(Date.now()) * 1_000_000n;
  return {
    load() {
      const bytes = entry.load();
      if (!bytes) return undefined;
      try {
        const { stamps, value } = JSON.parse(bytes.toString('utf8')) as { stamps: [string, string][]; value: T };
        return stamps.every(([where, stamp]) => stampOf(where).stamp === stamp) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    store(files, value) {
      const stamps = stampsOf(files);
      if (stamps.some(({ changedNs }) => changedNs >= openedNs - CLOCK_TICK_NS)) return;
      entry.store(Buffer.from(JSON.stringify({ stamps: stamps.map(({ where, stamp }) => [where, stamp]), value })));
      // Entries of an older CLI (another key) are left to go once they are an hour old, as other one-entry kinds.
      pruneOthers(cacheDir, kind, entryKey);
    },
  };
}

interface PathStamp {
  /** `f:<file>` (a file's stat), `l:<folder>` (a folder's names). */
  where: string;
  stamp: string;
  changedNs: bigint;
}

/**
 * What esbuild's result depends on beyond its inputs' bytes is how it resolved their imports: each input's stamp; the
 * names in each input's folder (a file added beside an import, `./util.tsx` beside `./util.ts`, could take its place);
 * and in every folder above an input the files that steer resolution (package.json, tsconfig.json, jsconfig.json) and
 * the packages in its node_modules (a package installed nearer than the one used). A folder's names rather than its
 * modification time: the build itself renames its output in the site's root folder every time.
 */
function stampsOf(files: string[]): PathStamp[] {
  const wheres = new Set<string>();
  const ancestors = new Set<string>();
  for (const file of files) {
    wheres.add('f:' + file);
    wheres.add('l:' + path.dirname(file));
    for (let dir = path.dirname(file); !ancestors.has(dir); dir = path.dirname(dir)) {
      ancestors.add(dir);
      for (const name of ['package.json', 'tsconfig.json', 'jsconfig.json']) wheres.add('f:' + path.join(dir, name));
      wheres.add('l:' + path.join(dir, 'node_modules'));
      if (path.dirname(dir) === dir) break;
    }
  }
  return [...wheres].sort().map(stampOf);
}

function stampOf(where: string): PathStamp {
  const target = where.slice(2);
  const info = statSync(target, { bigint: true, throwIfNoEntry: false });
  if (!info && where.startsWith('l:') && path.basename(target) === 'node_modules') return { where, stamp: hash(''), changedNs: 0n };
  if (!info) return { where, stamp: 'absent', changedNs: 0n };
  if (where.startsWith('f:')) return { where, stamp: [info.dev, info.ino, info.size, info.mtimeNs, info.ctimeNs].join(':'), changedNs: info.ctimeNs > info.mtimeNs ? info.ctimeNs : info.mtimeNs };
  return { where, stamp: info.isDirectory() ? hash(namesThatResolve(target).sort().join('\0')) : 'not a folder', changedNs: 0n };
}

/**
 * A folder's names that can take an import's place. In a node_modules folder only packages can, and no package name
 * starts with a dot: `.cache` (where this cache lives, made by the first build after the config's entry was stamped),
 * `.bin` and `.package-lock.json` are left out, and a missing node_modules stamps as an empty one.
 */
function namesThatResolve(folder: string): string[] {
  const names = readdirSync(folder);
  return path.basename(folder) === 'node_modules' ? names.filter((name) => !name.startsWith('.')) : names;
}
