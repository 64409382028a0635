import path from 'node:path';
import { siteFileUrl } from '@docsgen/shared';
import type { ThemeServer } from '@docsgen/theme/server';
import { pruneCache } from './cache/prune-cache.js';
import { importThemeServer, type ClientBundle, type OutputFile } from './client/bundle-theme.js';
import { themeBundles } from './client/theme-bundles.js';
import { CONFIG_FILE, loadConfig, type LoadedConfig } from './config/load-config.js';
import { docsBaseOf, docsDirOf } from './config/schema.js';
import { readLastChanges } from './content/last-updated.js';
import { scanContent, type ContentSource, type DocSource } from './content/scan-content.js';
import { stageOutput } from './emit/emit-site.js';
import { claimOutputFolder } from './emit/output-folder.js';
import { createOutputSink } from './emit/output-sink.js';
import { docOutputPaths } from './emit/reserve-output.js';
import { planFiles } from './emit/planned-files.js';
import { manifestKey } from './emit/previous-output.js';
import { SITE_DATA_FILE } from './emit/site-files.js';
import { DocsgenError } from './errors.js';
import { checkImages } from './links/check-images.js';
import { brokenLinksError, checkLinks, type BrokenLink } from './links/check-links.js';
import { brokenRedirects } from './links/check-redirects.js';
import { parseStage, pruneParsedDocs, type ParsedDocMemory } from './markdown/parse-stage.js';
import type { PageRecord, RenderContext } from './render/render-pages.js';
import { pagesToRender, renderStage, type RenderedPageMemory } from './render/render-stage.js';
import type { PageTermsMemory } from './search/page-terms-cache.js';
import { buildSearchIndexHere, inFolder, prepareSearchIndex } from './search/search-stage.js';
import { buildDocPages, cardDescriptionsByHref } from './site/build-pages.js';
import { buildRoutes } from './site/build-routes.js';
import { buildSidebar } from './site/build-sidebar.js';
import { generatedIndexPages } from './site/category-cards.js';
import { docFooter } from './site/doc-footer.js';
import { toThemeSite } from './site/theme-site.js';

export interface BuildOptions {
  root: string;
  /** Output folder; `build` under the root by default. */
  outDir?: string;
  /** Write the output folder (false for `check` and for `serve`, which serves from memory). */
  write: boolean;
  /** Replace an existing non-empty output folder that docsgen did not write. */
  force?: boolean;
  /** `serve`: drafts shown with a banner, the client listens for reloads. */
  dev?: boolean;
  /** Kept between rebuilds by `serve` and `build --watch`, so only what changed is done again. */
  cache?: BuildCache;
  /** Folder of the persistent cache of parsed docs and rendered pages (the CLI's default: node_modules/.cache/docsgen); none when unset. */
  cacheDir?: string;
  /** Overrides the configuration's `onBrokenLinks`: `npm run compat` reports every broken link of a site and goes on. */
  onBrokenLinks?: 'throw' | 'warn';
  /** Threads that parse Markdown and render pages; by default parsing uses one per core on sites large enough to pay for starting them (given three cores or more), rendering one. */
  threads?: number;
  onProgress?: (event: ProgressEvent) => void;
}

export interface ProgressEvent {
  stage: string;
  done: number;
  total: number;
}

/** What survives between rebuilds in one `serve` or `build --watch` process. */
export interface BuildCache extends ParsedDocMemory {
  theme?: Promise<LoadedTheme>;
  /** Rendered pages, kept by `serve`; a build that writes carries unchanged pages over from its previous output instead. */
  rendered?: RenderedPageMemory;
  scanned: Map<string, { stamp: string; doc: DocSource }>;
  /** The search terms table the last build read or wrote. */
  searchTerms?: PageTermsMemory;
}

/** The cache `serve` keeps, rendered pages included. */
export function createBuildCache(): BuildCache & { rendered: RenderedPageMemory } {
  return { parsed: new Map(), rendered: new Map(), scanned: new Map(), searchTerms: {} };
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

/** The folder where `serve` answers with the search index, built on request. */
export const DEV_SEARCH_INDEX = 'assets/search/dev/';

export interface BuildResult {
  loaded: LoadedConfig;
  /** In `serve`: builds the search index of this build when the browser first asks for it. */
  devSearchIndex?: () => OutputFile[];
  /** Every output file, when the build keeps its output in memory (`write: false`); empty when it wrote them. */
  files: OutputFile[];
  pages: PageRecord[];
  client: ClientBundle;
  stats: BuildStats;
  /** What the build let pass but the author should see: `file:line  message`. */
  warnings: string[];
  /** Broken links (reported as warnings when `onBrokenLinks` is 'warn') and links to what Docusaurus builds and docsgen does not. */
  links: { broken: BrokenLink[]; outside: BrokenLink[] };
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

  const loaded = await time('config', () => loadConfig(options.root, { cacheDir: options.cacheDir }));
  const { config, root } = loaded;
  const outDir = options.write ? await claimOutputFolder({ root, outDir: options.outDir ?? 'build', contentDir: config.contentDir, staticDir: config.staticDir, force: options.force ?? false }) : undefined;
  const content = await time('scan', () => scanContent({ root, config, includeDrafts: dev, cache: options.cache && cache.scanned, cacheDir: options.cacheDir }));
  const routes = buildRoutes(content);
  // A build that writes sends pages to a staging folder as they render, so their HTML does not pile up in memory
  // (10,000 pages are half a gigabyte of it); the folder replaces the output only once everything is written and checked.
  // Into a new output folder, the docs' files are made while the Markdown is parsed (emit/reserve-output.ts).
  const staged = outDir ? await stageOutput(outDir, { reserve: docOutputPaths(content.docs, config.baseUrl) }) : undefined;
  // `serve` builds the search index only when the browser asks for it, so an edit does not wait for it.
  const searchStage = dev ? undefined : prepareSearchIndex({ docCount: content.docs.length, cacheDir: options.cacheDir, dictionary: config.search?.dictionary, termsMemory: options.cache?.searchTerms });
  try {
    // One `git log` for every doc, run while the docs are parsed.
    const lastChanges = readLastChanges(root, content.modified, `${config.contentDir}/docs`);
    cache.theme ??= loadTheme(content, config.baseUrl, options.cacheDir);
    const themePromise = cache.theme.catch((error: unknown) => {
      cache.theme = undefined;
      throw error;
    });
    // Awaited after parsing; until then a failure must not count as unhandled.
    themePromise.catch(() => undefined);

    const parsedDocs = await time('parse', () => parseStage({ content, routes, config, root, memory: cache, cacheDir: options.cacheDir, threads: options.threads }));
    pruneParsedDocs(cache, content);
    const parsed = parsedDocs.docs;
    progress({ stage: 'parse', done: parsed.length, total: parsed.length });
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

    const { server: theme, code: themeCode, client } = await time('theme', () => themePromise);
    const changes = await time('lastUpdated', () => lastChanges);
    const docPages = buildDocPages({ docs: parsed, sidebar, footerOf: (doc) => docFooter(doc, { config, changes }), baseUrl: config.baseUrl });
    // Only the URL and the file are kept: the index's data (hundreds of MB at 10,000 pages) is garbage once written out as JSON.
    const categoryLabels = new Map(content.categories.flatMap((category) => (category.label ? [[category.dir, category.label] as const] : [])));
    const searchInput = { docs: parsed, baseUrl: config.baseUrl, categoryLabels, ...config.search, cacheDir: options.cacheDir };
    const searchIndex = searchStage ? searchStage.start(searchInput) : async () => ({ url: config.baseUrl + DEV_SEARCH_INDEX + 'meta.json', files: [] });
    const devSearchIndex = dev
      ? () => inFolder(buildSearchIndexHere(searchInput, cache.searchTerms), DEV_SEARCH_INDEX)
      : undefined;
    const { site, themeLinks } = toThemeSite(config, routes.routeById, dev);
    site.searchWorkerUrl = client.searchWorkerUrl;
    const origin = config.url.replace(/\/+$/, '');
    const context: RenderContext = {
      theme,
      site,
      sidebar: sidebar.items,
      origin,
      assets: {
        entryUrl: client.entryUrl,
        cssUrl: client.cssUrl,
        siteDataUrl: config.baseUrl + SITE_DATA_FILE,
        faviconUrl: config.favicon && siteFileUrl(config.baseUrl, config.favicon),
      },
    };

    const sink = await createOutputSink({ staged, outDir, cacheDir: options.cacheDir });
    const configFile = path.relative(root, loaded.configFile);
    const categoryPagesFrom = config.sidebar ? configFile : docsDirOf(config);
    const pages = [...pagesToRender({ docPages, pages: content.pages, theme, site, baseUrl: config.baseUrl }), ...generatedIndexPages({ sidebar, sourceFile: categoryPagesFrom, baseUrl: config.baseUrl, descriptions: cardDescriptionsByHref(parsed, sidebar) })];
    const files = await planFiles({ root, config, configFile, origin, pages, docs: parsed, docPages, sidebar: sidebar.items, client, keyByFile: parsedDocs.keyByFile });
    // Written by the thread pool while the pages render.
    const besidePagesWritten = sink.keep(files.besidePages);
    // Awaited before the output is committed; until then a failure must not count as unhandled.
    besidePagesWritten.catch(() => undefined);
    const { records, renderedCount, keys: pageKeys, written: pagesWritten } = await time('render', () =>
      renderStage({
        pages,
        context,
        themeCode,
        keyByFile: parsedDocs.keyByFile,
        memory: options.cache?.rendered,
        cacheDir: options.cacheDir,
        sink,
        threads: options.threads,
        onProgress: (done, total) => progress({ stage: 'render', done, total }),
      }),
    );

    const filesOfPages = files.ofPages(records, mainDocRoute);
    // The thread pool goes on writing while this thread checks links and builds the search index, and the output is
    // committed once it is done: waiting for the page files here cost a cold 206-page build 40 ms of an idle main
    // thread on this VM's disk, and over 150 ms right after an output was deleted (making files is slow then).
    const written = Promise.all([besidePagesWritten, pagesWritten, sink.keep(filesOfPages)]);
    written.catch(() => undefined);
    // Checked while the search index may still be building: its files are named by their contents, which no page can
    // know, so no link or image goes to one.
    const otherPaths = new Set([...files.besidePages, ...filesOfPages].map((file) => file.path)).add(SITE_DATA_FILE);
    const linkCheck = await time('links', () =>
      checkLinks({
        pages: records,
        sourceLinks: new Map(parsed.map((doc) => [doc.source.route, doc.links])),
        themeLinks,
        otherFiles: otherPaths,
        baseUrl: config.baseUrl,
        configFile,
        outsideRoutes: loaded.outsideRoutes,
        textFiles: files.textLinks,
        origin,
      }),
    );
    linkCheck.broken.push(...brokenRedirects(config, records), ...checkImages(parsed, otherPaths, config.baseUrl));
    // A Docusaurus site with `onBrokenLinks` other than 'throw' builds with its broken links listed as warnings.
    if (linkCheck.broken.length && (options.onBrokenLinks ?? config.onBrokenLinks) === 'throw') throw brokenLinksError(linkCheck.broken);
    const warnings = [...parsed.flatMap((doc) => doc.warnings), ...files.warnings, ...[...linkCheck.broken, ...linkCheck.outside].map((link) => `${link.where}  ${link.href}  → ${link.reason}`)];

    const search = await time('search', searchIndex);
    site.searchIndexUrl = search.url;
    const indexFiles: OutputFile[] = [{ path: SITE_DATA_FILE, contents: JSON.stringify({ site, sidebar: sidebar.items }) }, ...search.files];

    await time('emit', async () => {
      await Promise.all([written, sink.keep(indexFiles)]);
      await sink.commit();
      await parsedDocs.stored;
      if (options.cacheDir) pruneCache(options.cacheDir, { parse: parsedDocs.keyByFile.values(), render: pageKeys, outputManifest: outDir && manifestKey(outDir) });
    });
    return {
      loaded,
      devSearchIndex,
      files: sink.files,
      pages: records,
      client,
      warnings,
      links: { broken: linkCheck.broken, outside: linkCheck.outside },
      stats: {
        docs: parsed.length,
        pages: records.length,
        linksChecked: linkCheck.checked,
        files: sink.count,
        bytes: sink.bytes,
        parsedDocs: parsedDocs.parsedCount,
        renderedPages: renderedCount,
        timings,
      },
    };
  } catch (error) {
    searchStage?.stop();
    await staged?.discard();
    throw error;
  }
}

/** The theme for node (and its code, for render workers) and for the browser. */
interface LoadedTheme {
  server: ThemeServer;
  code: string;
  client: ClientBundle;
}

async function loadTheme(content: ContentSource, baseUrl: string, cacheDir: string | undefined): Promise<LoadedTheme> {
  const { serverCode, client } = await themeBundles({ pages: content.pages, baseUrl, cacheDir });
  return { server: await importThemeServer(serverCode), code: serverCode, client };
}
