import path from 'node:path';

export interface LinkResolverOptions {
  baseUrl: string;
  /** Route of every doc by its path under the docs folder (`api/signature.md`). */
  routesByDocsPath: Map<string, string>;
  /** Every doc route, to write links in the form the pages have (`/docs/a/`). */
  routes: Set<string>;
  /** The doc's path under the docs folder. */
  docsPath: string;
  /** The doc's route (`/docs/a/b/`). */
  route: string;
  /** Docusaurus's `trailingSlash`: only `true` makes a page's URL end in `/` for relative links. */
  trailingSlash?: boolean;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;

/**
 * Resolves a link of a doc as Docusaurus does, to the URL the built page carries:
 * `x.md` / `x.mdx` from the doc's folder, then from the docs root (`/x.md` from the docs root);
 * other relative URLs against the page's URL as Docusaurus forms it (no trailing slash unless `trailingSlash`);
 * absolute paths get the base URL. A `.md` link to no doc is returned as written, for the link checker to report.
 */
export function resolveDocLink(written: string, options: LinkResolverOptions): string {
  if (EXTERNAL.test(written) || written === '') return written;
  const [pathPart, suffix] = splitSuffix(written);
  if (/\.mdx?$/i.test(pathPart)) {
    const file = safeDecode(pathPart);
    // join normalises its result; the second place is tried only when the first holds no doc.
    const { routesByDocsPath } = options;
    const route = file.startsWith('/')
      ? routesByDocsPath.get(path.posix.normalize(file.slice(1)))
      : routesByDocsPath.get(path.posix.join(path.posix.dirname(options.docsPath), file)) || routesByDocsPath.get(path.posix.normalize(file));
    return route ? route + suffix : written;
  }
  const { baseUrl } = options;
  if (pathPart.startsWith('/')) {
    const absolute = pathPart.startsWith(baseUrl) || pathPart + '/' === baseUrl ? pathPart : baseUrl + pathPart.slice(1);
    return asRoute(absolute, options.routes) + suffix;
  }
  const pageUrl = options.trailingSlash || options.route === baseUrl ? options.route : options.route.replace(/\/$/, '');
  const resolved = new URL(pathPart || '.', 'http://site.invalid' + pageUrl).pathname;
  return asRoute(pathPart ? resolved : options.route, options.routes) + suffix;
}

/** Resolves an absolute image or file path (`/img/a.png`) under the base URL, as Docusaurus does. */
export function withBaseUrl(written: string, baseUrl: string): string {
  if (!written.startsWith('/') || written.startsWith('//') || written.startsWith(baseUrl)) return written;
  return baseUrl + written.slice(1);
}

function asRoute(pathname: string, routes: Set<string>): string {
  if (routes.has(pathname)) return pathname;
  const withSlash = pathname.replace(/\/?$/, '/');
  return routes.has(withSlash) || routes.has(safeDecode(withSlash)) ? withSlash : pathname;
}

function splitSuffix(url: string): [string, string] {
  const index = url.search(/[?#]/);
  return index < 0 ? [url, ''] : [url.slice(0, index), url.slice(index)];
}

/** `decodeURI`, or the value as it is when it holds a malformed escape. */
export function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
