import { closeSync, openSync, readdirSync, rmSync, statSync, utimesSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { compactPacks } from './compact-packs.js';

/**
 * Entries younger than this are kept even when this build did not use them: another build sharing the folder (a CI
 * job on another branch) may have just written them for its next run. An unused entry older than this goes.
 */
export const PRUNE_GRACE_MS = 60 * 60 * 1000;

/** An entry's file name: its key (a SHA-1) and the extension of its store (`.json`: before V8's format); temporary files of writes in progress never match. */
const ENTRY_NAME = /^([0-9a-f]{40})\.(v8|bin|json)$/;

export interface UsedEntries {
  /** Content keys of the docs of this build (parse entries). */
  parse: Iterable<string>;
  /** Page keys of this build (render entries), carried pages included. */
  render: Iterable<string>;
  /** The key of the manifest of this build's output folder, for a build that wrote one (previous-output.ts). */
  outputManifest?: string;
}

/** The kind of the manifests of output folders, one per folder (emit/previous-output.ts). */
export const OUTPUT_MANIFESTS = 'output';

/**
 * Pruning runs at most this often: it reads every pack's index (listing the 40,000 entry files there were before packs
 * took 0.2 s of every warm build at 10,000 pages), and an unused entry removed ten minutes later than it could have
 * been only takes room a little longer.
 */
export const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** Its modification time is when the cache folder was last pruned. */
const PRUNED_MARK = 'pruned';

/** The kinds kept in packs, each with the keys of this build it uses: a doc's body's HTML is under its parse key (parse-cache.ts). */
const PACKED_KINDS = [
  ['parse', 'parse'],
  ['parse-html', 'parse'],
  ['render', 'render'],
] as const;

/**
 * After a successful build, drops the parse and render entries it did not use (a doc edited, a page whose sidebar
 * changed, every entry of an older docsgen or config): without this, a 10,000-page site's cache grew by 1 GB with each
 * code change. Their packs are deleted or rewritten (compact-packs.ts); an entry gone under a concurrent build is only
 * a miss for it (it parses or renders again), never a wrong result; packs written in the last hour keep every entry, for
 * builds that share the folder. Dead entries are looked for at most every PRUNE_INTERVAL_MS; small packs (one per warm
 * rebuild) are merged by every build once there are too many. Returns how many entries went.
 */
export function pruneCache(cacheDir: string, used: UsedEntries, now = Date.now()): number {
  const due = pruningDue(cacheDir, now);
  const keys = due ? { parse: new Set(used.parse), render: new Set(used.render) } : undefined;
  let removed = 0;
  for (const [kind, usedKind] of PACKED_KINDS) {
    const folder = path.join(cacheDir, kind);
    removed += compactPacks(folder, { kind, used: keys?.[usedKind], now, graceMs: PRUNE_GRACE_MS });
    // Entries of docsgen before packs, one file each by key prefix: no build reads them any more.
    if (due) removed += pruneKind(folder, new Set(), now);
  }
  if (!due) return removed;
  // A manifest is only of use to the next build into its folder: those of folders no build wrote for an hour (CI's
  // temporary output folders, each up to 10 MB at 10,000 pages) would otherwise stay for ever.
  if (used.outputManifest) removed += pruneKind(path.join(cacheDir, OUTPUT_MANIFESTS), new Set([used.outputManifest]), now);
  return removed + removeAbandonedWrites(cacheDir, now);
}

/**
 * The temporary files of writes a build never finished (killed, out of memory, out of disk), which no reader takes
 * for an entry and nothing else removes: a write takes well under a second, so one an hour old is no build's any more.
 */
function removeAbandonedWrites(folder: string, now: number, depth = 0): number {
  let removed = 0;
  for (const entry of listEntries(folder)) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory() && depth < 2) removed += removeAbandonedWrites(file, now, depth + 1);
    if (!entry.isFile() || !entry.name.endsWith('.tmp')) continue;
    try {
      if (now - statSync(file).mtimeMs < PRUNE_GRACE_MS) continue;
      rmSync(file, { force: true });
      removed++;
    } catch {
      // Renamed into place or removed meanwhile.
    }
  }
  return removed;
}

/** Whether the last pruning is PRUNE_INTERVAL_MS ago (or never was, or is in the future); if so, now is the last. */
function pruningDue(cacheDir: string, now: number): boolean {
  const mark = path.join(cacheDir, PRUNED_MARK);
  const last = statSync(mark, { throwIfNoEntry: false })?.mtimeMs;
  if (last !== undefined && now - last < PRUNE_INTERVAL_MS && last <= now) return false;
  closeSync(openSync(mark, 'w'));
  utimesSync(mark, now / 1000, now / 1000);
  return true;
}

/** The entries of a one-entry kind (front matter, search terms) other than `key`, once a new one was written. */
export function pruneOthers(cacheDir: string, kind: string, key: string, now = Date.now()): number {
  const folder = path.join(cacheDir, kind);
  return pruneFolder(folder, new Set([key]), now) + pruneKind(folder, new Set([key]), now);
}

/** `<kind>/<first two characters of the key>/<key>.v8` (`.json` before). */
function pruneKind(folder: string, keep: Set<string>, now: number): number {
  let removed = 0;
  for (const prefix of listNames(folder)) if (/^[0-9a-f]{2}$/.test(prefix)) removed += pruneFolder(path.join(folder, prefix), keep, now);
  return removed;
}

function pruneFolder(folder: string, keep: Set<string>, now: number): number {
  let removed = 0;
  for (const name of listNames(folder)) {
    const key = ENTRY_NAME.exec(name)?.[1];
    if (key === undefined || keep.has(key)) continue;
    const file = path.join(folder, name);
    try {
      if (now - statSync(file).mtimeMs < PRUNE_GRACE_MS) continue;
      rmSync(file, { force: true });
      removed++;
    } catch {
      // Gone already (another build pruned it).
    }
  }
  return removed;
}

function listNames(folder: string): string[] {
  return listEntries(folder).map((entry) => entry.name);
}

function listEntries(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}
