import fs from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../client/bundle-theme.js';

/**
 * A file for the staging folder. `sameAs` names another file of the same write with the very same contents: it is made
 * a hard link to that one (no inode of its own, see stagingWriter), so it must never be written in place afterwards.
 */
export type StagedFile = OutputFile & { sameAs?: string };

/**
 * fs.writeFile with a callback, not fs/promises': the same open, write and close on the thread pool, for half the
 * main thread's CPU (fs/promises' writeFile awaits each step through its own promises). Called through `fs` each time,
 * not bound at import, so that tests can stand in a file system without hard links.
 */
const writeFileOnPool = (file: string, contents: string | Uint8Array) => onPool<void>((done) => fs.writeFile(file, contents, done));
const linkOnPool = (existing: string, file: string) => onPool<void>((done) => fs.link(existing, file, done));

function onPool<T>(call: (done: (error: NodeJS.ErrnoException | null, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => call((error, value) => (error ? reject(error) : resolve(value as T))));
}

/**
 * Writes files into a fresh staging folder (absolute paths, already checked to lie inside it, as is `sameAs`). What costs
 * here is making inodes: on ext4 without a journal (this machine's disk) each new file or folder is placed after a scan past
 * the inodes freed in the last minutes, so a build right after an output or cache was deleted pays for every inode in
 * proportion to what was deleted (bench/PERFORMANCE-LOG.md, *A cold build's system time: making inodes*). A file with `sameAs` is therefore a hard link to the
 * file it names when that is written in the same call, and written as a file of its own where the file system has no
 * hard links. Every file is new in the staging folder, so no write ever goes through a link into another name.
 */
export function stagingWriter(staging: string): (files: StagedFile[]) => Promise<void> {
  const made = new Set<string>([staging]);
  // Each file's folder with its parents (recursive), once; making parents first, one call per folder, was slower (the same section of the log).
  const folder = async (dir: string): Promise<void> => {
    if (made.has(dir)) return;
    await onPool<void>((done) => fs.mkdir(dir, { recursive: true }, (error) => done(error)));
    made.add(dir);
  };
  return async (files) => {
    const written = new Set(files.flatMap((file) => (file.sameAs ? [] : [file.path])));
    const isLink = (file: StagedFile) => file.sameAs !== undefined && written.has(file.sameAs);
    await Promise.all([...new Set(files.map((file) => path.dirname(file.path)))].map(folder));
    await inBatches(files.filter((file) => !isLink(file)), (file) => writeFileOnPool(file.path, file.contents));
    await inBatches(files.filter(isLink), (file) => linkOnPool(file.sameAs!, file.path).catch(() => writeFileOnPool(file.path, file.contents)));
  };
}

/** 64 at a time: enough to keep the thread pool busy without queueing thousands of requests and their buffers. */
async function inBatches(files: StagedFile[], write: (file: StagedFile) => Promise<void>): Promise<void> {
  const batch = 64;
  for (let i = 0; i < files.length; i += batch) await Promise.all(files.slice(i, i + batch).map(write));
}
