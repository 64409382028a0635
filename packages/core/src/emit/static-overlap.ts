/**
 * What docsgen writes for a site's convenience and a file of the same path in the static folder replaces: a site may
 * well write these itself (a Docusaurus site's `static/robots.txt`; Docusaurus makes none).
 */
const REPLACEABLE = new Set(['robots.txt', 'sitemap.xml', 'llms.txt', 'llms-full.txt']);

/**
 * The files the build writes, less those a file of the static folder replaces: the conveniences above, and all of them
 * when `replaceable` (the home page's redirect). Any other path both write is refused by assertPathsApart.
 */
export type BesideStatic = <T extends { path: string }>(files: T[], options?: { replaceable?: boolean }) => T[];

export function staticOverlap(staticFiles: { path: string }[]): BesideStatic {
  const inStatic = new Set(staticFiles.map((file) => file.path));
  return (files, { replaceable = false } = {}) => files.filter((file) => !inStatic.has(file.path) || !(replaceable || REPLACEABLE.has(file.path)));
}
