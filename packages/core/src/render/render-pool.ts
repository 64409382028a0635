import { Worker } from 'node:worker_threads';
import { openRenderCache, pageFileAndEntry, type CachedPage } from '../cache/render-cache.js';
import type { KeyedFile, OutputSink } from '../emit/output-sink.js';
import { DocsgenError } from '../errors.js';
import { workerFile } from '../worker-file.js';
import { pageFile, recordOf, renderPage, type PageRecord, type PageToRender } from './render-pages.js';
import type { RenderStageOptions } from './render-stage.js';
import type { RenderJob, RenderReply } from './render-worker.js';

/** Pages handed to the sink (and looked up in the caches) at once: a bound on the HTML held in memory. */
export const CHUNK = 256;

/** Pages rendered: their records in order, and the writes of their files and cache entries, which may still be under way. */
export interface RenderedPages {
  records: PageRecord[];
  /** Settles once every file and cache entry of these pages is written; rejects if one could not be. */
  written: Promise<void>;
}

/** Renders pages here, or on this and worker threads with --threads. */
export async function renderMany(pages: PageToRender[], keys: string[], options: RenderStageOptions): Promise<RenderedPages> {
  const { memory, threads } = options;
  // Workers only when asked for (--threads): each holds React, the theme and the site's sidebar, and its pages' HTML
  // passes through this thread, so at 10,000 pages two render threads raised the peak from 1.16 GB to 1.96 GB
  // (bench/results-threads.json), too close to the 2 GB budget for a default. `serve` renders here, as it keeps the pages.
  const cores = memory ? 1 : Math.min(threads ?? 1, pages.length);
  if (cores < 2) return renderHere(pages, keys, options);
  // Contiguous shares keep the pages in order; this thread takes a larger one, as a worker first spends a few hundred milliseconds loading.
  const weights = [1.3, ...Array.from({ length: cores - 1 }, () => 1)];
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let sum = 0;
  const bounds = [0, ...weights.map((weight) => Math.round(((sum += weight) / total) * pages.length))];
  const share = (k: number) => ({ pages: pages.slice(bounds[k], bounds[k + 1]), keys: keys.slice(bounds[k], bounds[k + 1]) });
  const { themeCode, context, sink, cacheDir } = options;
  const { theme: _theme, ...plainContext } = context;
  const workers = weights.slice(1).map((_, k) => renderOnWorker({ themeCode, context: plainContext, cacheDir, ...share(k + 1) }, sink));
  const mine = await renderHere(share(0).pages, share(0).keys, options);
  const theirs = await Promise.all(workers);
  return { records: [...mine.records, ...theirs.flatMap((share) => share.records)], written: allWritten([mine, ...theirs]) };
}

function allWritten(shares: RenderedPages[]): Promise<void> {
  const written = Promise.all(shares.map((share) => share.written)).then(() => undefined);
  // Awaited by the caller later; until then a failure must not count as unhandled.
  written.catch(() => undefined);
  return written;
}

async function renderHere(pages: PageToRender[], keys: string[], { context, memory, cacheDir, sink, onProgress }: RenderStageOptions): Promise<RenderedPages> {
  const disk = cacheDir ? openRenderCache(cacheDir) : undefined;
  const records: PageRecord[] = [];
  let pending: KeyedFile[] = [];
  let entries: [string, CachedPage][] = [];
  // One batch is written while the next renders.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    writing = Promise.all([sink.keep(pending), disk?.store(entries)]).then(() => undefined);
    writing.catch(() => undefined);
    pending = [];
    entries = [];
  };
  for (const [i, page] of pages.entries()) {
    onProgress(i + 1, pages.length);
    const rendered = renderPage(page, context);
    memory?.set(page.file, { key: keys[i], page: rendered });
    records.push(recordOf(rendered));
    if (disk) {
      const { file, entry } = pageFileAndEntry(rendered, keys[i]);
      pending.push(file);
      entries.push([keys[i], entry]);
    } else pending.push(pageFile(rendered, keys[i]));
    if (pending.length >= CHUNK) await flush();
  }
  await flush();
  // The last batch is written while the build goes on (links, search index); the output is committed only once it is.
  return { records, written: writing };
}

/** One share rendered on a worker thread; its files go to the sink batch by batch, its records come back in order. */
function renderOnWorker(job: RenderJob, sink: OutputSink): Promise<RenderedPages> {
  const worker = new Worker(workerFile('render-worker'), { workerData: job });
  const records: PageRecord[] = [];
  let written: Promise<void> = Promise.resolve();
  return new Promise<RenderedPages>((resolve, reject) => {
    const fail = (error: Error) => {
      void worker.terminate();
      reject(error);
    };
    worker.on('message', (reply: RenderReply) => {
      if (reply.kind === 'batch') {
        records.push(...reply.records);
        written = written.then(() => sink.keep(reply.files));
        written.catch(fail);
      } else if (reply.kind === 'done') {
        void worker.terminate();
        // Each batch's write already fails the share (fail) if it rejects, so nothing of it goes unhandled.
        resolve({ records, written });
      } else {
        fail(new DocsgenError(`cannot render pages: ${reply.message}`, { location: { file: job.pages[0]?.sourceFile ?? 'theme' } }));
      }
    });
    worker.once('error', fail);
  });
}
