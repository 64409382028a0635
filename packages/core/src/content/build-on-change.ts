import path from 'node:path';
import type { BuildCache } from '../build.js';
import { themeDir } from '../client/bundle-theme.js';
import { CONFIG_FILE, loadConfig } from '../config/load-config.js';
import { importModule } from '../import-module.js';

export interface BuildOnChangeOptions {
  root: string;
  /** The content and static folders to watch (inputFolders). */
  folders: InputFolders;
  /** The persistent cache folder, if the builds use one: it is never watched. */
  cacheDir?: string;
  /** What the process keeps between builds; emptied of what a batch of changes makes stale before the rebuild. */
  cache: BuildCache;
  /** Runs one build: the first with no changes, then one after each batch (files relative to the root); never rejects. */
  rebuild: (changed: string[]) => Promise<void>;
  log: (message: string) => void;
}

export interface InputWatcher {
  /** Resolves once no change is waiting and no rebuild runs. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Changes this close together (an editor's save, a `git checkout`) make one rebuild. */
const BATCH_MS = 10;

/**
 * Watches the site's inputs (content, static files, `site.config.ts`, the theme), then builds once, and again after
 * each batch of changes, one build at a time: what changes while a build runs waits for it, and all of it makes the
 * next one. Watching starts before the first build, so no edit made after that is missed; resolves after that build.
 */
export async function buildOnChange({ root, folders, cacheDir, cache, rebuild, log }: BuildOnChangeOptions): Promise<InputWatcher> {
  const theme = themeDir();
  const changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const startRebuild = () => {
    timer = undefined;
    if (closed || running || changed.size === 0) return;
    const batch = [...changed];
    changed.clear();
    forgetStale(cache, batch, { root, theme, pagesDir: path.join(folders.contentDir, 'pages') });
    runBuild(batch);
  };
  const runBuild = (batch: string[]) =>
    (running = rebuild(batch).finally(() => {
      running = undefined;
      startRebuild();
    }));
  const noteChange = (file: string) => {
    changed.add(path.relative(root, file));
    clearTimeout(timer);
    timer = setTimeout(startRebuild, BATCH_MS);
  };

  // The cache folder is the build's own writing: were it inside the content folder, every build would start another.
  const ownCache = cacheDir && path.resolve(root, cacheDir);
  const isIgnored = (file: string) => /[\\/](node_modules|\.git)([\\/]|$)/.test(file) || (!!ownCache && (file === ownCache || file.startsWith(ownCache + path.sep)));
  // Loaded here, not at the top: a build that does not watch should not wait for chokidar to load.
  const { default: chokidar } = await importModule<typeof import('chokidar')>('chokidar');
  const watcher = chokidar.watch([path.join(root, folders.contentDir), path.join(root, folders.staticDir), path.join(root, CONFIG_FILE), theme], {
    ignoreInitial: true,
    followSymlinks: false,
    ignored: isIgnored,
  });
  watcher.on('all', (_event, file) => noteChange(file));
  // A folder that cannot be watched (too many open files, a link loop, permissions) is reported; watching goes on.
  watcher.on('error', (error) => log(`cannot watch a file (watching goes on): ${(error as Error).message}`));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  await runBuild([]);

  return {
    settled: async () => {
      // A change written just now may not have been reported yet.
      await new Promise((resolve) => setTimeout(resolve, 3 * BATCH_MS));
      while (running || timer) await (running ?? new Promise((resolve) => setTimeout(resolve, BATCH_MS)));
    },
    close: async () => {
      // A build under way ends; none starts after it, whatever changed meanwhile.
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await watcher.close();
      await running;
    },
  };
}

export interface InputFolders {
  contentDir: string;
  staticDir: string;
}

/** The content and static folders: the configuration's, or the defaults when it cannot be read (the first build then says why). */
export async function inputFolders(root: string, cacheDir?: string): Promise<InputFolders> {
  const config = await loadConfig(root, { cacheDir }).then((found) => found.config, () => undefined);
  return { contentDir: config?.contentDir ?? 'content', staticDir: config?.staticDir ?? 'static' };
}

/** Empties the cache of what a batch of changes makes stale: a changed config changes every doc's parse and the theme's bundle, so do the theme and the site's React pages. */
function forgetStale(cache: BuildCache, batch: string[], { root, theme, pagesDir }: { root: string; theme: string; pagesDir: string }): void {
  const configChanged = batch.includes(CONFIG_FILE);
  if (configChanged) {
    // The Markdown processor is made from the configuration's `markdown` options.
    cache.processor = undefined;
    cache.parsed.clear();
    cache.scanned.clear();
  }
  if (configChanged || batch.some((file) => path.resolve(root, file).startsWith(theme + path.sep) || file.startsWith(pagesDir + path.sep))) cache.theme = undefined;
}
