import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from './hash.js';

type WorkerName = 'parse-worker' | 'render-worker' | 'search-worker' | 'reserve-worker';
/** The compiled bundles: the workers and the CLI itself. */
type BundleName = WorkerName | 'cli';

/**
 * The compiled bundle `name` (dist/<name>.js; the CLI is dist/cli.cjs). From the compiled CLI it sits next to it; from
 * source (tests run TypeScript through tsx, whose loader a worker does not inherit) the same compiled file, which
 * `npm test` builds first.
 */
export function workerFile(name: BundleName): URL {
  const file = name === 'cli' ? 'cli.cjs' : `${name}.js`;
  return import.meta.url.endsWith('.ts') ? new URL(`../../../dist/${file}`, import.meta.url) : new URL(`./${file}`, import.meta.url);
}

const fingerprints = new Map<BundleName, string>();

/**
 * The hash of a compiled bundle, once per process. A worker bundles the code of its stage (the whole Markdown pipeline,
 * the page shell), the CLI everything else, so the hash changes with any change to that code: it goes into the stage's
 * cache keys. scripts/build-cli.mjs records each bundle's hash beside it (dist/fingerprints.json) with the bundle's
 * size and modification time then; a bundle rewritten since is hashed here. Hashing the 6 MB of the CLI and the parse worker was 26 ms of every cold build of 206 pages.
 */
export function bundleFingerprint(name: BundleName): string {
  let fingerprint = fingerprints.get(name);
  if (fingerprint === undefined) {
    const file = fileURLToPath(workerFile(name));
    fingerprints.set(name, (fingerprint = recordedFingerprint(file) ?? hash(readFileSync(file, 'utf8'))));
  }
  return fingerprint;
}

/** What scripts/build-cli.mjs records for each bundle it writes, by file name: its hash, and its size and time then. */
export interface RecordedFingerprint {
  size: number;
  mtimeMs: number;
  hash: string;
}

export const FINGERPRINTS_FILE = 'fingerprints.json';

/**
 * The recorded hash of `file` while the file keeps the size and modification time it was recorded with. The time is
 * compared to within a millisecond, not to the nanosecond and not with the inode, so that a copy keeping the files'
 * times (`cp -p`; `fs.cp` with `preserveTimestamps`, which rounds them to the millisecond) keeps the record too; a
 * copy that does not is hashed (26 ms per build at 206 pages).
 */
export function recordedFingerprint(file: string): string | undefined {
  const recorded = recordedIn(path.dirname(file))[path.basename(file)];
  if (!recorded || typeof recorded.hash !== 'string' || !/^[0-9a-f]{40}$/.test(recorded.hash)) return undefined;
  const { size, mtimeMs } = statSync(file);
  return size === recorded.size && Math.abs(mtimeMs - recorded.mtimeMs) < 1 ? recorded.hash : undefined;
}

function recordedIn(folder: string): Partial<Record<string, RecordedFingerprint>> {
  try {
    return JSON.parse(readFileSync(path.join(folder, FINGERPRINTS_FILE), 'utf8')) as Partial<Record<string, RecordedFingerprint>>;
  } catch {
    return {};
  }
}

/** Records the hash, size and modification time of every bundle in `folder` (scripts/build-cli.mjs, once it has written them). */
export function recordFingerprints(folder: string): void {
  const record: Record<string, RecordedFingerprint> = {};
  for (const name of ['cli', 'parse-worker', 'render-worker', 'search-worker'] as const) {
    const file = path.join(folder, path.basename(fileURLToPath(workerFile(name))));
    const { size, mtimeMs } = statSync(file);
    record[path.basename(file)] = { size, mtimeMs, hash: hash(readFileSync(file, 'utf8')) };
  }
  writeFileSync(path.join(folder, FINGERPRINTS_FILE), JSON.stringify(record, null, 2) + '\n');
}
