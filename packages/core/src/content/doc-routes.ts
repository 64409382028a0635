import { DocsgenError } from '../errors.js';
import { frontMatterKeyLine, type FrontMatter } from './front-matter.js';

/**
 * The id and slug of a doc from its path and front matter, normalised. A route becomes a folder of the output, so a
 * slug must stay under the docs route (`..` must not climb out of it) and must be a plain path: no query, fragment,
 * percent-escape or backslash, and no segment too long for a file name.
 */
export interface DocIdentity {
  id: string;
  /** Path under the docs route, `''` for the docs root; `index` segments at the end are dropped by docRoute. */
  slug: string;
  /** Line of the `slug` or `id` key that decided the route (1 when the route comes from the file's path). */
  line: number;
}

/** Longest segment of a slug, in UTF-8 bytes: file systems stop at 255, and `index.html` goes under it. */
const MAX_SEGMENT_BYTES = 200;

/** `source` gives the file's text, read only for the line of an `id` or `slug` the front matter holds. */
export function docIdentity({ pathId, frontMatter, file, source }: { pathId: string; frontMatter: FrontMatter; file: string; source: () => string }): DocIdentity {
  const dir = pathId.includes('/') ? pathId.slice(0, pathId.lastIndexOf('/')) : '';
  const idLine = frontMatter.id === undefined ? 1 : (frontMatterKeyLine(source(), 'id') ?? 1);
  const slugLine = frontMatter.slug === undefined ? 1 : (frontMatterKeyLine(source(), 'slug') ?? 1);
  let id = pathId;
  if (frontMatter.id !== undefined) {
    if (/[/\\]|^\.\.?$/.test(frontMatter.id)) {
      throw new DocsgenError(`id ${JSON.stringify(frontMatter.id)} is not a plain name`, { location: { file, line: idLine }, hint: 'an id names the doc within its folder: no "/", "\\", "." or ".."' });
    }
    id = dir ? `${dir}/${frontMatter.id}` : frontMatter.id;
  }
  if (frontMatter.slug === undefined) return { id, slug: normaliseSlug(isFolderIndex(pathId, dir) && frontMatter.id === undefined ? dir : id, '', { file, line: idLine, what: 'route' }), line: idLine };
  const base = frontMatter.slug.startsWith('/') ? '' : dir;
  return { id, slug: normaliseSlug(frontMatter.slug, base, { file, line: slugLine, what: 'slug' }), line: slugLine };
}

/** As Docusaurus: `index`, `README` and a file named like its folder (`guide/guide.md`) are the folder's own page. */
function isFolderIndex(pathId: string, dir: string): boolean {
  const name = pathId.slice(dir ? dir.length + 1 : 0);
  return /^(index|readme)$/i.test(name) || (dir !== '' && name === dir.slice(dir.lastIndexOf('/') + 1));
}

/**
 * Resolves `.` and `..` against the doc's folder (`base`); refuses what climbs out of the docs route or is no plain path.
 * `what` names the value in errors: `slug`, `route`, `category slug`.
 */
export function normaliseSlug(slug: string, base: string, { file, line, what }: { file: string; line?: number; what: string }): string {
  const fail = (reason: string, hint?: string) => new DocsgenError(`${what} ${JSON.stringify(slug)} ${reason}`, { location: { file, line }, hint });
  const bad = /[?#%\\]|[\u0000-\u001f\u007f]/.exec(slug);
  if (bad) {
    const names: Record<string, string> = { '?': 'a "?" (a query)', '#': 'a "#" (an anchor)', '%': 'a "%" (a percent-escape)', '\\': 'a backslash' };
    throw fail(`contains ${names[bad[0]] ?? 'a control character'}, which a route cannot hold`, 'write the path itself, with "/" between folders and the characters as they are (中文 is fine)');
  }
  const segments = base ? base.split('/') : [];
  for (const segment of slug.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (!segments.length) throw fail('leaves the docs route', 'a slug stays under the docs route: start it with "/" for a path from the docs root');
      segments.pop();
      continue;
    }
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) throw fail(`has a segment of ${Buffer.byteLength(segment)} bytes, more than a file name can hold (${MAX_SEGMENT_BYTES})`, 'shorten the slug');
    segments.push(segment);
  }
  return segments.join('/');
}
