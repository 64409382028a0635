import path from 'node:path';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { unified, type Processor } from 'unified';
import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { VFile } from 'vfile';
import { joinUrl, type TocItem } from '@docsgen/shared';
import { docsDirOf, type SiteConfig } from '../config/schema.js';
import type { DocSource } from '../content/scan-content.js';
import { DocsgenError } from '../errors.js';
import { rehypeAccessibility } from './accessibility.js';
import { rehypeRawHtml } from './raw-html.js';
import { normalizeAdmonitionSyntax, remarkAdmonitions } from './admonitions.js';
import { rehypeCodeBlocks } from './code-blocks.js';
import type { CodeHighlighter } from './highlighter.js';
import { unknownFrontMatterKeys } from '../content/front-matter-keys.js';
import { docState, type DocState } from './doc-state.js';
import { assertWithinLimits } from './document-limits.js';
import { remarkHeadingIds } from './heading-ids.js';
import { imagePlace } from './image-assets.js';
import type { LinkReference } from './links.js';
import { remarkLinks } from './links.js';
import { mayHoldLiteralAutolinks, remarkGfmWithoutLiteralAutolinks } from './gfm-without-literal-autolinks.js';
import { resolveDocLink, withBaseUrl } from './resolve-links.js';
import { normalizeMdxSource, remarkMdxContent } from './mdx.js';
import remarkMdx from 'remark-mdx';
import { remarkMarkdownCopy, remarkRememberSource } from './markdown-copy.js';
import { remarkFastParse } from './fast-parse/remark-fast-parse.js';
import { rehypeUnbrokenTableWords } from './table-words.js';
import { remarkSearchSections, type SearchSection } from './search-sections.js';
import { rehypeZoomableImages } from './zoomable-images.js';
import { indexedText, indexedTextKey } from '../search/indexed-text.js';
import { pairsByWord, type PairsByWord } from '../search/pairs-by-word.js';

/** A doc after Markdown processing: its body rendered to static HTML plus what other stages need from it. */
export interface ParsedDoc {
  source: DocSource;
  title: string;
  description: string;
  /** The body as static HTML (never hydrated). */
  html: string;
  toc: TocItem[];
  links: LinkReference[];
  /** Every image of the body with its final URL, to check that the file exists. */
  images: LinkReference[];
  sections: SearchSection[];
  /** The key of the doc's text as the search index reads it (search/indexed-text.ts). */
  searchKey: string;
  /** The Chinese character pairs of the indexed body by word (search/pairs-by-word.ts): segmented here, on the parse workers and cached with the parse, not by the search index on one thread. */
  bodyPairs: PairsByWord;
  /** Images the body references, relative to the site root. */
  assets: string[];
  /** `file:line:column  message` for what the build lets pass but the author should fix. */
  warnings: string[];
  /** The body as clean Markdown with absolute URLs, for the page's `.md` copy (title not included). */
  markdown: string;
  /** Every URL in `markdown`, absolute. */
  markdownLinks: string[];
}

export interface ParseOptions {
  config: SiteConfig;
  /** The shared processor from createMarkdownProcessor. */
  processor: MarkdownProcessor;
  /** Route of every doc by its path under the docs folder (`api/signature.md`). */
  routesByDocsPath: Map<string, string>;
  /** The site's root folder, where MDX imports (`@site/…`, partials) are read from; the working folder by default. */
  root?: string;
}

export type MarkdownProcessor = Processor<Root, Root, import('hast').Root, import('hast').Root, string>;

type MarkdownOptions = Pick<SiteConfig['markdown'], 'iframeHosts' | 'admonitionKeywords'>;

/** What a doc is parsed as: Markdown or MDX, with or without GFM's literal autolinks. */
interface PipelineKind {
  syntax: 'md' | 'mdx';
  literalAutolinks: boolean;
  /** Plain Markdown read by markdown-it where it reproduces micromark's tree (fast-parse/); false only for the differential tests' reference. */
  fastParse: boolean;
}

/** The variants of each processor, each built the first time a doc needs it. */
const variantsOf = new WeakMap<MarkdownProcessor, (kind: Omit<PipelineKind, 'fastParse'>) => MarkdownProcessor>();

/**
 * The unified pipeline, built once per build: GFM, CJK-friendly emphasis, admonitions, heading ids,
 * link rewriting, search sections, raw HTML, syntax highlighting, then HTML. Its variants are made alongside:
 * the MDX twin (remark-mdx and the MDX stage), for the docs Docusaurus would compile as MDX, and each without
 * literal autolinks, for docs that cannot hold any (see gfm-without-literal-autolinks.ts).
 */
export function createMarkdownProcessor(highlighter: CodeHighlighter, markdown: MarkdownOptions = { iframeHosts: [], admonitionKeywords: [] }, { fastParse = true } = {}): MarkdownProcessor {
  const built = new Map<string, MarkdownProcessor>();
  const variant = (kind: Omit<PipelineKind, 'fastParse'>) => {
    const name = `${kind.syntax} ${kind.literalAutolinks}`;
    let processor = built.get(name);
    if (!processor) built.set(name, (processor = pipeline(highlighter, markdown, { ...kind, fastParse })));
    return processor;
  };
  const processor = variant({ syntax: 'md', literalAutolinks: true });
  variantsOf.set(processor, variant);
  return processor;
}

function pipeline(highlighter: CodeHighlighter, markdown: MarkdownOptions, { syntax, literalAutolinks, fastParse }: PipelineKind): MarkdownProcessor {
  return unified()
    .use(remarkParse)
    .use(syntax === 'mdx' ? [remarkMdx] : [])
    // Only the Markdown copy reads tablePipeAlign: padded columns come out ragged with Chinese text, so they are not padded.
    .use(literalAutolinks ? remarkGfm : remarkGfmWithoutLiteralAutolinks, { tablePipeAlign: false })
    .use(remarkCjkFriendly)
    .use(remarkDirective)
    // Plain Markdown is read by markdown-it into micromark's very tree, micromark when it cannot be (fast-parse/).
    .use(syntax === 'md' && fastParse ? [remarkFastParse] : [])
    .use(remarkRememberSource)
    .use(syntax === 'mdx' ? [remarkMdxContent] : [])
    .use(remarkTitleHeading)
    .use(remarkAdmonitions, { keywords: markdown.admonitionKeywords })
    .use(remarkHeadingIds)
    .use(remarkLinks)
    .use(remarkSearchSections)
    .use(remarkMarkdownCopy)
    .use(remarkRehype, { footnoteLabel: '脚注', footnoteBackLabel: '返回正文', allowDangerousHtml: true })
    .use(rehypeRawHtml, { iframeHosts: markdown.iframeHosts })
    // Before highlighting, so it walks the tree before code adds thousands of token spans.
    .use(rehypeAccessibility)
    .use(rehypeZoomableImages)
    .use(rehypeUnbrokenTableWords)
    .use(rehypeCodeBlocks, { highlighter })
    // The body is never hydrated, so it is written straight from the tree, with no React round trip. Raw nodes left
    // at this point are the highlighter's escaped output (raw HTML of the doc was parsed and sanitised above). Void
    // elements are closed (`<br/>`) as React writes them in the page around it.
    .use(rehypeStringify, { allowDangerousHtml: true, closeSelfClosing: true, tightSelfClosing: true })
    .freeze() as unknown as MarkdownProcessor;
}

/** Parses one doc with the shared processor. */
export function parseDoc(doc: DocSource, { config, processor, routesByDocsPath, root = process.cwd() }: ParseOptions): ParsedDoc {
  assertWithinLimits(doc.body, doc.file, doc.bodyLine);
  const routes = routeSets.get(routesByDocsPath) ?? new Set(routesByDocsPath.values());
  routeSets.set(routesByDocsPath, routes);
  // Images are beside the file the text comes from: the docs folder's, or the translation's folder.
  const fileDir = doc.translationOf ? path.posix.dirname(doc.file.split(path.sep).join('/')) : path.posix.join(docsDirOf(config), path.posix.dirname(doc.docsPath));
  const assets: string[] = [];
  const state: DocState = {
    tocLevels: {
      minLevel: doc.frontMatter.toc_min_heading_level ?? config.tableOfContents.minHeadingLevel,
      maxLevel: doc.frontMatter.toc_max_heading_level ?? config.tableOfContents.maxHeadingLevel,
    },
    lineOffset: doc.bodyLine,
    titleFromBody: !doc.frontMatter.title,
    toc: [],
    links: [],
    images: [],
    sections: [],
    warnings: unknownFrontMatterKeys(doc.frontMatter, doc.file),
    sourceFile: path.join(root, doc.file),
    siteRoot: root,
    docsRoot: path.join(root, docsDirOf(config)),
    tabsCount: 0,
    resolveLink: (written) => resolveDocLink(written, { baseUrl: config.baseUrl, routesByDocsPath, routes, docsPath: doc.docsPath, route: doc.route, trailingSlash: config.trailingSlash }),
    pageUrl: config.url.replace(/\/+$/, '') + doc.route,
    resolveAsset: (written, line) => {
      // An absolute path is a file of the static folder, as Docusaurus serves it; checkImages looks for it.
      if (written.startsWith('/')) return withBaseUrl(written, config.baseUrl);
      // `..\img\a.png` as Docusaurus reads it: with slashes.
      const source = path.posix.normalize(path.posix.join(fileDir, safeDecode(written.split(/[?#]/)[0]).replace(/\\/g, '/')));
      const place = imagePlace(source, config);
      if (!place) {
        throw new DocsgenError(`image ${written} is outside the content and static folders`, { location: { file: doc.file, line }, hint: `keep images in ${config.contentDir}/ or ${config.staticDir}/` });
      }
      assets.push(source);
      return joinUrl(config.baseUrl, place.output);
    },
  };
  const mdx = isMdx(doc.file, config.markdown.format);
  let html: string;
  try {
    html = render(processor, { syntax: mdx ? 'mdx' : 'md', body: mdx ? normalizeMdxSource(doc.body) : doc.body, state, doc });
  } catch (error) {
    if (!mdx || !isMdxSyntaxError(error)) throw error;
    const { line, column } = errorPlace(error, doc);
    if (!doc.file.endsWith('.md')) {
      throw new DocsgenError(`not valid MDX: ${(error as Error).message}`, {
        location: { file: doc.file, line, column },
        hint: 'in MDX, write { } and < as \\{ \\} and &lt; in text, and close every JSX tag; or name the file .md with markdown.format "detect"',
      });
    }
    // Docusaurus 2 compiled .md files with the lenient MDX 1; what MDX 3 cannot parse in a .md file is read as CommonMark, with a warning.
    const fallback: DocState = { ...state, toc: [], links: [], images: [], sections: [], warnings: [...state.warnings], tabsCount: 0 };
    fallback.warnings.push(`${doc.file}:${line ?? 1}:${column ?? 1}  not valid MDX (${(error as Error).message}); read as CommonMark, as Docusaurus 2 did (Docusaurus 3 fails here; escape the character or set markdown.format "detect")`);
    html = render(processor, { syntax: 'md', body: doc.body, state: fallback, doc });
    Object.assign(state, fallback);
  }

  const title = doc.frontMatter.title ?? state.firstHeading ?? path.posix.basename(doc.id);
  const description = doc.frontMatter.description ?? summarize(state.sections);
  const text = indexedText({ title, description, sections: state.sections, source: doc });
  const bodyPairs = pairsByWord(text.body);
  return { source: doc, title, description, html, toc: state.toc, links: state.links, images: state.images, sections: state.sections, searchKey: indexedTextKey(text), bodyPairs, assets, warnings: state.warnings, markdown: state.markdown ?? '', markdownLinks: state.markdownLinks ?? [] };
}

/** Runs the variant of `processor` the text needs. */
function render(processor: MarkdownProcessor, { syntax, body, state, doc }: { syntax: PipelineKind['syntax']; body: string; state: DocState; doc: DocSource }): string {
  const text = normalizeAdmonitionSyntax(body);
  const variant = variantsOf.get(processor)!({ syntax, literalAutolinks: mayHoldLiteralAutolinks(text) });
  const file = new VFile({ path: doc.file, value: text, data: { docsgen: state } });
  try {
    return String(variant.processSync(file));
  } catch (error) {
    if (error instanceof DocsgenError || isMdxSyntaxError(error)) throw error;
    const { line, column } = errorPlace(error, doc);
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      // What the limits of document-limits.ts do not count, such as HTML or JSX elements thousands deep.
      throw new DocsgenError('the document is nested too deeply to process (elements or containers inside one another)', { location: { file: doc.file, line, column }, hint: 'flatten the structure', cause: error });
    }
    throw new DocsgenError(`cannot process Markdown: ${(error as Error).message}`, { location: { file: doc.file, line, column }, cause: error });
  }
}

/** As Docusaurus's `markdown.format`: `mdx` reads every doc as MDX, `md` none, `detect` the `.mdx` files. */
function isMdx(file: string, format: SiteConfig['markdown']['format']): boolean {
  return format === 'mdx' || (format === 'detect' && file.endsWith('.mdx'));
}

function isMdxSyntaxError(error: unknown): boolean {
  return /mdx/.test(String((error as { source?: string }).source ?? ''));
}

function errorPlace(error: unknown, doc: DocSource): { line?: number; column?: number } {
  const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
  const start = place && 'start' in place ? place.start : (place as { line?: number; column?: number } | undefined);
  return { line: start?.line ? start.line + doc.bodyLine - 1 : undefined, column: start?.column };
}

const routeSets = new WeakMap<Map<string, string>, Set<string>>();

/** The first `#` heading is the title when front matter has none; then it leaves the body. */
function remarkTitleHeading() {
  return (tree: Root, file: VFile) => {
    const state = docState(file);
    const index = tree.children.findIndex((node) => node.type === 'heading' && node.depth === 1);
    if (index < 0) return;
    state.firstHeading = toString(tree.children[index]);
    if (state.titleFromBody) tree.children.splice(index, 1);
  };
}

function summarize(sections: SearchSection[]): string {
  const text = sections.map((s) => s.text).join(' ').replace(/\s+/g, ' ').trim();
  return text.length > 120 ? text.slice(0, 117) + '…' : text;
}

function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
