import path from 'node:path';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import type { Highlighter } from 'shiki';
import { unified } from 'unified';
import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { joinUrl, type TocItem } from '@docsgen/shared';
import type { SiteConfig } from '../config/schema.js';
import type { DocSource } from '../content/scan-content.js';
import { DocsgenError } from '../errors.js';
import { normalizeAdmonitionSyntax, remarkAdmonitions } from './admonitions.js';
import { rehypeAccessibility } from './accessibility.js';
import { rehypeCodeBlocks } from './code-blocks.js';
import { remarkHeadingIds } from './heading-ids.js';
import { remarkLinks, type LinkReference } from './links.js';
import { remarkSearchSections, type SearchSection } from './search-sections.js';

/** A doc after Markdown processing: its body as React elements plus what other stages need from it. */
export interface ParsedDoc {
  source: DocSource;
  title: string;
  description: string;
  body: ReactElement;
  toc: TocItem[];
  links: LinkReference[];
  sections: SearchSection[];
  /** Images the body references, relative to the site root. */
  assets: string[];
}

export interface ParseOptions {
  config: SiteConfig;
  highlighter: Highlighter;
  /** Route of every doc by its path under the docs folder (`api/signature.md`). */
  routesByDocsPath: Map<string, string>;
}

/** Parses one doc: unified with GFM, CJK-friendly emphasis, admonitions, heading ids, link rewriting and shiki. */
export function parseDoc(doc: DocSource, { config, highlighter, routesByDocsPath }: ParseOptions): ParsedDoc {
  const toc: TocItem[] = [];
  const links: LinkReference[] = [];
  const sections: SearchSection[] = [];
  const assets: string[] = [];
  const docsDir = path.posix.dirname(doc.docsPath);
  const tocLevels = {
    minLevel: doc.frontMatter.toc_min_heading_level ?? config.tableOfContents.minHeadingLevel,
    maxLevel: doc.frontMatter.toc_max_heading_level ?? config.tableOfContents.maxHeadingLevel,
  };
  let firstHeading: string | undefined;

  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkCjkFriendly)
    .use(remarkDirective)
    .use(() => (tree: Root) => {
      firstHeading = takeTitleHeading(tree, !doc.frontMatter.title);
    })
    .use(remarkAdmonitions)
    .use(remarkHeadingIds, { toc, ...tocLevels })
    .use(remarkLinks, {
      lineOffset: doc.bodyLine,
      links,
      resolveDocLink: (written) => {
        const [file, hash] = splitHash(written);
        const target = path.posix.normalize(path.posix.join(docsDir, safeDecode(file)));
        const route = routesByDocsPath.get(target);
        return route && route + (hash ? '#' + hash : '');
      },
      resolveAsset: (written) => {
        const target = path.posix.normalize(path.posix.join(docsDir, safeDecode(written.split(/[?#]/)[0])));
        assets.push(path.posix.join(config.contentDir, 'docs', target));
        return joinUrl(config.baseUrl, 'assets/docs/' + target);
      },
    })
    .use(remarkSearchSections, { sections })
    .use(remarkRehype, { footnoteLabel: '脚注', footnoteBackLabel: '返回正文' })
    .use(rehypeCodeBlocks, { highlighter })
    .use(rehypeAccessibility)
    .use(rehypeReact, { Fragment, jsx, jsxs });

  let body: ReactElement;
  try {
    const file = processor.processSync(normalizeAdmonitionSyntax(doc.body));
    body = file.result as ReactElement;
  } catch (error) {
    if (error instanceof DocsgenError) throw error;
    const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
    const start = place && 'start' in place ? place.start : (place as { line?: number; column?: number } | undefined);
    throw new DocsgenError(`cannot process Markdown: ${(error as Error).message}`, {
      location: { file: doc.file, line: start?.line ? start.line + doc.bodyLine - 1 : undefined, column: start?.column },
      cause: error,
    });
  }

  const title = doc.frontMatter.title ?? firstHeading ?? path.posix.basename(doc.id);
  const description = doc.frontMatter.description ?? summarize(sections);
  return { source: doc, title, description, body, toc, links, sections, assets };
}

/** When the title comes from the body, the first `#` heading is it: take it out of the body. */
function takeTitleHeading(tree: Root, remove: boolean): string | undefined {
  const index = tree.children.findIndex((node) => node.type === 'heading' && node.depth === 1);
  if (index < 0) return undefined;
  const text = toString(tree.children[index]);
  if (remove) tree.children.splice(index, 1);
  return text;
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
