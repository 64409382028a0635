import path from 'node:path';

/**
 * `01-intro`, `2. setup`, `03_api` → the number and the name, as Docusaurus's default number prefix parser reads them.
 * Names that only look numbered are kept: dates (`2021-01-01-notes`), versions (`1.2.3`), plain numbers (`404`).
 */
export function splitNumberPrefix(name: string): { name: string; position?: number } {
  const match = /^(\d+)\s*[-_.]+\s*(.+)$/.exec(name);
  if (!match || /^\d+([-_.]|$)/.test(match[2])) return { name };
  return { name: match[2], position: Number(match[1]) };
}

/** A path with the number prefix of every segment removed: `01-guide/02-setup` → `guide/setup`. */
export function stripNumberPrefixes(relativePath: string): string {
  return relativePath
    .split('/')
    .map((segment) => splitNumberPrefix(segment).name)
    .join('/');
}

export interface DocIdentity {
  id: string;
  /** The URL path under the docs route, without slashes at either end ('' for the docs root). */
  slug: string;
  /** The file name's number prefix: the sidebar position when front matter gives none. */
  prefixPosition?: number;
}

/** Id and slug of a doc as Docusaurus derives them from its path under the docs folder and its front matter. */
export function docIdentity(docsPath: string, frontMatter: { id?: string; slug?: string }): DocIdentity {
  const withoutExtension = docsPath.replace(/\.mdx?$/, '');
  const dir = stripNumberPrefixes(path.posix.dirname(withoutExtension)).replace(/^\.$/, '');
  const { name, position } = splitNumberPrefix(path.posix.basename(withoutExtension));
  const baseName = frontMatter.id ?? name;
  const id = dir ? `${dir}/${baseName}` : baseName;
  const isFolderIndex = !frontMatter.id && (/^(index|readme)$/i.test(name) || (dir !== '' && name === path.posix.basename(dir)));
  const defaultSlug = isFolderIndex ? dir : id;
  const slug = frontMatter.slug === undefined ? defaultSlug : frontMatter.slug.startsWith('/') ? frontMatter.slug : dir ? `${dir}/${frontMatter.slug}` : frontMatter.slug;
  return { id, slug: slug.replace(/^\/+|\/+$/g, ''), prefixPosition: position };
}
