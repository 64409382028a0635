import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { workerData } from 'node:worker_threads';

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
  // `wx`: a new, empty file only; nothing is ever opened through a name that exists.
  closeSync(openSync(full, 'wx'));
}
