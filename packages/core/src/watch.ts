import { build, type BuildCache, type BuildOptions, type BuildResult } from './build.js';
import { buildOnChange, inputFolders, type InputWatcher } from './content/build-on-change.js';
import { claimOutputFolder } from './emit/output-folder.js';
import { asDocsgenError, type DocsgenError } from './errors.js';
import { readyForEdits } from './markdown/parse-stage.js';

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
  const cache: BuildCache = { parsed: new Map(), scanned: new Map(), searchTerms: {} };
  const run = async (changed: string[]) => {
    const start = performance.now();
    try {
      const result = await build({ ...buildOptions, write: true, cache });
      onBuilt(result, performance.now() - start, changed);
      readyForEdits(cache);
    } catch (error) {
      onFailed(asDocsgenError(error), changed);
    }
  };
  const { root, outDir = 'build', force = false, cacheDir } = buildOptions;
  const folders = await inputFolders(root, cacheDir);
  // A refused --out (the project, its content, a parent) is the command's mistake, which no edit can mend: it ends the
  // command here, with exit 1, rather than failing every build while watching goes on.
  await claimOutputFolder({ root, outDir, force, ...folders });
  return buildOnChange({ root, folders, cacheDir, cache, rebuild: run, log });
}
