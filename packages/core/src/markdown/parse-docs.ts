import path from 'node:path';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { VFile } from 'vfile';
import { joinUrl, type TocItem } from '@docsgen/shared';
import type { SiteConfig } from '../config/schema.js';
import type { DocSource } from '../content/scan-content.js';
import { DocsgenError } from '../errors.js';
import { rehypeAccessibility } from './accessibility.js';
import { normalizeAdmonitionSyntax, remarkAdmonitions } from './admonitions.js';
import { HIGHLIGHTED_CODE_TAG, rehypeCodeBlocks } from './code-blocks.js';
import type { CodeHighlighter } from './highlighter.js';
import { docState, type DocState } from './doc-state.js';
import { assertWithinLimits } from './document-limits.js';
import { remarkHeadingIds } from './heading-ids.js';
import { imagePlace } from './image-assets.js';
import type { LinkReference } from './links.js';
import { remarkLinks } from './links.js';
import { remarkLiteralAutolinksWhenPresent } from './literal-autolinks.js';
import { remarkMarkdownCopy, remarkRememberSource } from './markdown-copy.js';
import { remarkSearchSections, type SearchSection } from './search-sections.js';
import { rehypeZoomableImages } from './zoomable-images.js';

/** A doc after Markdown processing: its body rendered to static HTML plus what other stages need from it. */
export interface ParsedDoc {
  source: DocSource;
  title: string;
  description: string;
  /** The body: unified's React elements rendered once with renderToStaticMarkup (never hydrated). */
  html: string;
  toc: TocItem[];
  links: LinkReference[];
  sections: SearchSection[];
  /** Images the body references, relative to the site root. */
  assets: string[];
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
}

export type MarkdownProcessor = Processor<Root, Root, import('hast').Root, undefined, ReactElement>;

/**
 * The unified pipeline, built once per build: GFM, CJK-friendly emphasis, admonitions, heading ids,
 * link rewriting, search sections, syntax highlighting, then React elements.
 */
export function createMarkdownProcessor(highlighter: CodeHighlighter): MarkdownProcessor {
  return unified()
    .use(remarkParse)
    // Only the Markdown copy reads tablePipeAlign: padded columns come out ragged with Chinese text, so they are not padded.
    .use(remarkGfm, { tablePipeAlign: false })
    .use(remarkLiteralAutolinksWhenPresent)
    .use(remarkCjkFriendly)
    .use(remarkDirective)
    .use(remarkRememberSource)
    .use(remarkTitleHeading)
    .use(remarkAdmonitions)
    .use(remarkHeadingIds)
    .use(remarkLinks)
    .use(remarkSearchSections)
    .use(remarkMarkdownCopy)
    .use(remarkRehype, { footnoteLabel: '脚注', footnoteBackLabel: '返回正文' })
    // Before highlighting, so it walks the tree before code adds thousands of token spans.
    .use(rehypeAccessibility)
    .use(rehypeZoomableImages)
    .use(rehypeCodeBlocks, { highlighter })
    .use(rehypeReact, { Fragment, jsx, jsxs, components: { [HIGHLIGHTED_CODE_TAG]: HighlightedCode } as never })
    .freeze() as unknown as MarkdownProcessor;
}

/** Code highlighted at build time: HTML made by the highlighter from escaped source, see rehypeCodeBlocks. */
function HighlightedCode({ html }: { html: string }): ReactElement {
  return jsx('code', { dangerouslySetInnerHTML: { __html: html } });
}

/** Parses one doc with the shared processor. */
export function parseDoc(doc: DocSource, { config, processor, routesByDocsPath }: ParseOptions): ParsedDoc {
  assertWithinLimits(doc.body, doc.file, doc.bodyLine);
  const docsDir = path.posix.dirname(doc.docsPath);
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
    sections: [],
    pageUrl: config.url.replace(/\/+$/, '') + doc.route,
    resolveDocLink: (written) => {
      const [file, hash] = splitHash(written);
      const route = routesByDocsPath.get(path.posix.normalize(path.posix.join(docsDir, safeDecode(file))));
      return route && route + (hash ? '#' + hash : '');
    },
    resolveAsset: (written, line) => {
      const source = path.posix.normalize(path.posix.join(config.contentDir, 'docs', docsDir, safeDecode(written.split(/[?#]/)[0])));
      const place = imagePlace(source, config);
      if (!place) {
        throw new DocsgenError(`image ${written} is outside the content and static folders`, { location: { file: doc.file, line }, hint: `keep images in ${config.contentDir}/ or ${config.staticDir}/` });
      }
      assets.push(source);
      return joinUrl(config.baseUrl, place.output);
    },
  };
  const file = new VFile({ path: doc.file, value: normalizeAdmonitionSyntax(doc.body), data: { docsgen: state } });

  let html: string;
  try {
    html = renderToStaticMarkup(processor.processSync(file).result);
  } catch (error) {
    if (error instanceof DocsgenError) throw error;
    const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
    const start = place && 'start' in place ? place.start : (place as { line?: number; column?: number } | undefined);
    throw new DocsgenError(`cannot process Markdown: ${(error as Error).message}`, {
      location: { file: doc.file, line: start?.line ? start.line + doc.bodyLine - 1 : undefined, column: start?.column },
      cause: error,
    });
  }

  const title = doc.frontMatter.title ?? state.firstHeading ?? path.posix.basename(doc.id);
  const description = doc.frontMatter.description ?? summarize(state.sections);
  return { source: doc, title, description, html, toc: state.toc, links: state.links, sections: state.sections, assets, markdown: state.markdown ?? '', markdownLinks: state.markdownLinks ?? [] };
}

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

function splitHash(url: string): [string, string | undefined] {
  const index = url.indexOf('#');
  return index < 0 ? [url, undefined] : [url.slice(0, index), url.slice(index + 1)];
}

function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
