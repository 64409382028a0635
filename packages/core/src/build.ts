import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { createElement } from 'react';
import { joinUrl, pageDataUrl, type PageData } from '@docsgen/shared';
import type { ThemeServer } from '@docsgen/theme/server';
import { bundleClient, loadThemeServer, type ClientBundle, type OutputFile } from './client/bundle-theme.js';
import { CONFIG_FILE, loadConfig, type LoadedConfig } from './config/load-config.js';
import { docsBaseOf, docsDirOf } from './config/schema.js';
import { scanContent, type ContentSource, type DocSource } from './content/scan-content.js';
import { stageOutput } from './emit/emit-site.js';
import { homeRedirect, redirectFiles, robotsFile, sitemapFile } from './emit/site-files.js';
import { DocsgenError } from './errors.js';
import { checkImages } from './links/check-images.js';
import { brokenLinksError, checkLinks } from './links/check-links.js';
import { createCodeHighlighter } from './markdown/highlighter.js';
import { createMarkdownProcessor, type MarkdownProcessor, type ParsedDoc } from './markdown/parse-docs.js';
import { parseMany } from './markdown/parse-pool.js';
import { renderPage, type PageRecord, type RenderContext, type RenderedPage } from './render/render-pages.js';
import { holdHeapGrowthFor } from './memory.js';
import { buildSearchIndex } from './search/build-search-index.js';
import { buildDocPages } from './site/build-pages.js';
import { buildRoutes } from './site/build-routes.js';
import { buildSidebar } from './site/build-sidebar.js';
import { fillDocCardLists, generatedIndexPages } from './site/category-cards.js';
import { toThemeSite } from './site/theme-site.js';

export interface BuildOptions {
  root: string;
  /** Output folder; `build` under the root by default. */
  outDir?: string;
  /** Write the output folder (false for `check` and for `serve`, which serves from memory). */
  write: boolean;
  /** `serve`: drafts shown with a banner, the client listens for reloads. */
  dev?: boolean;
  /** Kept between rebuilds by `serve`, so only what changed is done again. */
  cache?: BuildCache;
  onProgress?: (event: ProgressEvent) => void;
}

export interface ProgressEvent {
  stage: string;
  done: number;
  total: number;
}

/** What survives between rebuilds in one `serve` process. */
export interface BuildCache {
  processor?: MarkdownProcessor;
  parsed: Map<string, { key: string; doc: ParsedDoc }>;
  theme?: Promise<{ server: ThemeServer; client: ClientBundle }>;
  rendered: Map<string, { key: string; page: RenderedPage }>;
  scanned: Map<string, { stamp: string; doc: DocSource }>;
}

export function createBuildCache(): BuildCache {
  return { parsed: new Map(), rendered: new Map(), scanned: new Map() };
}

export interface BuildStats {
  docs: number;
  pages: number;
  linksChecked: number;
  files: number;
  bytes: number;
  parsedDocs: number;
  renderedPages: number;
  timings: Record<string, number>;
}

/** Where `serve` answers with the search index, built on request. */
export const DEV_SEARCH_INDEX = 'assets/search-index.json';

export interface BuildResult {
  loaded: LoadedConfig;
  /** In `serve`: builds the search index of this build when the browser first asks for it. */
  devSearchIndex?: () => OutputFile | undefined;
  /** Every output file, when the build keeps its output in memory (`write: false`); empty when it wrote them. */
  files: OutputFile[];
  pages: PageRecord[];
  client: ClientBundle;
  stats: BuildStats;
  /** What the build let pass but the author should see: `file:line  message`. */
  warnings: string[];
}

/** The build, stage by stage: config, content, Markdown, routes and sidebar, render, links, emit. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const cache = options.cache ?? createBuildCache();
  const dev = options.dev ?? false;
  const timings: Record<string, number> = {};
  const time = async <T>(stage: string, work: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      timings[stage] = Math.round(performance.now() - start);
    }
  };
  const progress = options.onProgress ?? (() => undefined);

  const loaded = await time('config', () => loadConfig(options.root));
  const { config, root } = loaded;
  const content = await time('scan', () => scanContent({ root, config, includeDrafts: dev, cache: options.cache && cache.scanned }));
  holdHeapGrowthFor(content.docs.length);
  const routes = buildRoutes(content);
  cache.theme ??= loadTheme(content, config.baseUrl);
  const themePromise = cache.theme.catch((error: unknown) => {
    cache.theme = undefined;
    throw error;
  });
  // Awaited after parsing; until then a failure must not count as unhandled.
  themePromise.catch(() => undefined);

  const routesKey = hash([...routes.routesByDocsPath].join('\n'));
  const keyOf = (doc: DocSource) => hash(doc.file + '\0' + doc.body + '\0' + JSON.stringify(doc.frontMatter) + '\0' + doc.route + '\0' + routesKey + '\0' + JSON.stringify(config.tableOfContents));
  const keys = content.docs.map(keyOf);
  const stale = content.docs.filter((doc, i) => cache.parsed.get(doc.file)?.key !== keys[i]);
  const fresh = await time('parse', () =>
    parseMany(stale, {
      config,
      root,
      routesByDocsPath: routes.routesByDocsPath,
      processor: () => (cache.processor ??= createMarkdownProcessor(createCodeHighlighter(), config.markdown)),
    }),
  );
  fresh.forEach((doc) => cache.parsed.set(doc.source.file, { key: keys[content.docs.indexOf(doc.source)], doc }));
  const parsedCount = fresh.length;
  progress({ stage: 'parse', done: content.docs.length, total: content.docs.length });
  const parsed = content.docs.map((doc) => cache.parsed.get(doc.file)!.doc);
  const sidebar = buildSidebar({
    config,
    docsBase: docsBaseOf(config),
    categories: content.categories,
    docs: parsed.map((doc) => ({
      id: doc.source.id,
      route: doc.source.route,
      label: doc.source.frontMatter.sidebar_label ?? doc.title,
      position: doc.source.frontMatter.sidebar_position ?? doc.source.prefixPosition,
      unlisted: doc.source.frontMatter.unlisted,
    })),
  });
  if (config.mainDocId && !routes.routeById.has(config.mainDocId)) {
    throw new DocsgenError(`mainDocId: doc "${config.mainDocId}" does not exist`, { location: { file: CONFIG_FILE } });
  }
  const mainDocRoute = routes.routeById.get(config.mainDocId ?? sidebar.order[0]?.docId ?? '') ?? parsed[0]?.source.route;

  const { server: theme, client } = await time('theme', () => themePromise);
  const docPages = buildDocPages(parsed, sidebar);
  // `serve` builds the search index only when the browser asks for it, so an edit does not wait for it.
  // Only the URL and the file are kept: the index's data (hundreds of MB at 10,000 pages) is garbage once written out as JSON.
  const categoryLabels = new Map(content.categories.flatMap((category) => (category.label ? [[category.dir, category.label] as const] : [])));
  const search: { url?: string; files: OutputFile[] } = dev
    ? { url: config.baseUrl + DEV_SEARCH_INDEX, files: [] }
    : await time('search', () => {
        const { url, files } = buildSearchIndex({ docs: parsed, baseUrl: config.baseUrl, categoryLabels });
        return { url, files };
      });
  const devSearchIndex = dev
    ? (): OutputFile | undefined => buildSearchIndex({ docs: parsed, baseUrl: config.baseUrl, categoryLabels }).files.map((file) => ({ ...file, path: DEV_SEARCH_INDEX }))[0]
    : undefined;
  const { site, themeLinks } = toThemeSite(config, routes.routeById, dev);
  site.searchIndexUrl = search.url;
  const siteData = JSON.stringify({ site, sidebar: sidebar.items });
  const siteDataFile = `assets/site.${hash(siteData).slice(0, 10)}.json`;
  const origin = config.url.replace(/\/+$/, '');
  const context: RenderContext = {
    theme,
    site,
    sidebar: sidebar.items,
    origin,
    assets: {
      entryUrl: client.entryUrl,
      cssUrl: client.cssUrl,
      siteDataUrl: config.baseUrl + siteDataFile,
      faviconUrl: config.favicon && joinUrl(config.baseUrl, config.favicon),
    },
  };

  const toRender = [
    ...docPages.map(({ doc, data }) => ({
      data: { ...data, html: fillDocCardLists(doc.html, doc.source.id, sidebar) },
      file: routeFile(data.route, config.baseUrl),
      sourceFile: doc.source.file,
      noindex: doc.source.frontMatter.unlisted || doc.source.frontMatter.draft,
    })),
    ...generatedIndexPages(sidebar, config.sidebar ? path.relative(root, loaded.configFile) : docsDirOf(config), config.baseUrl),
    ...content.pages.map((source) => {
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
      return { data, file: routeFile(source.route, config.baseUrl), sourceFile: source.file, noindex: false };
    }),
    {
      data: { kind: 'notFound', route: config.baseUrl + '404.html', title: '找不到页面', description: '找不到页面', html: theme.renderNotFound(site), toc: [], breadcrumbs: [], hideTableOfContents: true } satisfies PageData,
      file: '404.html',
      sourceFile: 'theme/components/NotFound.tsx',
      noindex: true,
    },
  ];
  const contextKey = hash(siteData + JSON.stringify(context.assets));
  const parseKeyByFile = new Map(content.docs.map((doc, i) => [doc.file, keys[i]]));
  const renderCached = (page: (typeof toRender)[number]): RenderedPage => {
    // The body's HTML is covered by its doc's parse key, so it need not be serialised and hashed on every rebuild.
    const { html: _html, ...shape } = page.data;
    const key = hash(contextKey + (parseKeyByFile.get(page.sourceFile) ?? page.data.html) + JSON.stringify(shape) + page.file + page.noindex);
    // Only `serve` keeps rendered pages between builds; a one-shot build would hold every page's HTML to the end.
    const cached = options.cache?.rendered.get(page.file);
    if (cached?.key === key) return cached.page;
    renderedCount++;
    const result = renderPage(page, context);
    options.cache?.rendered.set(page.file, { key, page: result });
    return result;
  };
  const pageFiles = (page: RenderedPage): OutputFile[] =>
    page.kind === 'notFound'
      ? [{ path: page.file, contents: page.html }]
      : [
          { path: page.file, contents: page.html },
          { path: pageDataUrl(config.baseUrl, page.route).slice(config.baseUrl.length), contents: page.dataJson },
        ];

  const outDir = path.resolve(root, options.outDir ?? 'build');
  // A build that writes sends pages to a staging folder as they render, so their HTML does not pile up in memory
  // (10,000 pages are half a gigabyte of it); the folder replaces the output only once everything is written and checked.
  const output = options.write ? await stageOutput(outDir) : undefined;
  const memoryFiles: OutputFile[] = [];
  const records: PageRecord[] = [];
  let renderedCount = 0;
  let fileCount = 0;
  let bytes = 0;
  const keep = async (files: OutputFile[]) => {
    fileCount += files.length;
    for (const file of files) bytes += typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength;
    if (output) await output.write(files);
    else memoryFiles.push(...files);
  };
  try {
    await time('render', async () => {
      let pending: OutputFile[] = [];
      // One batch is written while the next renders.
      let writing: Promise<void> = Promise.resolve();
      for (const [i, page] of toRender.entries()) {
        progress({ stage: 'render', done: i + 1, total: toRender.length });
        const rendered = renderCached(page);
        const { data: _data, html: _html, dataJson: _json, ...record } = rendered;
        records.push(record);
        pending.push(...pageFiles(rendered));
        if (pending.length >= 256) {
          await writing;
          writing = keep(pending);
          writing.catch(() => undefined);
          pending = [];
        }
      }
      await writing;
      await keep(pending);
    });
    pruneCache(cache, content, records);

    const staticFiles = await readStatic(root, config.staticDir);
    const docAssets = await readDocAssets(root, docsDirOf(config), parsed);
    const otherFiles: OutputFile[] = [
      ...client.files,
      { path: siteDataFile, contents: siteData },
      ...search.files,
      ...staticFiles,
      ...docAssets,
      ...redirectFiles(config),
      ...homeRedirect(config, mainDocRoute, records),
      sitemapFile(records, origin),
      robotsFile(config, origin),
    ];

    const linkCheck = await time('links', () =>
      checkLinks({
        pages: records,
        sourceLinks: new Map(parsed.map((doc) => [doc.source.route, doc.links])),
        themeLinks,
        otherFiles: new Set(otherFiles.map((file) => file.path)),
        baseUrl: config.baseUrl,
        configFile: path.relative(root, loaded.configFile),
        outsideRoutes: loaded.outsideRoutes,
      }),
    );
    const routeSet = new Set(records.map((page) => page.route));
    config.redirects.forEach(({ to }, i) => {
      const target = joinUrl(config.baseUrl, to.replace(/^\//, '')).split('#')[0];
      if (!routeSet.has(target) && !routeSet.has(target + '/')) linkCheck.broken.push({ where: `site.config.ts (redirects[${i}].to)`, href: to, reason: 'no page at that path' });
    });
    linkCheck.broken.push(...checkImages(parsed, new Set(otherFiles.map((file) => file.path)), config.baseUrl));
    const warnings = parsed.flatMap((doc) => doc.warnings);
    if (linkCheck.broken.length && config.onBrokenLinks === 'throw') throw brokenLinksError(linkCheck.broken);
    warnings.push(...[...linkCheck.broken, ...linkCheck.outside].map((link) => `${link.where}  ${link.href}  → ${link.reason}`));

    await time('emit', async () => {
      await keep(otherFiles);
      await output?.commit();
    });
    return {
      loaded,
      devSearchIndex,
      files: memoryFiles,
      pages: records,
      client,
      warnings,
      stats: {
        docs: parsed.length,
        pages: records.length,
        linksChecked: linkCheck.checked,
        files: fileCount,
        bytes,
        parsedDocs: parsedCount,
        renderedPages: renderedCount,
        timings,
      },
    };
  } catch (error) {
    await output?.discard();
    throw error;
  }
}

async function loadTheme(content: ContentSource, baseUrl: string): Promise<{ server: ThemeServer; client: ClientBundle }> {
  const [server, client] = await Promise.all([loadThemeServer(content.pages), bundleClient({ baseUrl })]);
  return { server, client };
}

/** `/docscenter/docs/a/` → `docs/a/index.html`. */
function routeFile(route: string, baseUrl: string): string {
  return route.slice(baseUrl.length) + 'index.html';
}

async function readStatic(root: string, staticDir: string): Promise<OutputFile[]> {
  const files = await fg('**/*', { cwd: path.join(root, staticDir), dot: false });
  return Promise.all(files.map(async (file) => ({ path: file, contents: await readFile(path.join(root, staticDir, file)) })));
}

/** Images the docs reference, copied under assets/docs/; a missing one is left to checkImages, which knows where it was written. */
async function readDocAssets(root: string, docsDir: string, docs: ParsedDoc[]): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  const seen = new Set<string>();
  for (const doc of docs) {
    for (const asset of doc.assets) {
      if (seen.has(asset)) continue;
      seen.add(asset);
      const contents = await readFile(path.join(root, asset)).catch(() => undefined);
      if (contents) files.push({ path: 'assets/docs/' + path.posix.relative(docsDir, asset), contents });
    }
  }
  return files;
}

function pruneCache(cache: BuildCache, content: ContentSource, rendered: PageRecord[]): void {
  const docFiles = new Set(content.docs.map((doc) => doc.file));
  for (const file of cache.parsed.keys()) if (!docFiles.has(file)) cache.parsed.delete(file);
  const pageFiles = new Set(rendered.map((page) => page.file));
  for (const file of cache.rendered.keys()) if (!pageFiles.has(file)) cache.rendered.delete(file);
}

function hash(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
