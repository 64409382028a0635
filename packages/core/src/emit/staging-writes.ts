import fs from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../client/bundle-theme.js';

/**
 * A file for the staging folder. `sameAs` names another file of the same write with the very same contents: it is made
 * a hard link to that one (no inode of its own, see writeToStaging), so it must never be written in place afterwards.
 */
export type StagedFile = OutputFile & { sameAs?: string };

/**
 * fs.writeFile with a callback, not fs/promises': the same open, write and close on the thread pool, for half the
 * main thread's CPU (fs/promises' writeFile awaits each step through its own promises).
 */
// Called through `fs` each time, not bound at import: tests stand in a file system without hard links.
const writeFileOnPool = (file: string, contents: string | Uint8Array) => onPool<void>((done) => fs.writeFile(file, contents, done));
const mkdirOnPool = (dir: string) => onPool<void>((done) => fs.mkdir(dir, (error) => done(error)));
const linkOnPool = (existing: string, file: string) => onPool<void>((done) => fs.link(existing, file, done));

function onPool<T>(call: (done: (error: NodeJS.ErrnoException | null, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => call((error, value) => (error ? reject(error) : resolve(value as T))));
}

/**
 * Writes files into a fresh staging folder (paths relative to it, already checked to lie inside it). What costs here is
 * making inodes: on ext4 without a journal (this machine's disk) every new file or folder is placed after a scan past
 * every inode freed in the last seconds to minutes, so a build right after an output or cache was deleted pays for
 * each inode it makes in proportion to what was deleted. Hence each folder is made once, parents first (recursive
 * mkdir per file made 7,746 calls for 2,280 folders of a 2,000-page output, 5,466 of them failing), and a file with
 * `sameAs` is a hard link to the file it names, written in the same call, falling back to writing it where the file
 * system has no hard links. Every file is new in the staging folder, so no write ever goes through a link into another name.
 */
export function stagingWriter(staging: string): (files: StagedFile[]) => Promise<void> {
  const folders = new Map<string, Promise<unknown>>([[staging, Promise.resolve()]]);
  const folder = (dir: string): Promise<unknown> => {
    let made = folders.get(dir);
    if (!made) {
      made = folder(path.dirname(dir)).then(() => mkdirOnPool(dir).catch(unlessExists));
      folders.set(dir, made);
    }
    return made;
  };
  return async (files) => {
    const written = new Set(files.flatMap((file) => (file.sameAs ? [] : [file.path])));
    const links = files.filter((file) => file.sameAs && written.has(file.sameAs));
    const copies = links.length ? files.filter((file) => !(file.sameAs && written.has(file.sameAs))) : files;
    await Promise.all([...new Set(files.map((file) => path.dirname(path.join(staging, file.path))))].map(folder));
    await inBatches(copies, (file) => writeFileOnPool(path.join(staging, file.path), file.contents));
    await inBatches(links, (file) => {
      const to = path.join(staging, file.path);
      return linkOnPool(path.join(staging, file.sameAs!), to).catch(() => writeFileOnPool(to, file.contents));
    });
  };
}

/** A folder that exists already is what was asked for (a file in its place fails the write into it). */
function unlessExists(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EEXIST') throw error;
}

/** 64 at a time: enough to keep the thread pool busy without queueing thousands of requests and their buffers. */
async function inBatches(files: StagedFile[], write: (file: StagedFile) => Promise<void>): Promise<void> {
  const batch = 64;
  for (let i = 0; i < files.length; i += batch) await Promise.all(files.slice(i, i + batch).map(write));
}
