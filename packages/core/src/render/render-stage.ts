import { createElement } from 'react';
import { pageDataUrl, type PageData, type ThemeSite } from '@docsgen/shared';
import type { ThemeServer } from '@docsgen/theme/server';
import type { OutputFile } from '../client/bundle-theme.js';
import type { PageSource } from '../content/scan-content.js';
import type { OutputSink } from '../emit/output-sink.js';
import { DocsgenError } from '../errors.js';
import { hash } from '../hash.js';
import type { DocPageInput } from '../site/build-pages.js';
import { renderPage, type PageRecord, type PageToRender, type RenderContext, type RenderedPage } from './render-pages.js';

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
  /** The content key of each doc by source file (from the parse stage): it stands for the body's HTML. */
  keyByFile: Map<string, string>;
  /** Only `serve` keeps rendered pages; a one-shot build would hold every page's HTML to the end. */
  memory?: RenderedPageMemory;
  sink: OutputSink;
  baseUrl: string;
  onProgress: (done: number, total: number) => void;
}

/** Renders every page and hands its files to the sink in batches, one written while the next renders. */
export async function renderStage({ pages, context, keyByFile, memory, sink, baseUrl, onProgress }: RenderStageOptions): Promise<{ records: PageRecord[]; renderedCount: number }> {
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

function pageFiles(page: RenderedPage, baseUrl: string): OutputFile[] {
  return page.kind === 'notFound'
    ? [{ path: page.file, contents: page.html }]
    : [
        { path: page.file, contents: page.html },
        { path: pageDataUrl(baseUrl, page.route).slice(baseUrl.length), contents: page.dataJson },
      ];
}

/** `/docscenter/docs/a/` → `docs/a/index.html`. */
function routeFile(route: string, baseUrl: string): string {
  return route.slice(baseUrl.length) + 'index.html';
}
