import { parentPort, workerData } from 'node:worker_threads';
import { openRenderCache, toCachedPage, type CachedPage } from '../cache/render-cache.js';
import { importThemeServer } from '../client/bundle-theme.js';
import type { KeyedFile } from '../emit/output-sink.js';
import { pageFile, recordOf, renderPage, type PageRecord, type PageToRender, type RenderContext } from './render-pages.js';

/** What the render pool sends a worker: a share of the pages and what rendering them needs. */
export interface RenderJob {
  /** The theme's bundled server code (client/theme-bundles.ts), imported here. */
  themeCode: string;
  context: Omit<RenderContext, 'theme'>;
  pages: PageToRender[];
  /** Each page's key in the render cache, which the worker writes to when the build has a cache folder. */
  keys: string[];
  cacheDir?: string;
}

/** Rendered pages in batches as they are done (their files to write, their records for links and sitemap), then the end. */
export type RenderReply = { kind: 'batch'; records: PageRecord[]; files: KeyedFile[] } | { kind: 'done' } | { kind: 'failed'; message: string };

/** Pages per message: large enough that messages cost little, small enough that no share's HTML piles up. */
const BATCH = 64;

const job = workerData as RenderJob;
try {
  const context: RenderContext = { ...job.context, theme: await importThemeServer(job.themeCode) };
  const disk = job.cacheDir ? openRenderCache(job.cacheDir) : undefined;
  const stored: Promise<void>[] = [];
  for (let i = 0; i < job.pages.length; i += BATCH) {
    const records: PageRecord[] = [];
    const files: KeyedFile[] = [];
    const entries: [string, CachedPage][] = [];
    job.pages.slice(i, i + BATCH).forEach((page, j) => {
      const rendered = renderPage(page, context);
      records.push(recordOf(rendered));
      files.push(pageFile(rendered, job.keys[i + j]));
      if (disk) entries.push([job.keys[i + j], toCachedPage(rendered)]);
    });
    if (disk) stored.push(disk.store(entries));
    parentPort!.postMessage({ kind: 'batch', records, files } satisfies RenderReply);
  }
  await Promise.all(stored);
  parentPort!.postMessage({ kind: 'done' } satisfies RenderReply);
} catch (error) {
  parentPort!.postMessage({ kind: 'failed', message: (error as Error).message } satisfies RenderReply);
}
