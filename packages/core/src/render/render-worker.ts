import { parentPort, workerData } from 'node:worker_threads';
import { importThemeServer, type OutputFile } from '../client/bundle-theme.js';
import { pageFiles, renderPage, type PageRecord, type PageToRender, type RenderContext } from './render-pages.js';

/** What the render pool sends a worker: a share of the pages and what rendering them needs. */
export interface RenderJob {
  /** The theme's bundled server code (see loadThemeServer), imported here. */
  themeCode: string;
  context: Omit<RenderContext, 'theme'>;
  pages: PageToRender[];
  baseUrl: string;
}

/** Rendered pages in batches as they are done (their files to write, their records for links and sitemap), then the end. */
export type RenderReply = { kind: 'batch'; records: PageRecord[]; files: OutputFile[] } | { kind: 'done' } | { kind: 'failed'; message: string };

/** Pages per message: large enough that messages cost little, small enough that no share's HTML piles up. */
const BATCH = 64;

const job = workerData as RenderJob;
try {
  const context: RenderContext = { ...job.context, theme: await importThemeServer(job.themeCode) };
  for (let i = 0; i < job.pages.length; i += BATCH) {
    const records: PageRecord[] = [];
    const files: OutputFile[] = [];
    for (const page of job.pages.slice(i, i + BATCH)) {
      const rendered = renderPage(page, context);
      const { data: _data, html: _html, dataJson: _json, ...record } = rendered;
      records.push(record);
      files.push(...pageFiles(rendered, job.baseUrl));
    }
    parentPort!.postMessage({ kind: 'batch', records, files } satisfies RenderReply);
  }
  parentPort!.postMessage({ kind: 'done' } satisfies RenderReply);
} catch (error) {
  parentPort!.postMessage({ kind: 'failed', message: (error as Error).message } satisfies RenderReply);
}
