import { chmod, cp, mkdir, open, readFile, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError } from '../errors.js';
import { linkCarried, moveBack, moveCarried, recoverCarried, type CarriedFiles } from './carry-over.js';
import { OUTPUT_MARKER } from './output-folder.js';
import { reserveFiles } from './reserve-output.js';
import type { FileStamp } from './previous-output.js';
import { stagingWriter, type StagedFile } from './staging-writes.js';

/** The output folder of a build in progress: files go into a staging folder beside it until the build succeeds. */
export interface StagedOutput {
  /** The staging folder (absolute). */
  readonly dir: string;
  write(files: StagedFile[]): Promise<void>;
  /**
   * Files the previous output holds unchanged (checked against their stamps, see previous-output.ts): instead of being
   * written again, they move from the previous output into the new one when it is swapped in (carry-over.ts).
   */
  carry(files: { path: string; stamp: FileStamp }[]): void;
  /** Swaps the staging folder in for the old output. */
  commit(): Promise<void>;
  /** Drops the staging folder; the old output stays as it was. */
  discard(): Promise<void>;
}

/** Folders and files beside the output that docsgen makes, named so that they cannot be mistaken for anyone else's. */
function siblings(outDir: string) {
  const parent = path.dirname(outDir);
  const prefix = `.${path.basename(outDir)}.docsgen-`;
  const stamp = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    staging: path.join(parent, `${prefix}staging-${stamp}`),
    previous: path.join(parent, `${prefix}previous-${stamp}`),
    lock: path.join(parent, `${prefix}lock`),
    /** `staging-<pid>-…` or `previous-<pid>-…` of any build, with the pid of the build that made it. */
    leftover: new RegExp(`^${escapeRegExp(prefix)}(staging|previous)-(\\d+)-\\d+-[a-z0-9]+$`),
  };
}

/**
 * Opens a fresh staging folder beside the output. The build writes pages into it as they render and swaps
 * it in only when everything was written and checked, so a failed or killed build never leaves a
 * half-written or mixed site. The output folder must have been checked with claimOutputFolder. `reserve`: files the
 * build will write, made empty now by a worker thread (reserve-output.ts) when the output folder does not exist yet
 * (a rebuild carries unchanged files over instead); those it does not write are removed before the swap.
 */
export async function stageOutput(outDir: string, { reserve = [] }: { reserve?: string[] } = {}): Promise<StagedOutput> {
  const { staging, previous, lock, leftover } = siblings(outDir);
  const placeInStaging = insideChecker(staging);
  for (const file of reserve) placeInStaging(file);
  await mkdir(path.dirname(outDir), { recursive: true });
  await recoverInterruptedSwaps(outDir, leftover);
  await mkdir(staging);
  await writeFile(path.join(staging, OUTPUT_MARKER), 'Written by `docsgen build`, which replaces this folder on every build.\n');
  const writeFiles = stagingWriter(staging);
  const carried: CarriedFiles = new Map();
  const reserved = reserve.length && !(await exists(outDir)) ? reserveFiles(staging, reserve) : undefined;
  const written = new Set<string>();
  // Writes still under way when a build fails must end before the staging folder is removed, or they would make it again.
  const writing = new Set<Promise<void>>();
  return {
    dir: staging,
    async write(files) {
      const placed = files.map((file) => {
        carried.delete(file.path);
        if (reserved) written.add(file.path);
        return { contents: file.contents, path: placeInStaging(file.path), sameAs: file.sameAs === undefined ? undefined : placeInStaging(file.sameAs) };
      });
      const write = writeFiles(placed);
      writing.add(write);
      try {
        await write;
      } finally {
        writing.delete(write);
      }
    },
    carry(files) {
      for (const file of files) {
        placeInStaging(file.path);
        carried.set(file.path, file.stamp);
      }
    },
    async commit() {
      await reserved?.removeUnwritten(written);
      await withLock(lock, async () => {
        const hadOutput = await exists(outDir);
        if (hadOutput) {
          try {
            await rename(outDir, previous);
          } catch (error) {
            if (!CANNOT_MOVE.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
            linkCarried(outDir, staging, carried);
            await replaceContents(outDir, staging);
            return;
          }
          try {
            moveCarried(previous, staging, carried);
            await rename(staging, outDir);
          } catch (error) {
            moveBack(previous, staging);
            await rename(previous, outDir);
            throw error;
          }
        } else {
          await rename(staging, outDir);
        }
        if (hadOutput) await removeOwned(previous);
      });
    },
    async discard() {
      await reserved?.ready;
      await Promise.allSettled(writing);
      await removeOwned(staging);
    },
  };
}

/** A mount point (a Docker volume) cannot be renamed (EBUSY), nor can a folder whose parent is read-only (EACCES, EPERM, EROFS). */
const CANNOT_MOVE = new Set(['EBUSY', 'EXDEV', 'EACCES', 'EPERM', 'EROFS']);

/**
 * The output folder stays where it is; its contents are swapped instead. The new site is first copied into the folder
 * (so the swap is renames on one file system), the old entries are moved aside, then the new ones moved in: a failure
 * before the last step puts the old entries back, so the folder never holds a mix of two builds.
 */
async function replaceContents(outDir: string, staging: string): Promise<void> {
  const stamp = `${process.pid}-${Date.now()}`;
  const incoming = path.join(outDir, `.docsgen-incoming-${stamp}`);
  const old = path.join(outDir, `.docsgen-previous-${stamp}`);
  await cp(staging, incoming, { recursive: true });
  await removeOwned(staging);
  const oldEntries = (await readdir(outDir)).filter((entry) => path.join(outDir, entry) !== incoming);
  await mkdir(old);
  const moved: string[] = [];
  try {
    for (const entry of oldEntries) {
      await rename(path.join(outDir, entry), path.join(old, entry));
      moved.push(entry);
    }
  } catch (error) {
    for (const entry of moved) await rename(path.join(old, entry), path.join(outDir, entry));
    await removeOwned(incoming);
    await removeOwned(old);
    throw error;
  }
  for (const entry of await readdir(incoming)) await rename(path.join(incoming, entry), path.join(outDir, entry));
  await removeOwned(incoming);
  await removeOwned(old);
}

/**
 * A check that refuses a path that is absolute or, once normalised, not strictly inside `dir`, and gives the file's
 * absolute path. It runs for every file a build writes, before any of the build's code is optimised: only the relative
 * path is normalised, as `dir` already is (`path.relative` took 13 ms of a cold build of 206 pages, and joining the
 * two, normalising the whole, 7–9 ms per 1,400 paths in a fresh process).
 */
function insideChecker(dir: string): (relative: string) => string {
  const inside = path.join(dir, path.sep);
  const up = '..' + path.sep;
  return (relative) => {
    const normal = path.normalize(relative);
    if (path.isAbsolute(relative) || normal === '.' || normal === '..' || normal.startsWith(up)) {
      throw new DocsgenError(`refusing to write ${JSON.stringify(relative)}: it is outside the output folder`);
    }
    return inside + normal;
  };
}

/**
 * A build killed between the two renames leaves the old site as `.name.docsgen-previous-*`: put it back. Staging folders
 * of builds that are gone are removed. Only folders carrying the output marker (or empty) are touched, none of a running build.
 */
async function recoverInterruptedSwaps(outDir: string, leftover: RegExp): Promise<void> {
  const parent = path.dirname(outDir);
  // Previous outputs first: one may need files back from its build's staging folder before that is removed.
  const entries = (await readdir(parent)).sort((a, b) => Number(leftover.exec(b)?.[1] === 'previous') - Number(leftover.exec(a)?.[1] === 'previous'));
  for (const entry of entries) {
    const match = leftover.exec(entry);
    const full = path.join(parent, entry);
    if (!match || isRunning(Number(match[2]))) continue;
    // A build killed between making its staging folder and marking it leaves it empty.
    if (!(await exists(path.join(full, OUTPUT_MARKER)))) await rmdir(full).catch(() => undefined);
    // Files moved out for the new output go back first (from the staging folder of the same build).
    else if (match[1] === 'previous' && !(await exists(outDir)) && recoverCarried(full, full.replace(/previous(-\d+-\d+-[a-z0-9]+)$/, 'staging$1'))) await rename(full, outDir);
    else await removeOwned(full);
  }
}

/**
 * Removes a folder the build made. A read-only file or folder inside (an old output someone made read-only) is made
 * writable first; what still cannot be removed stays behind for the next build to retry, and never fails this one.
 */
async function removeOwned(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true });
  } catch {
    await makeWritable(dir).catch(() => undefined);
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function makeWritable(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await makeWritable(path.join(dir, entry.name));
  }
}

/** Builds into one output run their swaps one at a time; a lock left by a build that died is taken over. */
async function withLock(lock: string, work: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await isStaleLock(lock)) await rm(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  try {
    await work();
  } finally {
    await rm(lock, { force: true });
  }
}

/** How long a lock may stay empty: its holder writes its pid right after creating it, unless it was killed in between. */
const EMPTY_LOCK_MS = 5_000;

/** A lock whose build is gone: its pid is not running, or it was left empty by a build killed as it took it. */
async function isStaleLock(lock: string): Promise<boolean> {
  const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
  if (holder) return holder !== process.pid && !isRunning(holder);
  const info = await stat(lock).catch(() => undefined);
  return info !== undefined && Date.now() - info.mtimeMs > EMPTY_LOCK_MS;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
