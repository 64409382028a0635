/**
 * The compiled worker script `name` (dist/<name>.js). From the compiled CLI it sits next to it; from source (tests
 * run TypeScript through tsx, whose loader a worker does not inherit) the same compiled file, which `npm test` builds first.
 */
export function workerFile(name: 'parse-worker' | 'render-worker'): URL {
  return import.meta.url.endsWith('.ts') ? new URL(`../../../dist/${name}.js`, import.meta.url) : new URL(`./${name}.js`, import.meta.url);
}
