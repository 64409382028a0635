import type { TextFileLinks } from '../emit/markdown-pages.js';
import type { LinkReference } from '../markdown/links.js';
import type { PageRecord } from '../render/render-pages.js';
import type { ThemeLink } from '../site/theme-site.js';
import { CONFIG_FILE } from '../config/load-config.js';
import type { OutsideRoute } from '../docusaurus/docusaurus-config.js';
import { DocsgenError, formatLocation } from '../errors.js';

/** One link that does not resolve, with where it was written. */
export interface BrokenLink {
  where: string;
  href: string;
  reason: string;
}

export interface LinkCheckInput {
  pages: PageRecord[];
  /** Markdown links of each page's source, keyed by route, to name file:line:column. */
  sourceLinks: Map<string, LinkReference[]>;
  themeLinks: ThemeLink[];
  /** Paths of every other emitted file (assets, redirects, sitemap), relative to the output folder. */
  otherFiles: Set<string>;
  baseUrl: string;
  /** The configuration file as the user knows it, named for broken theme links. */
  configFile?: string;
  /** Parts of a Docusaurus site docsgen does not build; a link there is listed in `outside`, not `broken`. */
  outsideRoutes?: OutsideRoute[];
  /** Text files that hold absolute URLs of the site (the Markdown copies, llms.txt), and the site's origin they start with. */
  textFiles?: TextFileLinks[];
  origin?: string;
}

export interface LinkCheckResult {
  checked: number;
  broken: BrokenLink[];
  /** Links to pages Docusaurus builds and docsgen does not (its blog, `src/pages`, other doc versions). */
  outside: BrokenLink[];
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Checks every internal link and anchor of the rendered pages against the ids those pages really carry. */
export function checkLinks({ pages, sourceLinks, themeLinks, otherFiles, baseUrl, configFile = CONFIG_FILE, outsideRoutes = [], textFiles = [], origin = '' }: LinkCheckInput): LinkCheckResult {
  // Hrefs are compared decoded; ids that carry percent-escapes (footnotes: `user-content-fn-%E6%B3%A8`) count decoded too.
  const idsByRoute = new Map(pages.map((page) => [page.route, withDecodedIds(page.ids)]));
  const themeKeyByHref = new Map<string, string>();
  for (const link of themeLinks) if (!themeKeyByHref.has(link.href)) themeKeyByHref.set(link.href, link.configKey);
  const broken: BrokenLink[] = [];
  const outside: BrokenLink[] = [];
  const reportedTheme = new Set<string>();
  // Targets already reported broken: the Markdown copies and llms-full.txt hold the pages' links again, which are named once, where written.
  const reportedTargets = new Set<string>();
  let checked = 0;
  // A link starting with `/` resolves the same from every page, and the same sidebar and theme links are on every page
  // (half a million links at 10,000 pages): each is checked once.
  const known = new Map<string, string | undefined>();
  const problem = (href: string, fromRoute: string): string | undefined => {
    if (!href.startsWith('/')) return problemWith(href, fromRoute, idsByRoute, otherFiles, baseUrl);
    if (known.has(href)) return known.get(href);
    const reason = problemWith(href, fromRoute, idsByRoute, otherFiles, baseUrl);
    known.set(href, reason);
    return reason;
  };

  for (const page of pages) {
    const written = sourceLinks.get(page.route)?.slice() ?? [];
    for (const href of page.hrefs) {
      if (EXTERNAL.test(href) && !href.startsWith('/')) continue;
      checked++;
      let reason = problem(href, page.route);
      const outsideRoute = reason === 'no page at that path' ? findOutside(href, page.route, outsideRoutes) : undefined;
      if (outsideRoute) reason = `${outsideRoute.what}, which Docusaurus builds and docsgen does not`;
      if (!reason) continue;
      const list = outsideRoute ? outside : broken;
      // Found only for a broken link: a link's verdict follows from its decoded href, so the sources of links that resolve
      // (every occurrence of their decoded href on the page) are never the source of a broken one.
      const decoded = safeDecode(href);
      const sourceIndex = written.findIndex((link) => link.href === href || safeDecode(link.href) === decoded);
      const source = sourceIndex >= 0 ? written.splice(sourceIndex, 1)[0] : undefined;
      reportedTargets.add(targetKey(href, page.route));
      if (source) {
        list.push({ where: formatLocation({ file: page.sourceFile, line: source.line, column: source.column }), href: source.written, reason });
        continue;
      }
      const configKey = themeKeyByHref.get(href);
      if (configKey) {
        if (!reportedTheme.has(href)) list.push({ where: `${configFile} (${configKey})`, href, reason });
        reportedTheme.add(href);
        continue;
      }
      list.push({ where: page.sourceFile, href, reason });
    }
  }
  for (const file of textFiles) {
    for (const href of file.hrefs) {
      if (!href.startsWith(origin + '/')) continue;
      checked++;
      const path = href.slice(origin.length);
      let reason = problem(path, baseUrl);
      const target = targetKey(path, baseUrl);
      if (!reason || reportedTargets.has(target)) continue;
      reportedTargets.add(target);
      const outsideRoute = reason === 'no page at that path' ? findOutside(path, baseUrl, outsideRoutes) : undefined;
      if (outsideRoute) reason = `${outsideRoute.what}, which Docusaurus builds and docsgen does not`;
      (outsideRoute ? outside : broken).push({ where: `${file.sourceFile} (${file.file})`, href, reason });
    }
  }
  return { checked, broken, outside };
}

function findOutside(href: string, fromRoute: string, outsideRoutes: OutsideRoute[]): OutsideRoute | undefined {
  if (!outsideRoutes.length) return undefined;
  const { pathname } = splitUrl(href, fromRoute);
  const bare = pathname.replace(/\/$/, '');
  return outsideRoutes.find(({ route, prefix }) => (prefix ? pathname.startsWith(route) || bare === route.replace(/\/$/, '') : bare === route.replace(/\/$/, '')));
}

function problemWith(href: string, fromRoute: string, idsByRoute: Map<string, Set<string>>, otherFiles: Set<string>, baseUrl: string): string | undefined {
  const { pathname, hash } = splitUrl(href, fromRoute);
  if (!pathname.startsWith(baseUrl)) return `outside the site (not under ${baseUrl})`;
  const route = idsByRoute.has(pathname) ? pathname : idsByRoute.has(pathname + '/') ? pathname + '/' : undefined;
  if (!route) {
    const relative = pathname.slice(baseUrl.length);
    if (otherFiles.has(relative) || otherFiles.has(relative.replace(/\/?$/, '/index.html').replace(/^\//, ''))) return hash ? 'anchor on a file that is not a page' : undefined;
    return href.endsWith('.md') || /\.md#/.test(href) ? 'no doc at that path' : 'no page at that path';
  }
  if (hash && !idsByRoute.get(route)!.has(hash)) return `no anchor #${hash} on ${route}`;
  return undefined;
}

function targetKey(href: string, fromRoute: string): string {
  const { pathname, hash } = splitUrl(href, fromRoute);
  return `${pathname}#${hash ?? ''}`;
}

/**
 * An anchor the URL parser leaves as it is once decoded: no percent sign, space, control character, quote, angle
 * bracket or surrogate (a lone one would become U+FFFD; characters beyond the BMP simply take the parser's way).
 */
const PLAIN_ANCHOR = /^#[^\s%"<>`\u0000-\u001f\u007f\ud800-\udfff]*$/;
/** A route the same: one leading slash, none of the characters above nor `?#{}\\`, no empty, `.` or `..` segment. */
const PLAIN_ROUTE = /^\/(?:(?!\.\.?\/)[^\s%"<>`?#{}\\\u0000-\u001f\u007f\ud800-\udfff/]+\/)*$/;

/** Path and anchor of a link; the URL parser only for the relative and unusual ones (most links are absolute routes). */
function splitUrl(href: string, fromRoute: string): { pathname: string; hash?: string } {
  // An anchor on the page itself (the table of contents: 100,000 links at 10,000 pages), when neither it nor the route
  // holds what the URL parser would escape, drop or resolve: the page's route and the anchor as written.
  if (href.startsWith('#') && PLAIN_ANCHOR.test(href) && PLAIN_ROUTE.test(fromRoute)) {
    return { pathname: fromRoute, hash: href.length > 1 ? href.slice(1) : undefined };
  }
  if (href.startsWith('/') && !href.startsWith('//') && !/[?\\]|\/\.\.?(\/|#|$)/.test(href)) {
    const at = href.indexOf('#');
    return at < 0 ? { pathname: safeDecode(href) } : { pathname: safeDecode(href.slice(0, at)), hash: at + 1 < href.length ? safeDecode(href.slice(at + 1)) : undefined };
  }
  const url = new URL(href, 'http://site.invalid' + fromRoute);
  return { pathname: safeDecode(url.pathname), hash: url.hash ? safeDecode(url.hash.slice(1)) : undefined };
}

function withDecodedIds(ids: Set<string>): Set<string> {
  let encoded: string[] | undefined;
  for (const id of ids) if (id.includes('%')) (encoded ??= []).push(id);
  return encoded ? new Set([...ids, ...encoded.map(safeDecode)]) : ids;
}

function safeDecode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The error the build fails with: every broken link, one a line. */
export function brokenLinksError(broken: BrokenLink[]): DocsgenError {
  const lines = broken.map((b) => `${b.where}  ${b.href}  → ${b.reason}`);
  return new DocsgenError(`${broken.length} broken link${broken.length === 1 ? '' : 's'}`, {
    details: lines,
    hint: 'link to docs with relative paths to their .md files, and to anchors that exist on the target page',
  });
}
