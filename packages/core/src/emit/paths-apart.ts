import path from 'node:path';
import { DocsgenError } from '../errors.js';
import type { PageToRender } from '../render/render-pages.js';

/** A file the build will write: its path in the output, what it is, and the file an error about it names. */
interface Planned {
  path: string;
  what: string;
  source: string;
}

export interface PathsApartInput {
  pages: PageToRender[];
  /** The static folder's files, published at their own paths. */
  staticFiles: { path: string }[];
  staticDir: string;
  /** Every other file the build writes, known before the pages render, and the paths of those written after them. */
  generated: { path: string }[];
  /** Where an error about generated files alone points: the configuration file. */
  configFile: string;
}

/**
 * Fails when two files of the build would be written to one path, or when one file's path is a folder another needs.
 * Files are written at once (pages stream out while the other files are written), so two writes to one path would
 * leave either file or a mix; and a doc with `slug: /404.html` would put its page's folder where the not-found page is
 * written, which failed as an unexpected error (EISDIR). A page's error names its source file, else a static file's.
 */
export function assertPathsApart({ pages, staticFiles, staticDir, generated, configFile }: PathsApartInput): void {
  const staticFolder = staticDir.split(path.sep).join('/');
  const planned: Planned[] = [
    ...pages.map((page) => ({ path: page.file, what: `the page of ${page.data.route}`, source: page.sourceFile })),
    ...staticFiles.map((file) => ({ path: file.path, what: 'a file of the static folder', source: path.posix.join(staticFolder, file.path) })),
    ...generated.map((file) => ({ path: file.path, what: `docsgen's ${file.path}`, source: configFile })),
  ];
  const byPath = new Map<string, Planned>();
  for (const file of planned) {
    const other = byPath.get(file.path);
    if (other) throw apart(file, other, `${file.what} and ${other.what} would both be written to ${file.path}`);
    byPath.set(file.path, file);
  }
  for (const file of planned) {
    for (let slash = file.path.indexOf('/'); slash !== -1; slash = file.path.indexOf('/', slash + 1)) {
      const other = byPath.get(file.path.slice(0, slash));
      if (other) throw apart(file, other, `${file.what} needs a folder ${other.path}, where ${other.what} is written as a file`);
    }
  }
}

function apart(file: Planned, other: Planned, message: string): DocsgenError {
  // The error points at what the author can change: a page's source first, then a static file, then the configuration.
  const rank = (planned: Planned) => (planned.what.startsWith('the page') ? 0 : planned.what.startsWith('a file of the static') ? 1 : 2);
  const [first] = [file, other].sort((a, b) => rank(a) - rank(b));
  return new DocsgenError(message, { location: { file: first.source }, hint: 'give each page and file a path of its own: change the slug, or move the static file' });
}
