import { build } from '../../packages/core/src/build.js';
import type { FixtureSite } from './fixtures.js';
import { snapshot } from './output-snapshot.js';

/**
 * A fixture site built two ways, for byte-for-byte comparisons: without any cache into `cold/`, the reference every
 * cached build must equal, and with the persistent cache (in its default place) into `cached/`.
 */
export function cacheComparison(site: () => FixtureSite) {
  const cacheDir = () => site().file('node_modules/.cache/docsgen');
  return {
    cacheDir,
    async coldBuild(): Promise<Map<string, Buffer>> {
      await build({ root: site().root, write: true, outDir: 'cold' });
      return snapshot(site().file('cold'));
    },
    async cachedBuild() {
      const result = await build({ root: site().root, write: true, outDir: 'cached', cacheDir: cacheDir() });
      return { stats: result.stats, files: await snapshot(site().file('cached')) };
    },
  };
}
