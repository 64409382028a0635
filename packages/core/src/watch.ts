import { build, type BuildCache, type BuildOptions, type BuildResult } from './build.js';
import type { LoadedConfig } from './config/load-config.js';
import { foldersToWatch, rebuildOnChange, type InputWatcher } from './content/rebuild-on-change.js';
import { DocsgenError, isDocsgenError } from './errors.js';

export interface WatchOptions extends Omit<BuildOptions, 'write' | 'dev' | 'cache'> {
  /** After each build that succeeded: its result, how long it took and the files whose change started it (none for the first). */
  onBuilt: (result: BuildResult, ms: number, changed: string[]) => void;
  /** After each build that failed; the previous output stays as it was. */
  onFailed: (error: DocsgenError, changed: string[]) => void;
  /** Reports what cannot be watched. */
  log: (message: string) => void;
}

/**
 * `build --watch`: builds the output folder, then again after every change of the site's inputs, in one process that
 * keeps the scan, the parsed docs and the theme between builds. A failed build is reported and watching goes on.
 */
export async function watch(options: WatchOptions): Promise<InputWatcher> {
  const { onBuilt, onFailed, log, ...buildOptions } = options;
  // No rendered pages are kept: each build carries unchanged pages over from the output folder.
  const cache: BuildCache = { parsed: new Map(), scanned: new Map() };
  let loaded: LoadedConfig | undefined;
  const run = async (changed: string[]) => {
    const start = performance.now();
    try {
      const result = await build({ ...buildOptions, write: true, cache });
      loaded ??= result.loaded;
      onBuilt(result, performance.now() - start, changed);
    } catch (error) {
      onFailed(isDocsgenError(error) ? error : new DocsgenError((error as Error).message, { cause: error }), changed);
    }
  };
  await run([]);
  const folders = await foldersToWatch(buildOptions.root, loaded);
  return rebuildOnChange({ root: buildOptions.root, folders, ignored: buildOptions.cacheDir ? [buildOptions.cacheDir] : [], cache, rebuild: run, log });
}
