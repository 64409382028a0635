import type { PageData, SidebarItem, ThemeSite } from '@docsgen/shared';
import type { KeyedFile } from '../emit/output-sink.js';
import type { ThemeServer } from '@docsgen/theme/server';
import { DocsgenError } from '../errors.js';

/** What the stages after rendering need of a page, without its HTML: ids and links for the checker, the route for the sitemap. */
export interface PageRecord {
  route: string;
  kind: PageData['kind'];
  /** Output path relative to the output folder (`docs/a/b/index.html`). */
  file: string;
  /** Every id the page carries, as the browser sees it. */
  ids: Set<string>;
  /** Every `<a href>` on the page, in document order. */
  hrefs: string[];
  /** Source file the page came from, for error messages. */
  sourceFile: string;
  noindex: boolean;
  /** When the page's source last changed (ISO 8601), for the sitemap. */
  lastmod?: string;
}

/** A page rendered to a complete HTML document (which client navigation reads its data from, too: theme/client/page-document.ts). */
export interface RenderedPage extends PageRecord {
  data: PageData;
  html: string;
}

export interface RenderContext {
  theme: ThemeServer;
  site: ThemeSite;
  sidebar: SidebarItem[];
  /** Absolute site URL without the base path, for canonical links. */
  origin: string;
  assets: { entryUrl: string; cssUrl: string; siteDataUrl: string; faviconUrl?: string };
}

export interface PageToRender {
  data: PageData;
  file: string;
  sourceFile: string;
  noindex: boolean;
  lastmod?: string;
  /** A doc page whose body holds cards of other docs: its HTML, not its doc's key, goes into the page's key. */
  cardsFilled?: true;
}

/** Runs the render of a React page module; what it throws is reported with the module's file. */
export function renderNamed(file: string, render: () => string): string {
  try {
    return render();
  } catch (error) {
    throw new DocsgenError(`the page threw while rendering: ${(error as Error).message}`, { location: { file }, cause: error });
  }
}

/** The theme's renderer of the hydrated layout for the pages of one render context (one site and sidebar). */
const appRenderers = new WeakMap<RenderContext, (page: PageData) => string>();

function appRendererOf(context: RenderContext): (page: PageData) => string {
  let render = appRenderers.get(context);
  if (!render) appRenderers.set(context, (render = context.theme.createAppRenderer(context.site, context.sidebar)));
  return render;
}

/** Renders one page: the hydrated layout with renderToString, inside the document head docsgen owns. */
export function renderPage(page: PageToRender, context: RenderContext): RenderedPage {
  const { theme, site, origin, assets } = context;
  const { data } = page;
  const app = appRendererOf(context)(data);
  const title = data.title && data.title !== site.title ? `${data.title} | ${site.title}` : site.title;
  const canonical = origin + data.route;
  const { html: _body, ...bootPage } = data;
  const head = [
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeAttribute(data.description)}" />`,
    page.noindex ? '<meta name="robots" content="noindex, nofollow" />' : '',
    data.kind === 'notFound' ? '' : `<link rel="canonical" href="${escapeAttribute(canonical)}" />`,
    data.markdownUrl ? `<link rel="alternate" type="text/markdown" href="${escapeAttribute(data.markdownUrl)}" />` : '',
    `<meta property="og:title" content="${escapeAttribute(title)}" />`,
    `<meta property="og:description" content="${escapeAttribute(data.description)}" />`,
    `<meta property="og:url" content="${escapeAttribute(canonical)}" />`,
    `<meta property="og:type" content="${data.kind === 'doc' ? 'article' : 'website'}" />`,
    `<meta property="og:site_name" content="${escapeAttribute(site.title)}" />`,
    '<meta property="og:locale" content="zh_CN" />',
    '<meta name="twitter:card" content="summary" />',
    '<meta name="theme-color" content="#ffffff" />',
    assets.faviconUrl ? `<link rel="icon" href="${escapeAttribute(assets.faviconUrl)}" />` : '',
    `<script>${theme.headScript(site)}</script>`,
    data.kind === 'notFound' ? `<script>${trimHtmlScript(site.baseUrl)}</script>` : '',
    `<link rel="stylesheet" href="${assets.cssUrl}" />`,
    `<link rel="preload" href="${assets.siteDataUrl}" as="fetch" crossorigin="anonymous" />`,
    `<script type="module" src="${assets.entryUrl}"></script>`,
  ].filter(Boolean);
  const html = `<!DOCTYPE html>
<html lang="${site.locale}" dir="ltr" data-theme="${site.colorMode.defaultMode}">
<head>
${head.join('\n')}
</head>
<body>
<div id="__docsgen" data-site="${assets.siteDataUrl}">${app}</div>
<script id="__docsgen_page" type="application/json">${jsonForScript(bootPage)}</script>
</body>
</html>
`;
  return { ...recordWithLinks(page, { ids: collectIds(html), hrefs: collectHrefs(html) }), data, html };
}

/** A page's record from what is known before rendering and the ids and links of its HTML. */
export function recordWithLinks(page: PageToRender, { ids, hrefs }: Pick<PageRecord, 'ids' | 'hrefs'>): PageRecord {
  const { data, file, sourceFile, noindex, lastmod } = page;
  return { route: data.route, kind: data.kind, file, ids, hrefs, sourceFile, noindex, lastmod };
}

/** What the later stages keep of a page: no HTML. */
export function recordOf({ data: _data, html: _html, ...record }: PageRecord & { data?: unknown; html: unknown }): PageRecord {
  return record;
}

/** A route's page file: `/docscenter/docs/a/` → `docs/a/index.html`. */
export function routeFile(route: string, baseUrl: string): string {
  return route.slice(baseUrl.length) + 'index.html';
}

/** A rendered page's one file (its HTML as text or UTF-8 bytes), with the page's key (what it holds depends on nothing else). */
export function pageFile(page: Pick<RenderedPage, 'file'> & { html: string | Uint8Array }, key: string): KeyedFile {
  return { path: page.file, contents: page.html, key };
}

/**
 * On the not-found page: `/a/b.html` or `/a/b/index.html` without a page of its own goes to `/a/b/`. Only a path under
 * the base URL is rewritten, and only to the same origin: `//evil.example.com/x.html` is a path to this host, but
 * written back into the address it would be a link to another site.
 */
function trimHtmlScript(baseUrl: string): string {
  return `(function(){var b=${jsonForScript(baseUrl)},p=location.pathname,t=null;if(p.indexOf(b)!==0||/^\\/[\\/\\\\]/.test(p))return;if(/\\/index\\.html$/.test(p))t=p.slice(0,-10);else if(/\\.html$/.test(p)&&!/\\/404\\.html$/.test(p))t=p.slice(0,-5)+"/";if(!t)return;var u=new URL(t+location.search+location.hash,location.href);if(u.origin===location.origin&&u.pathname.indexOf(b)===0)location.replace(u.href);})();`;
}

const ID_PATTERN = /\sid="([^"]*)"/g;
const HREF_PATTERN = /<a\s[^>]*?href="([^"]*)"/g;

function collectIds(html: string): Set<string> {
  return new Set(detached([...html.matchAll(ID_PATTERN)].map((m) => decodeEntities(m[1]))));
}

function collectHrefs(html: string): string[] {
  return detached([...html.matchAll(HREF_PATTERN)].map((m) => decodeEntities(m[1])));
}

/**
 * Copies of strings cut from a page's HTML. V8 keeps a substring as a slice of its parent, so a page's
 * ids and links, which outlive it for the link checker, would keep its whole HTML in memory.
 */
function detached(pieces: string[]): string[] {
  return JSON.parse(JSON.stringify(pieces)) as string[];
}

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[name]!);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(text: string): string {
  return escapeHtml(text).replace(/"/g, '&quot;');
}

/** JSON that is safe inside a <script> element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
