import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_DIR } from './docsgen.js';

/**
 * Where a benchmark puts what it removes between builds (outputs, caches, corpus copies) until its runs are over: it is
 * renamed there, and deleted only by `clearSetAside`. This machine's disk is ext4 without a journal, where each new file
 * or folder is placed only after a scan past every inode of its block group freed in the last minutes (`recently_deleted`
 * in the kernel's ext4/ialloc.c). Deleting one system's output and caches right before the next build therefore slowed
 * that build's every new file: making 2,000 files and 500 folders took 29 ms of system time in a settled folder and
 * 1.2–1.7 s in bench/.out after the benchmark's deletions (bench/PERFORMANCE-LOG.md, *The disk remembers deletions*).
 * Renaming frees no inode, so no build pays for what the benchmark removed before it; each pays only for its own files.
 */
const SET_ASIDE = path.join(BENCH_DIR, '.out', 'set-aside');
let count = 0;

/** Moves a file or folder out of the way, as deleting it would, without freeing its inodes yet. */
export async function setAside(target: string): Promise<void> {
  if (!existsSync(target)) return;
  await mkdir(SET_ASIDE, { recursive: true });
  try {
    await rename(target, path.join(SET_ASIDE, `${process.pid}-${count++}`));
  } catch (error) {
    // On another file system than bench/.out, renaming cannot move it: deleted, then.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await rm(target, { recursive: true, force: true });
  }
}

/** Deletes what was set aside: once the benchmark's measured builds are over. */
export async function clearSetAside(): Promise<void> {
  await rm(SET_ASIDE, { recursive: true, force: true });
}
