import path from 'node:path';
import type { OutputFile } from '../client/bundle-theme.js';
import { DocsgenError } from '../errors.js';
import type { PageToRender } from '../render/render-pages.js';
import { SITE_DATA_FILE } from './site-files.js';

/**
 * What docsgen writes for a site's convenience and a file of the same path in the static folder replaces: a site may
 * well write these itself (a Docusaurus site's `static/robots.txt`; Docusaurus makes none).
 */
const REPLACEABLE = new Set(['robots.txt', 'sitemap.xml', 'llms.txt', 'llms-full.txt']);

/**
 * The files the build writes, less those a file of the static folder replaces: the conveniences above, and all of them
 * when `replaceable` (the home page's redirect). Fails on a static file at any other path the build writes.
 */
export type BesideStatic = <T extends { path: string }>(files: T[], options?: { replaceable?: boolean }) => T[];

/**
 * Checks the static folder against the pages and the site data, and returns the check of every other file the build
 * writes. Two files for one path would be written at once, and the output would hold either of them or a mix (a
 * page's HTML with the static file written over its start), so a static file at the path of a page, a Markdown copy, a
 * redirect or the client's code is an error naming it.
 */
export function staticOverlap(staticFiles: OutputFile[], staticDir: string, pages: PageToRender[]): BesideStatic {
  const inStatic = new Set(staticFiles.map((file) => file.path));
  const refuse = (file: string, what: string) =>
    new DocsgenError(`docsgen writes ${file} itself${what}`, {
      location: { file: path.posix.join(staticDir.split(path.sep).join('/'), file) },
      hint: `move or rename this file of the static folder; only ${[...REPLACEABLE].join(', ')} and the home page's redirect can be replaced by one`,
    });
  for (const page of pages) if (inStatic.has(page.file)) throw refuse(page.file, `: the page of ${page.data.route} (${page.sourceFile})`);
  if (inStatic.has(SITE_DATA_FILE)) throw refuse(SITE_DATA_FILE, ': the site data every page loads');
  return (files, { replaceable = false } = {}) =>
    files.filter((file) => {
      if (!inStatic.has(file.path)) return true;
      if (replaceable || REPLACEABLE.has(file.path)) return false;
      throw refuse(file.path, '');
    });
}
