import type { PageData, SidebarItem, ThemeSite } from '@docsgen/shared';
import type { ThemeServer } from '@docsgen/theme/server';

/** A page rendered to a complete HTML document, with what the link checker needs from it. */
export interface RenderedPage {
  data: PageData;
  /** Output path relative to the output folder (`docs/a/b/index.html`). */
  file: string;
  html: string;
  /** The page data as JSON, for client navigation (kept with the page, so a rebuild does not serialise it again). */
  dataJson: string;
  /** Every id the page carries, as the browser sees it. */
  ids: Set<string>;
  /** Every `<a href>` on the page, in document order. */
  hrefs: string[];
  /** Source file the page came from, for error messages. */
  sourceFile: string;
  noindex: boolean;
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
}

/** Renders one page: the hydrated layout with renderToString, inside the document head docsgen owns. */
export function renderPage(page: PageToRender, context: RenderContext): RenderedPage {
  const { theme, site, sidebar, origin, assets } = context;
  const { data } = page;
  const app = theme.renderApp({ site, sidebar, page: data });
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
    data.kind === 'notFound' ? `<script>${trimHtmlScript()}</script>` : '',
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
  return { data, file: page.file, html, dataJson: JSON.stringify(data), ids: collectIds(html), hrefs: collectHrefs(html), sourceFile: page.sourceFile, noindex: page.noindex };
}

/** On the not-found page: `/a/b.html` or `/a/b/index.html` without a page of its own goes to `/a/b/`. */
function trimHtmlScript(): string {
  return `(function(){var p=location.pathname,t=null;if(/\\/index\\.html$/.test(p))t=p.slice(0,-10);else if(/\\.html$/.test(p)&&!/\\/404\\.html$/.test(p))t=p.slice(0,-5)+"/";if(t)location.replace(t+location.search+location.hash);})();`;
}

const ID_PATTERN = /\sid="([^"]*)"/g;
const HREF_PATTERN = /<a\s[^>]*?href="([^"]*)"/g;

function collectIds(html: string): Set<string> {
  return new Set([...html.matchAll(ID_PATTERN)].map((m) => decodeEntities(m[1])));
}

function collectHrefs(html: string): string[] {
  return [...html.matchAll(HREF_PATTERN)].map((m) => decodeEntities(m[1]));
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
