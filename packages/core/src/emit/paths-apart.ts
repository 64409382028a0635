import path from 'node:path';
import { DocsgenError } from '../errors.js';
import type { PageToRender } from '../render/render-pages.js';

/** A file the build will write: its path in the output, what it is, the file an error about it names, and how likely the author means to change that one. */
interface Planned {
  path: string;
  what: string;
  source: string;
  rank: number;
}

export interface PathsApartInput {
  pages: PageToRender[];
  /** The static folder's files, published at their own paths. */
  staticFiles: { path: string }[];
  staticDir: string;
  /** Every other file the build writes (those written after the pages render too, by path). */
  generated: { path: string }[];
  /** Where an error about generated files alone points: the configuration file. */
  configFile: string;
}

/**
 * Fails when two files of the build would be written to one path, or when one file's path is a folder another needs.
 * Files are written at once (pages stream out while the other files are written), so two writes to one path would
 * leave either file or a mix (a static `index.html` came out written over the start of the home page), and a doc with
 * `slug: /404.html` would put its page's folder where the not-found page is written, which failed as an unexpected
 * error (EISDIR). The error names a static file first, else a page's source, else the configuration.
 */
export function assertPathsApart({ pages, staticFiles, staticDir, generated, configFile }: PathsApartInput): void {
  const staticFolder = staticDir.split(path.sep).join('/');
  const planned: Planned[] = [
    ...staticFiles.map((file) => ({ path: file.path, what: 'this file of the static folder', source: path.posix.join(staticFolder, file.path), rank: 0 })),
    ...pages.map((page) => ({ path: page.file, what: `the page of ${page.data.route} (${page.sourceFile})`, source: page.sourceFile, rank: 1 })),
    ...generated.map((file) => ({ path: file.path, what: `docsgen's own ${file.path}`, source: configFile, rank: 2 })),
  ];
  const byPath = new Map<string, Planned>();
  for (const file of planned) {
    const other = byPath.get(file.path);
    if (other) throw apart(file, other, `${other.what} and ${file.what} would both be written to ${file.path}`);
    byPath.set(file.path, file);
  }
  // Each folder the files need, with one file that needs it; the walk up stops at a folder already seen (most share theirs).
  const folders = new Map<string, Planned>();
  for (const file of planned) {
    for (let folder = parentOf(file.path); folder && !folders.has(folder); folder = parentOf(folder)) folders.set(folder, file);
  }
  for (const [folder, file] of folders) {
    const other = byPath.get(folder);
    if (other) throw apart(file, other, `${file.what} needs a folder ${folder}, where ${other.what} is written as a file`);
  }
}

/** `docs/a/index.html` → `docs/a`; `index.html` → `''`. */
function parentOf(file: string): string {
  return file.slice(0, Math.max(file.lastIndexOf('/'), 0));
}

function apart(file: Planned, other: Planned, message: string): DocsgenError {
  const named = file.rank <= other.rank ? file : other;
  return new DocsgenError(message, {
    location: { file: named.source },
    hint: 'give each page and file a path of its own: change the slug, or move or rename the static file (only robots.txt, sitemap.xml, llms.txt, llms-full.txt and the home page\'s redirect can be replaced by a static file)',
  });
}
