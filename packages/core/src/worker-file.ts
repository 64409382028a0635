import { readFileSync } from 'node:fs';
import { hash } from './hash.js';

type WorkerName = 'parse-worker' | 'render-worker' | 'search-worker';
/** The compiled bundles: the workers and the CLI itself. */
type BundleName = WorkerName | 'cli';

/**
 * The compiled worker script `name` (dist/<name>.js). From the compiled CLI it sits next to it; from source (tests
 * run TypeScript through tsx, whose loader a worker does not inherit) the same compiled file, which `npm test` builds first.
 */
export function workerFile(name: BundleName): URL {
  return import.meta.url.endsWith('.ts') ? new URL(`../../../dist/${name}.js`, import.meta.url) : new URL(`./${name}.js`, import.meta.url);
}

const fingerprints = new Map<BundleName, string>();

/**
 * The hash of a compiled bundle, read once per process. A worker bundles the code of its stage (the whole Markdown
 * pipeline, the page shell), the CLI everything else, so the hash changes with any change to that code: it goes into
 * the stage's cache keys.
 */
export function bundleFingerprint(name: BundleName): string {
  let fingerprint = fingerprints.get(name);
  if (fingerprint === undefined) fingerprints.set(name, (fingerprint = hash(readFileSync(workerFile(name), 'utf8'))));
  return fingerprint;
}
