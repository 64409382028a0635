import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createElement } from 'react';
import type { PageData, ThemeSite } from '@docsgen/shared';
import type { ThemeServer } from '@docsgen/theme/server';
import type { OutputFile } from '../client/bundle-theme.js';
import type { PageSource } from '../content/scan-content.js';
import type { OutputSink } from '../emit/output-sink.js';
import { DocsgenError } from '../errors.js';
import { hash } from '../hash.js';
import type { DocPageInput } from '../site/build-pages.js';
import { workerFile } from '../worker-file.js';
import type { RenderJob, RenderReply } from './render-worker.js';
import { pageFiles, renderPage, type PageRecord, type PageToRender, type RenderContext, type RenderedPage } from './render-pages.js';

export interface PagesToRenderOptions {
  docPages: DocPageInput[];
  pages: PageSource[];
  theme: ThemeServer;
  site: ThemeSite;
  baseUrl: string;
}

/** Every page of the site: one per doc, one per React page of content/pages, and the not-found page. */
export function pagesToRender({ docPages, pages, theme, site, baseUrl }: PagesToRenderOptions): PageToRender[] {
  return [
    ...docPages.map(({ doc, data }) => ({
      data: { ...data, html: doc.html },
      file: routeFile(data.route, baseUrl),
      sourceFile: doc.source.file,
      noindex: doc.source.frontMatter.unlisted || doc.source.frontMatter.draft,
    })),
    ...pages.map((source) => {
      const module = theme.pages.find((page) => page.file === source.file)?.module;
      if (typeof module?.default !== 'function') {
        throw new DocsgenError('the page module has no default export (a React component)', { location: { file: source.file }, hint: 'export default function Page() { … }' });
      }
      const meta = module as { title?: string; description?: string };
      const data: PageData = {
        kind: 'page',
        route: source.route,
        title: meta.title ?? site.title,
        description: meta.description ?? site.tagline,
        html: theme.renderStatic(createElement(module.default as () => null, { site } as object)),
        toc: [],
        breadcrumbs: [],
        hideTableOfContents: true,
      };
      return { data, file: routeFile(source.route, baseUrl), sourceFile: source.file, noindex: false };
    }),
    {
      data: { kind: 'notFound', route: baseUrl + '404.html', title: '找不到页面', description: '找不到页面', html: theme.renderNotFound(site), toc: [], breadcrumbs: [], hideTableOfContents: true } satisfies PageData,
      file: '404.html',
      sourceFile: 'theme/components/NotFound.tsx',
      noindex: true,
    },
  ];
}

/** Rendered pages `serve` keeps between rebuilds, by output file. */
export type RenderedPageMemory = Map<string, { key: string; page: RenderedPage }>;

export interface RenderStageOptions {
  pages: PageToRender[];
  context: RenderContext;
  /** The theme's bundled server code, for render workers. */
  themeCode: string;
  /** The content key of each doc by source file (from the parse stage): it stands for the body's HTML. */
  keyByFile: Map<string, string>;
  /** Only `serve` keeps rendered pages; a one-shot build would hold every page's HTML to the end. */
  memory?: RenderedPageMemory;
  sink: OutputSink;
  baseUrl: string;
  /** Rendering threads, this one included; by default one per core (up to four) on large sites. */
  threads?: number;
  onProgress: (done: number, total: number) => void;
}

/**
 * Below this many pages a render worker (which loads React and the theme, cold) costs more than it saves;
 * `serve` renders on its own thread, as it keeps the rendered pages.
 */
const MIN_PAGES_FOR_WORKERS = 1_000;

/** Renders every page and hands its files to the sink as they are done; large sites render on worker threads too. */
export async function renderStage(options: RenderStageOptions): Promise<{ records: PageRecord[]; renderedCount: number }> {
  const { pages, memory, threads } = options;
  const cores = memory ? 1 : Math.min(threads ?? (pages.length >= MIN_PAGES_FOR_WORKERS ? Math.min(availableParallelism(), 4) : 1), pages.length);
  if (cores < 2) return renderHere(pages, options);
  // Contiguous shares keep the pages in order; this thread takes a larger one, as a worker first spends a few hundred milliseconds loading.
  const weights = [1.3, ...Array.from({ length: cores - 1 }, () => 1)];
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let sum = 0;
  const bounds = [0, ...weights.map((weight) => Math.round(((sum += weight) / total) * pages.length))];
  const shares = weights.map((_, k) => pages.slice(bounds[k], bounds[k + 1]));
  const { themeCode, context, baseUrl, sink } = options;
  const { theme: _theme, ...plainContext } = context;
  const workers = shares.slice(1).map((share) => renderOnWorker({ themeCode, context: plainContext, pages: share, baseUrl }, sink));
  const mine = await renderHere(shares[0], options);
  const theirs = await Promise.all(workers);
  return { records: [...mine.records, ...theirs.flat()], renderedCount: pages.length };
}

async function renderHere(pages: PageToRender[], { context, keyByFile, memory, sink, baseUrl, onProgress }: RenderStageOptions): Promise<{ records: PageRecord[]; renderedCount: number }> {
  const contextKey = hash(JSON.stringify({ site: context.site, sidebar: context.sidebar, assets: context.assets, origin: context.origin }));
  const records: PageRecord[] = [];
  let renderedCount = 0;
  const renderOrReuse = (page: PageToRender): RenderedPage => {
    // The body's HTML is covered by its doc's key, so it need not be serialised and hashed on every rebuild.
    const { html: _html, ...shape } = page.data;
    const key = hash(contextKey + (keyByFile.get(page.sourceFile) ?? page.data.html) + JSON.stringify(shape) + page.file + page.noindex);
    const cached = memory?.get(page.file);
    if (cached?.key === key) return cached.page;
    renderedCount++;
    const result = renderPage(page, context);
    memory?.set(page.file, { key, page: result });
    return result;
  };
  let pending: OutputFile[] = [];
  // One batch is written while the next renders.
  let writing: Promise<void> = Promise.resolve();
  for (const [i, page] of pages.entries()) {
    onProgress(i + 1, pages.length);
    const rendered = renderOrReuse(page);
    const { data: _data, html: _html, dataJson: _json, ...record } = rendered;
    records.push(record);
    pending.push(...pageFiles(rendered, baseUrl));
    if (pending.length >= 256) {
      await writing;
      writing = sink.keep(pending);
      writing.catch(() => undefined);
      pending = [];
    }
  }
  await writing;
  await sink.keep(pending);
  if (memory) {
    const files = new Set(records.map((page) => page.file));
    for (const file of memory.keys()) if (!files.has(file)) memory.delete(file);
  }
  return { records, renderedCount };
}

/** One share rendered on a worker thread; its files go to the sink batch by batch, its records come back in order. */
function renderOnWorker(job: RenderJob, sink: OutputSink): Promise<PageRecord[]> {
  const worker = new Worker(workerFile('render-worker'), { workerData: job });
  const records: PageRecord[] = [];
  let written: Promise<void> = Promise.resolve();
  return new Promise<PageRecord[]>((resolve, reject) => {
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
        written.then(() => resolve(records), reject);
      } else {
        fail(new DocsgenError(`cannot render pages: ${reply.message}`, { location: { file: job.pages[0]?.sourceFile ?? 'theme' } }));
      }
    });
    worker.once('error', fail);
  });
}

/** `/docscenter/docs/a/` → `docs/a/index.html`. */
function routeFile(route: string, baseUrl: string): string {
  return route.slice(baseUrl.length) + 'index.html';
}
