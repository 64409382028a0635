import { stat } from 'node:fs/promises';
import path from 'node:path';
import { docRoute, joinUrl } from '@docsgen/shared';
import { loadFrontMatterCache } from '../cache/front-matter-cache.js';
import { docsBaseOf, docsDirOf, type SidebarCategoryLink, type SiteConfig } from '../config/schema.js';
import { DocsgenError } from '../errors.js';
import { hash } from '../hash.js';
import { findSiteFiles } from './contained-files.js';
import { docIdentity } from './doc-routes.js';
import { readCategory } from './read-category.js';
import { splitNumberPrefix, stripNumberPrefixes } from './number-prefix.js';
import { readFrontMatter, type FrontMatter } from './front-matter.js';
import { decodedWhenRead, readUtf8, readWithModified } from './read-text.js';

/** One Markdown doc as found on disk, before parsing. */
export interface DocSource {
  id: string;
  /** Path relative to the site root, used in every message: the translation when there is one (see translationOf). */
  file: string;
  /** The docs folder's own file, when `file` is its translation for the site's locale. */
  translationOf?: string;
  /** Path relative to the docs folder, e.g. `api/signature.md`. */
  docsPath: string;
  route: string;
  /** Line of the front matter key (`slug` or `id`) the route comes from, for errors about it. */
  routeLine?: number;
  /** The file name's number prefix (`02-setup.md`), the sidebar position when front matter gives none. */
  prefixPosition?: number;
  frontMatter: FrontMatter;
  /** Decoded from the file when first read: a warm build reads only the bodies of the docs it parses again. */
  body: string;
  /** Line of the file where the body starts, so positions in the body map back to the file. */
  bodyLine: number;
  /** The hash of the file's bytes, from which its front matter and body follow. */
  contentHash: string;
}

/** The `_category_.json` (or `.yml`) of a docs folder. */
export interface CategoryMeta {
  /** Folder relative to the docs folder with number prefixes removed (as doc ids have them), `''` for the root. */
  dir: string;
  file: string;
  label?: string;
  position?: number;
  collapsed?: boolean;
  /** The folder's own page: a doc, or a generated index of its children. */
  link?: SidebarCategoryLink;
}

/** A React page module of `content/pages`. */
export interface PageSource {
  file: string;
  absolutePath: string;
  route: string;
}

export interface ContentSource {
  docs: DocSource[];
  categories: CategoryMeta[];
  pages: PageSource[];
  /** Static files (images and the like) under the docs folder, relative to the site root. */
  assets: string[];
  /** Partials: Markdown under the docs folder that is no doc (a name or folder starting with `_`), relative to the site root. */
  partials: string[];
  /** When each doc's file was last modified, by its path relative to the site root: its last update where git has none. */
  modified: Map<string, Date>;
}

export interface ScanOptions {
  root: string;
  config: SiteConfig;
  includeDrafts: boolean;
  /** Kept by `serve` and `build --watch` between rebuilds: a doc whose file has the same inode, change and modification times and size is not read again. */
  cache?: Map<string, { stamp: string; doc: DocSource }>;
  /** The persistent cache folder: front matter is read from there for files whose bytes have not changed. */
  cacheDir?: string;
}

const MARKDOWN = /\.mdx?$/;
const CATEGORY_FILE = /^_category_\.(json|yml|yaml)$/;
const IMAGE = /\.(png|jpg|jpeg|gif|svg|webp)$/;

/** Finds every doc, category and page, reads front matter and derives ids and routes. */
export async function scanContent({ root, config, includeDrafts, cache, cacheDir }: ScanOptions): Promise<ContentSource> {
  const docsDir = docsDirOf(config);
  const pagesDir = path.join(config.contentDir, 'pages');
  const docsBase = docsBaseOf(config);
  const isCategoryFile = (file: string) => CATEGORY_FILE.test(path.posix.basename(file));
  const [inDocs, pageFiles, translatedFiles] = await Promise.all([
    findSiteFiles(root, docsDir, '**/*', { wanted: (file) => MARKDOWN.test(file) || isCategoryFile(file) || IMAGE.test(file) }),
    findSiteFiles(root, pagesDir, '**/*.{tsx,jsx}'),
    config.translatedDocsDir ? findSiteFiles(root, config.translatedDocsDir, '**/*.{md,mdx}').then((files) => new Set(files)) : new Set<string>(),
  ]);
  // One walk of the docs folder, sorted here: each further pattern walked it again (a cold build of 206 pages spent
  // 12 ms in fast-glob over the same folder, compiling each pattern and listing every folder again).
  const markdown = inDocs.filter((file) => MARKDOWN.test(file));
  // As Docusaurus: files and folders starting with `_` are partials, imported by docs, not pages of their own.
  const isPartial = (file: string) => file.split('/').some((segment) => segment.startsWith('_'));
  const docFiles = markdown.filter((file) => !isPartial(file));
  const categoryFiles = inDocs.filter(isCategoryFile);
  const assets = inDocs.filter((file) => IMAGE.test(file));

  const frontMatterCache = cacheDir ? await loadFrontMatterCache(cacheDir) : undefined;
  const modifiedAt = new Map<string, Date>();
  const docs = (
    await Promise.all(
      docFiles.sort().map(async (docsPath) => {
        const ownFile = path.join(docsDir, docsPath);
        // As Docusaurus: a doc's translation for the site's locale is read instead of it, under the doc's own id and route.
        const file = translatedFiles.has(docsPath) ? path.join(config.translatedDocsDir!, docsPath) : ownFile;
        const info = cache && (await stat(path.join(root, file)));
        // The change time too: an edit that restores the size and modification time (`touch -d`, a copy keeping times) still sets it.
        const stamp = info ? `${info.ino}:${info.ctimeMs}:${info.mtimeMs}:${info.size}` : '';
        const known = cache?.get(file);
        if (info) modifiedAt.set(file, info.mtime);
        if (known && known.stamp === stamp) return known.doc;
        const { bytes, modified: fileModified } = readWithModified(path.join(root, file));
        modifiedAt.set(file, fileModified);
        const contentHash = hash(bytes);
        const source = decodedWhenRead(bytes, file);
        const { frontMatter, body, bodyLine } = frontMatterCache?.read(contentHash, source, file) ?? readFrontMatter(source(), file);
        // As Docusaurus: number prefixes (`01-intro/02-setup.md`) leave ids and routes and order the sidebar.
        const pathId = stripNumberPrefixes(docsPath.replace(/\.mdx?$/, ''));
        const { id, slug, line } = docIdentity({ pathId, frontMatter, file, source });
        const prefixPosition = splitNumberPrefix(path.posix.basename(docsPath).replace(/\.mdx?$/, '')).position;
        const doc = { id, file, translationOf: file === ownFile ? undefined : ownFile, docsPath, route: docRoute(docsBase, slug), routeLine: line, prefixPosition, frontMatter, bodyLine, contentHash } as DocSource;
        withBody(doc, body);
        cache?.set(file, { stamp, doc });
        return doc;
      }),
    )
  ).filter((doc) => includeDrafts || !doc.frontMatter.draft);
  await frontMatterCache?.save();

  const categories = categoryFiles.sort().map((categoryPath) => {
    const file = path.join(docsDir, categoryPath);
    const text = readUtf8(path.join(root, file), file);
    return readCategory(text, file, path.posix.dirname(categoryPath).replace(/^\.$/, ''));
  });

  const pages = pageFiles.sort().map((pagePath) => {
    const name = pagePath.replace(/\.(tsx|jsx)$/, '').replace(/(^|\/)index$/, '');
    return {
      file: path.join(pagesDir, pagePath),
      absolutePath: path.join(root, pagesDir, pagePath),
      route: name ? joinUrl(config.baseUrl, name + '/') : config.baseUrl,
    };
  });

  assertUniqueRoutes(docs, pages);
  const partials = markdown.filter(isPartial).map((file) => path.join(docsDir, file));
  const modified = new Map(docs.map((doc) => [doc.file, modifiedAt.get(doc.file)!]));
  return { docs, categories, pages, assets: assets.map((asset) => path.join(docsDir, asset)), partials, modified };
}

/** The doc's body, made (and kept) when first read; enumerable, so a doc copied to a parse worker takes its body along. */
function withBody(doc: DocSource, body: string | (() => string)): void {
  if (typeof body === 'string') {
    doc.body = body;
    return;
  }
  let made: string | undefined;
  Object.defineProperty(doc, 'body', { enumerable: true, configurable: true, get: () => (made ??= body()) });
}

function assertUniqueRoutes(docs: DocSource[], pages: PageSource[]): void {
  const owners = new Map<string, DocSource | PageSource>();
  for (const source of [...pages, ...docs]) {
    const other = owners.get(source.route);
    if (other) {
      // Named at the slug or id that moved a doc onto the other's route, when one did.
      const moved = [source, other].find((owner): owner is DocSource => 'frontMatter' in owner && (owner.frontMatter.slug !== undefined || owner.frontMatter.id !== undefined)) ?? source;
      throw new DocsgenError(`duplicate route ${source.route}: ${other.file} and ${source.file} both produce it`, {
        location: { file: moved.file, line: 'routeLine' in moved ? moved.routeLine : undefined },
        hint: 'change the slug or id of one of them',
      });
    }
    owners.set(source.route, source);
  }
  const ids = new Map<string, string>();
  for (const doc of docs) {
    const other = ids.get(doc.id);
    if (other) throw new DocsgenError(`duplicate doc id "${doc.id}": ${other} and ${doc.file}`, { location: { file: doc.file } });
    ids.set(doc.id, doc.file);
  }
}
