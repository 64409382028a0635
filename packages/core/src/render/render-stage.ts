import { createElement } from 'react';
import type { PageData, ThemeSite } from '@docsgen/shared';
import type { ThemeServer } from '@docsgen/theme/server';
import { fromCachedPage, openRenderCache, type CachedPage } from '../cache/render-cache.js';
import type { PageSource } from '../content/scan-content.js';
import type { KeyedFile, OutputSink } from '../emit/output-sink.js';
import { DocsgenError } from '../errors.js';
import { hash } from '../hash.js';
import type { DocPageInput } from '../site/build-pages.js';
import { holdHeapGrowthFor } from '../memory.js';
import { bundleFingerprint } from '../worker-file.js';
import { pageFile, recordOf, recordWithLinks, renderNamed, routeFile, type PageRecord, type PageToRender, type RenderContext, type RenderedPage } from './render-pages.js';
import { CHUNK, renderMany } from './render-pool.js';

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
    ...docPages.map(({ doc, data, lastmod, cardsFilled }) => ({
      data: withBodyOf(data, doc),
      lastmod,
      cardsFilled,
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
        html: renderNamed(source.file, () => theme.renderStatic(createElement(module.default as () => null, { site } as object))),
        toc: [],
        breadcrumbs: [],
        hideTableOfContents: true,
      };
      return { data, file: routeFile(source.route, baseUrl), sourceFile: source.file, noindex: false };
    }),
    {
      // No body: the theme's NotFound component draws the page (hydrated, for its search box).
      data: { kind: 'notFound', route: baseUrl + '404.html', title: '找不到页面', description: '找不到页面', html: '', toc: [], breadcrumbs: [], hideTableOfContents: true } satisfies PageData,
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
  /** The theme's bundled server code, for render workers and in every page's key. */
  themeCode: string;
  /** The content key of each doc by source file (from the parse stage): it stands for the body's HTML. */
  keyByFile: Map<string, string>;
  /** Only `serve` keeps rendered pages; a one-shot build would hold every page's HTML to the end. */
  memory?: RenderedPageMemory;
  /** The persistent cache folder, when the build uses one. */
  cacheDir?: string;
  sink: OutputSink;
  /** Rendering threads, this one included; one by default. */
  threads?: number;
  onProgress: (done: number, total: number) => void;
}

/**
 * Hands every page's files to the sink: unchanged pages from memory (`serve`) or the disk cache, the others
 * rendered (render-pool.ts); what was rendered goes back to the caches. The last rendered batch may still be being
 * written when it returns (`written`).
 */
export async function renderStage(options: RenderStageOptions): Promise<{ records: PageRecord[]; renderedCount: number; keys: string[]; written: Promise<void> }> {
  const { pages, memory, cacheDir, sink } = options;
  const keys = pages.map(pageKeyer(options));
  const disk = cacheDir ? openRenderCache(cacheDir) : undefined;
  const records: PageRecord[] = new Array(pages.length);
  const stale: number[] = [];
  const inMemory = (i: number) => {
    const kept = memory?.get(pages[i].file);
    return kept?.key === keys[i] ? kept : undefined;
  };
  for (let start = 0; start < pages.length; start += CHUNK) {
    const chunk = Array.from({ length: Math.min(CHUNK, pages.length - start) }, (_, j) => start + j);
    const notInMemory = chunk.filter((i) => !inMemory(i));
    // Unchanged pages the previous output holds are linked from there: neither their cache entry read nor their files written.
    for (const i of notInMemory) {
      const carried = sink.carryPage(keys[i], pages[i].file);
      if (carried) records[i] = recordWithLinks(pages[i], carried);
    }
    const fromDisk = disk ? await disk.load(notInMemory.filter((i) => !records[i]).map((i) => keys[i])) : new Map<string, CachedPage>();
    const files: KeyedFile[] = [];
    for (const i of chunk) {
      if (records[i]) continue;
      const cached = inMemory(i) ?? fromDisk.get(keys[i]);
      const page = cached && ('page' in cached ? cached.page : fromCachedPage(cached));
      if (!page) {
        stale.push(i);
        continue;
      }
      records[i] = recordOf(page);
      files.push(pageFile(page, keys[i]));
    }
    await sink.keep(files);
  }
  holdHeapGrowthFor(stale.length);
  const rendered = await renderMany(stale.map((i) => pages[i]), stale.map((i) => keys[i]), options);
  stale.forEach((i, j) => (records[i] = rendered.records[j]));
  sink.notePages(records.map((record, i) => [keys[i], record]));
  if (memory) {
    const files = new Set(pages.map((page) => page.file));
    for (const file of memory.keys()) if (!files.has(file)) memory.delete(file);
  }
  return { records, renderedCount: stale.length, keys, written: rendered.written };
}

/**
 * A page's key covers everything its HTML depends on: the theme's and the page shell's code, the site and its
 * sidebar, asset URLs, the doc's key and the page's data. All but the search index's URL, which any edit changes:
 * pages do not show it (it is in the site data file, whose name is fixed), so it stays out of every page's key.
 */
function pageKeyer({ context, themeCode, keyByFile }: RenderStageOptions): (page: PageToRender) => string {
  const { searchIndexUrl: _index, ...site } = context.site;
  const contextKey = hash(bundleFingerprint('render-worker') + themeCode + JSON.stringify({ site, sidebar: context.sidebar, assets: context.assets, origin: context.origin }));
  return (page) => {
    // The body's HTML is covered by its doc's key, so it need not be serialised and hashed on every rebuild; not when
    // it holds cards of other docs, whose descriptions the doc's key does not cover.
    const body = (!page.cardsFilled && keyByFile.get(page.sourceFile)) || page.data.html;
    return hash(contextKey + body + JSON.stringify(withoutBody(page.data)) + page.file + page.noindex + (page.lastmod ?? ''));
  };
}

/** The page's data but its body, whose getter is not called (spreading or JSON.stringify would read a cached doc's body). */
function withoutBody(data: PageData): Omit<PageData, 'html'> {
  const shape: Record<string, unknown> = {};
  for (const name of Object.keys(data) as (keyof PageData)[]) if (name !== 'html') shape[name] = data[name];
  return shape as Omit<PageData, 'html'>;
}

/** A doc page's data with its body's HTML, read only when the page is rendered (a cached doc reads it from disk then). */
function withBodyOf(data: Omit<PageData, 'html'>, doc: { html: string }): PageData {
  return Object.defineProperty({ ...data }, 'html', { enumerable: true, get: () => doc.html }) as PageData;
}
