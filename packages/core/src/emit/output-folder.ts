import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_FILE } from '../config/load-config.js';
import { DocsgenError } from '../errors.js';

/** The file docsgen puts in every output folder it writes: only a folder carrying it is replaced without `--force`. */
export const OUTPUT_MARKER = '.docsgen-output';

export interface OutputFolderOptions {
  root: string;
  /** `--out` as the user gave it, relative to the root or absolute. */
  outDir: string;
  contentDir: string;
  staticDir: string;
  /** `--force`: replace an existing non-empty folder that docsgen did not write. */
  force: boolean;
}

/**
 * Checks that the output folder is one the build may replace, before any work is done, and returns its absolute path.
 * A build swaps the whole folder, so a wrong `--out` would delete whatever it names: the project, its content, a parent.
 */
export async function claimOutputFolder({ root, outDir, contentDir, staticDir, force }: OutputFolderOptions): Promise<string> {
  const refuse = (reason: string, hint = 'pass an output folder of its own, such as --out build') => new DocsgenError(`--out ${JSON.stringify(outDir)}: ${reason}`, { hint });
  if (!outDir.trim()) throw refuse('the output folder is empty (an unset variable?)');
  const out = await realPathOf(path.resolve(root, outDir));
  const project = await realPathOf(root);
  if (isWithin(project, out)) throw refuse(out === project ? 'is the project folder itself' : 'is a parent of the project folder');
  for (const [key, dir] of [['contentDir', contentDir], ['staticDir', staticDir]] as const) {
    const folder = await realPathOf(path.resolve(root, dir));
    if (isWithin(out, folder)) throw refuse(`is inside the ${key === 'contentDir' ? 'content' : 'static'} folder (${dir}), whose files the build reads`, `pass an output folder outside it, such as --out ${folderOutside(root, folder)}`);
    if (isWithin(folder, out)) throw refuse(`holds the ${key === 'contentDir' ? 'content' : 'static'} folder (${dir})`);
  }
  const info = await stat(out).catch(() => undefined);
  if (!info) return out;
  if (!info.isDirectory()) throw refuse('is a file, not a folder');
  const entries = await readdir(out);
  if (entries.includes(CONFIG_FILE)) throw refuse(`holds a ${CONFIG_FILE}: it is a project, not an output folder`);
  if (entries.length === 0 || entries.includes(OUTPUT_MARKER) || isEarlierOutput(entries) || force) return out;
  throw refuse(`is a folder docsgen did not create (it has no ${OUTPUT_MARKER} file), and the build would replace everything in it`, 'choose another folder, or pass --force to replace its contents');
}

/** `build` in the project, or, when that lies in `folder` (content at the project root), a sibling of `folder`. */
function folderOutside(root: string, folder: string): string {
  if (!isWithin(path.resolve(root, 'build'), folder)) return 'build';
  return path.relative(root, path.join(path.dirname(folder), `${path.basename(folder)}-build`));
}

/** Outputs written before the marker existed carry the build's own files: the data folder, the 404 page and the sitemap. */
function isEarlierOutput(entries: string[]): boolean {
  return ['__data', '404.html', 'sitemap.xml', 'assets'].every((entry) => entries.includes(entry));
}

/** True when `inner` is `outer` or lies inside it. */
export function isWithin(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..' + path.sep) && relative !== '..' && !path.isAbsolute(relative));
}

/** The real path of a file that may not exist yet: its nearest existing parent resolved, the rest appended. */
async function realPathOf(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    const parent = path.dirname(file);
    return parent === file ? file : path.join(await realPathOf(parent), path.basename(file));
  }
}
