import { closeSync, mkdirSync, openSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import path from 'node:path';
import { workerData } from 'node:worker_threads';

/**
 * Making files ahead is background work: on one or two cores it runs at the priority bin/background-threads.js gives
 * V8's own threads, not above them. Above them, on a disk where making an inode is slow, it kept V8's optimizing compiler
 * off the second core, and parsing 2,000 pages on the main thread took 1.8–2.0 s instead of 1.4–1.6 s (3 cold builds
 * each, as bench:peers makes them). On Linux, a thread's own priority is set by setpriority on itself.
 */
const BACKGROUND_NICE = 10;
if (process.platform === 'linux' && availableParallelism() <= 2) {
  try {
    setPriority(BACKGROUND_NICE);
  } catch {
    // Left as it is.
  }
}

/** Makes each reserved file empty, and its folder, in the staging folder (reserve-output.ts). */
const { staging, paths } = workerData as { staging: string; paths: string[] };
const made = new Set<string>();
for (const file of paths) {
  const full = path.join(staging, file);
  const folder = path.dirname(full);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  try {
    // `wx`: a new, empty file only; nothing is ever opened through a name that exists.
    closeSync(openSync(full, 'wx'));
  } catch (error) {
    // The build wrote this one first (it writes files beside the pages as soon as the Markdown is parsed): on to the next.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
