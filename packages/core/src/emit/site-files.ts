import type { SiteConfig } from '../config/schema.js';
import type { PageRecord } from '../render/render-pages.js';
import { escapeAttribute, escapeHtml } from '../render/render-pages.js';
import type { OutputFile } from '../client/bundle-theme.js';

/**
 * The site data (site settings, sidebar, the search index's URL), which every page loads. Its name is fixed rather than
 * a hash of its contents: those change with any edit (the search index's URL does), and every page names the file, so a
 * hashed name made every page's HTML change with every edit and no unchanged page could be carried over from the previous
 * output (emit/previous-output.ts). Like the pages it is revalidated, not cached for ever.
 */
export const SITE_DATA_FILE = '__data/_site.json';

export const SITEMAP_FILE = 'sitemap.xml';

/** sitemap.xml of every indexable page. */
export function sitemapFile(pages: PageRecord[], origin: string): OutputFile {
  const urls = pages
    .filter((page) => !page.noindex && page.kind !== 'notFound')
    .map((page) => `  <url><loc>${escapeHtml(origin + page.route)}</loc>${page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return { path: SITEMAP_FILE, contents: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n` };
}

export function robotsFile(config: SiteConfig, origin: string): OutputFile {
  return { path: 'robots.txt', contents: `User-agent: *\nAllow: ${config.baseUrl}\n\nSitemap: ${origin}${config.baseUrl}${SITEMAP_FILE}\n` };
}

/**
 * A static page for each configured redirect: meta refresh for every host, location.replace to keep the hash. A redirect
 * from a page of the site (`pageFiles`, output paths), or from where an earlier redirect already goes from, is left out
 * with a warning, as Docusaurus's client-redirects plugin leaves out those that would replace a page: both would be
 * written to one file.
 */
export function redirectFiles(config: SiteConfig, pageFiles: Set<string>, configFile: string): { files: OutputFile[]; warnings: string[] } {
  const files = new Map<string, OutputFile>();
  const warnings: string[] = [];
  config.redirects.forEach(({ from, to }, i) => {
    const file = redirectFile(from);
    if (pageFiles.has(file) || files.has(file)) {
      warnings.push(`${configFile}  redirects[${i}].from ${from}: ${pageFiles.has(file) ? 'is a page of the site' : 'an earlier redirect goes from there'}, so this redirect is left out`);
    } else files.set(file, redirectPage(config, from, config.baseUrl + to.replace(/^\//, '')));
  });
  return { files: [...files.values()], warnings };
}

/** A site without a home page (a Docusaurus docs folder whose home was a React page) sends `/` to its main doc, unless a configured redirect goes from there. */
export function homeRedirect(config: SiteConfig, mainDocRoute: string | undefined, pages: PageRecord[]): OutputFile[] {
  if (!mainDocRoute || pages.some((page) => page.route === config.baseUrl) || config.redirects.some(({ from }) => redirectFile(from) === 'index.html')) return [];
  return [redirectPage(config, '/', mainDocRoute)];
}

/** The output file of a redirect from a path of the site. */
function redirectFile(from: string): string {
  return from.replace(/^\//, '').replace(/(\/index\.html|\.html|\/)?$/, '/index.html').replace(/^\//, '');
}

function redirectPage(config: SiteConfig, from: string, target: string): OutputFile {
  return {
    path: redirectFile(from),
    contents: `<!DOCTYPE html><html lang="${config.locale}"><head><meta charset="utf-8" /><title>正在跳转…</title><meta name="robots" content="noindex" /><link rel="canonical" href="${escapeAttribute(target)}" /><meta http-equiv="refresh" content="0; url=${escapeAttribute(target)}" /><script>location.replace(${JSON.stringify(target)}+location.search+location.hash)</script></head><body><p>页面已移动到 <a href="${escapeAttribute(target)}">${escapeHtml(target)}</a>。</p></body></html>\n`,
  };
}
