import type * as Esbuild from 'esbuild';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * esbuild, loaded when first used rather than with the CLI: loading it took 13 ms, which a warm build whose config and
 * theme bundles come from the cache (cache/stamped-entry.ts) no longer spends.
 */
export function esbuild(): typeof Esbuild {
  return require('esbuild') as typeof Esbuild;
}
