import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from './hash.js';

type WorkerName = 'parse-worker' | 'render-worker' | 'search-worker';
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
 * stamp then, as carried output files are trusted; a bundle whose stamp no longer matches (rewritten since) is hashed
 * here. Hashing the 6 MB of the CLI and the parse worker was 26 ms of every cold build of 206 pages.
 */
export function bundleFingerprint(name: BundleName): string {
  let fingerprint = fingerprints.get(name);
  if (fingerprint === undefined) {
    const file = fileURLToPath(workerFile(name));
    fingerprints.set(name, (fingerprint = recordedFingerprint(file) ?? hash(readFileSync(file, 'utf8'))));
  }
  return fingerprint;
}

/** What scripts/build-cli.mjs records for each bundle it writes, by file name. */
export interface RecordedFingerprint {
  /** `ino:size:mtimeNs` of the bundle as written. */
  stamp: string;
  hash: string;
}

export const FINGERPRINTS_FILE = 'fingerprints.json';

/** The recorded hash of `file` when the file is still as it was recorded. */
export function recordedFingerprint(file: string): string | undefined {
  const recorded = recordedIn(path.dirname(file))[path.basename(file)];
  return recorded && recorded.stamp === stampOf(file) && /^[0-9a-f]{40}$/.test(recorded.hash) ? recorded.hash : undefined;
}

/** A file's stamp: what changes when it is written again. */
export function stampOf(file: string): string {
  const info = statSync(file, { bigint: true });
  return `${info.ino}:${info.size}:${info.mtimeNs}`;
}

function recordedIn(folder: string): Partial<Record<string, RecordedFingerprint>> {
  try {
    return JSON.parse(readFileSync(path.join(folder, FINGERPRINTS_FILE), 'utf8')) as Partial<Record<string, RecordedFingerprint>>;
  } catch {
    return {};
  }
}

/** Records the hash and stamp of every bundle in `folder` (scripts/build-cli.mjs, once it has written them). */
export function recordFingerprints(folder: string): void {
  const record: Record<string, RecordedFingerprint> = {};
  for (const name of ['cli', 'parse-worker', 'render-worker', 'search-worker'] as const) {
    const file = path.join(folder, path.basename(fileURLToPath(workerFile(name))));
    record[path.basename(file)] = { stamp: stampOf(file), hash: hash(readFileSync(file, 'utf8')) };
  }
  writeFileSync(path.join(folder, FINGERPRINTS_FILE), JSON.stringify(record, null, 2) + '\n');
}
