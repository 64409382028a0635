import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openBinaryEntry } from './cache/entry-store.js';
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
 * The hash of a compiled bundle, read once per process. A worker bundles the code of its stage (the whole Markdown
 * pipeline, the page shell), the CLI everything else, so the hash changes with any change to that code: it goes into
 * the stage's cache keys. With a cache folder, the hash of a bundle is remembered there by the bundle's stamp (path,
 * inode, size, modification time in nanoseconds, as carried output files are trusted): hashing the 6 MB of the CLI and
 * the parse worker was 50 ms of every warm build of 206 pages. A bundle rewritten in any way gets a new stamp and is hashed again.
 */
export function bundleFingerprint(name: BundleName, cacheDir?: string): string {
  let fingerprint = fingerprints.get(name);
  if (fingerprint === undefined) fingerprints.set(name, (fingerprint = cacheDir ? hashByStamp(fileURLToPath(workerFile(name)), cacheDir) : hashOf(workerFile(name))));
  return fingerprint;
}

function hashOf(file: URL | string): string {
  return hash(readFileSync(file, 'utf8'));
}

/** The hash of a file's text, remembered in the cache folder by the file's stamp. */
export function hashByStamp(file: string, cacheDir: string): string {
  const info = statSync(file, { bigint: true });
  const entry = openBinaryEntry(cacheDir, 'fingerprints', hash([file, info.ino, info.size, info.mtimeNs].join('\0')));
  const known = entry.load()?.toString('latin1');
  if (known && /^[0-9a-f]{40}$/.test(known)) return known;
  const fresh = hashOf(file);
  entry.store(Buffer.from(fresh, 'latin1'));
  return fresh;
}
