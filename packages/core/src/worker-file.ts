import { readFileSync } from 'node:fs';
import { hash } from './hash.js';

type WorkerName = 'parse-worker' | 'render-worker' | 'search-worker';

/**
 * The compiled worker script `name` (dist/<name>.js). From the compiled CLI it sits next to it; from source (tests
 * run TypeScript through tsx, whose loader a worker does not inherit) the same compiled file, which `npm test` builds first.
 */
export function workerFile(name: WorkerName): URL {
  return import.meta.url.endsWith('.ts') ? new URL(`../../../dist/${name}.js`, import.meta.url) : new URL(`./${name}.js`, import.meta.url);
}

const fingerprints = new Map<WorkerName, string>();

/**
 * The hash of a compiled worker, read once per process. The worker bundles the code of its stage (the whole Markdown
 * pipeline, the page shell), so the hash changes with any change to that code: it goes into the stage's cache keys.
 */
export function workerFingerprint(name: WorkerName): string {
  let fingerprint = fingerprints.get(name);
  if (fingerprint === undefined) fingerprints.set(name, (fingerprint = hash(readFileSync(workerFile(name), 'utf8'))));
  return fingerprint;
}
