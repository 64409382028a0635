import type { ClientBundle, OutputFile } from '../client/bundle-theme.js';
import type { SiteConfig } from '../config/schema.js';
import type { ParsedDoc } from '../markdown/parse-docs.js';
import type { PageRecord, PageToRender } from '../render/render-pages.js';
import type { DocPageInput } from '../site/build-pages.js';
import type { SidebarItem } from '@docsgen/shared';
import { readDocAssets, readStatic } from './copied-files.js';
import { markdownOutput, type TextFileLinks } from './markdown-pages.js';
import { assertPathsApart } from './paths-apart.js';
import { homeRedirect, redirectFiles, robotsFile, SITE_DATA_FILE, SITEMAP_FILE, sitemapFile } from './site-files.js';
import { staticOverlap } from './static-overlap.js';

export interface PlannedFilesInput {
  root: string;
  config: SiteConfig;
  /** The configuration file, relative to the root: where warnings and errors about generated files point. */
  configFile: string;
  origin: string;
  pages: PageToRender[];
  docs: ParsedDoc[];
  docPages: DocPageInput[];
  sidebar: SidebarItem[];
  client: ClientBundle;
  /** Each doc's content key by source file (the parse stage's). */
  keyByFile: Map<string, string>;
}

export interface PlannedFiles {
  /** The files no page's rendering changes: the build writes them while the pages render. */
  besidePages: OutputFile[];
  /** The files made from the rendered pages: the home page's redirect (unless a static `index.html` stands in) and the sitemap. */
  ofPages(records: PageRecord[], mainDocRoute: string | undefined): OutputFile[];
  /** The URLs the Markdown copies and llms.txt hold, for the link check. */
  textLinks: TextFileLinks[];
  /** Redirects left out, one line each. */
  warnings: string[];
}

/**
 * Every file of the site besides its pages and search index: the static folder's, the client's code, the docs' images,
 * the Markdown copies and llms.txt, redirects, robots.txt and the sitemap, with the site's own conveniences kept
 * (static-overlap.ts) and every path checked to be its own before anything is written (paths-apart.ts).
 */
export async function planFiles({ root, config, configFile, origin, pages, docs, docPages, sidebar, client, keyByFile }: PlannedFilesInput): Promise<PlannedFiles> {
  const staticFiles = await readStatic(root, config);
  const besideStatic = staticOverlap(staticFiles);
  const markdown = markdownOutput({ docPages, sidebar, config, origin, keyByFile });
  const redirects = redirectFiles(config, new Set(pages.map((page) => page.file)), configFile);
  const generated = besideStatic([...client.files, ...(await readDocAssets(root, config, docs)), ...markdown.files, ...redirects.files, robotsFile(config, origin)]);
  assertPathsApart({ pages, staticFiles, staticDir: config.staticDir, configFile, generated: [...generated, ...besideStatic([{ path: SITEMAP_FILE }]), { path: SITE_DATA_FILE }] });
  return {
    besidePages: [...staticFiles, ...generated],
    // A static file replaces the home page's redirect: a site without a home page may well write its own.
    ofPages: (records, mainDocRoute) => [...besideStatic(homeRedirect(config, mainDocRoute, records), { replaceable: true }), ...besideStatic([sitemapFile(records, origin)])],
    textLinks: markdown.links,
    warnings: redirects.warnings,
  };
}
