/** URL rules shared by the build and the client. */

/** Joins a base path (ending in `/`) and a relative path without doubling slashes. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
}

/** A file the config names (logo, favicon) under the base URL; a full URL (`https://…`, `//…`) stays as written, as Docusaurus keeps it. */
export function siteFileUrl(base: string, path: string): string {
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(path) ? path : joinUrl(base, path);
}

/** The route of a doc: `a/b` → `/docscenter/docs/a/b/`, `a/index` → `/docscenter/docs/a/`. */
export function docRoute(docsBase: string, slug: string): string {
  const clean = slug.replace(/(^|\/)index$/, '').replace(/^\/+|\/+$/g, '');
  return clean ? joinUrl(docsBase, clean + '/') : docsBase.replace(/\/?$/, '/');
}

/** Strips `index.html`/`.html` from a path that has no route of its own. */
export function trimHtmlSuffix(pathname: string): string | undefined {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html')) return pathname.slice(0, -'.html'.length) + '/';
  return undefined;
}

/**
 * The URL of a doc's Markdown copy: `/docscenter/docs/a/b/` → `/docscenter/docs/a/b.md` (also at `…/b/index.md`); a doc at
 * the base URL itself (docs at the site root) has only `/docscenter/index.md`, as `/docscenter.md` would leave the site.
 */
export function markdownUrl(route: string, baseUrl: string): string {
  return route === baseUrl ? route + 'index.md' : route.replace(/\/$/, '') + '.md';
}
