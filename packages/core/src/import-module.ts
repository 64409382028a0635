/**
 * `import()` of a module by URL or package name: the site's compiled config, the theme's server code, chokidar.
 * The compiled CLI runs from V8's code cache (bin/load-cli.js), and code compiled that way cannot call `import()` on
 * Node 20; scripts/build-cli.mjs therefore compiles this module on its own (dist/import-module.cjs), loaded by Node.
 */
export function importModule<T>(specifier: string): Promise<T> {
  return import(specifier) as Promise<T>;
}
