import type { SidebarItem } from '@docsgen/shared';
import type { OutputFile } from '../client/bundle-theme.js';
import type { SiteConfig } from '../config/schema.js';
import { hash } from '../hash.js';
import type { DocPageInput } from '../site/build-pages.js';
import type { KeyedFile } from './output-sink.js';

/** One doc's Markdown copy: the text readers and assistants get, and the absolute URLs written in it. */
export interface MarkdownPage {
  docId: string;
  route: string;
  title: string;
  description: string;
  /** Root-relative URL of the copy (`/docscenter/docs/a.md`). */
  url: string;
  sourceFile: string;
  /** `# title`, then the body. */
  text: string;
  links: string[];
}

/** A file whose text holds URLs of the site, for the link checker. */
export interface TextFileLinks {
  /** Path in the output folder. */
  file: string;
  /** Where the links came from, for the error message. */
  sourceFile: string;
  /** Absolute URLs. */
  hrefs: string[];
}

export interface LlmsOptions {
  pages: MarkdownPage[];
  sidebar: SidebarItem[];
  title: string;
  tagline: string;
  origin: string;
}

export interface MarkdownOutputOptions {
  docPages: DocPageInput[];
  sidebar: SidebarItem[];
  config: Pick<SiteConfig, 'title' | 'tagline' | 'baseUrl'>;
  origin: string;
  /** Each doc's content key by source file (the parse stage's). */
  keyByFile: Map<string, string>;
}

/** Everything published for readers of text: each doc's Markdown copy, llms.txt and llms-full.txt, with the URLs they hold. */
export function markdownOutput({ docPages, sidebar, config, origin, keyByFile }: MarkdownOutputOptions): { files: KeyedFile[]; links: TextFileLinks[] } {
  const pages = markdownPages(docPages);
  const llms = llmsFiles({ pages, sidebar, title: config.title, tagline: config.tagline, origin });
  return {
    files: [...markdownPageFiles(pages, config.baseUrl, keyByFile), ...llms.files.map((file) => (file.path === 'llms-full.txt' ? { ...file, key: llmsFullKey(llms.order, config, keyByFile) } : file))],
    links: [...markdownPageLinks(pages, config.baseUrl), ...llms.links],
  };
}

/** The copies of the docs that have one: the same docs the sitemap lists (not drafts, not unlisted). */
function markdownPages(docPages: DocPageInput[]): MarkdownPage[] {
  return docPages.flatMap(({ doc, data }) =>
    data.markdownUrl
      ? [
          {
            docId: doc.source.id,
            route: data.route,
            title: data.title,
            description: data.description,
            url: data.markdownUrl,
            sourceFile: doc.source.file,
            text: `# ${data.title}\n\n${doc.markdown}\n`,
            links: doc.markdownLinks,
          },
        ]
      : [],
  );
}

/** Where a route's Markdown copy is written: `/docscenter/docs/a/` → `docs/a/index.md` (its other name is a link to it). */
export function markdownCopyFile(route: string, baseUrl: string): string {
  return route.slice(baseUrl.length) + 'index.md';
}

/**
 * Each copy at `<route>index.md` and `<route-without-slash>.md`, keyed by its doc's content key (its title and
 * Markdown copy come from the doc's parse), so that an unchanged copy is carried over without hashing its text. The
 * second is a hard link to the first where both are written (staging-writes.ts): one inode less per doc.
 */
function markdownPageFiles(pages: MarkdownPage[], baseUrl: string, keyByFile: Map<string, string>): KeyedFile[] {
  return pages.flatMap((page) => {
    const key = `markdown:${keyByFile.get(page.sourceFile)}`;
    const inFolder = { path: markdownCopyFile(page.route, baseUrl), contents: page.text, key };
    const named = { path: page.url.slice(baseUrl.length), contents: page.text, key, sameAs: inFolder.path };
    return named.path === inFolder.path ? [inFolder] : [inFolder, named];
  });
}

/**
 * llms-full.txt's key: the site's title and tagline and its docs' content keys in the file's order (each copy's text
 * comes from its doc's parse), so that 52 MB at 10,000 pages are not hashed on every build to find it unchanged.
 */
function llmsFullKey(order: MarkdownPage[], config: Pick<SiteConfig, 'title' | 'tagline'>, keyByFile: Map<string, string>): string {
  return 'llms-full:' + hash(JSON.stringify([config.title, config.tagline, order.map((page) => keyByFile.get(page.sourceFile))]));
}

/** The links of every copy, as the checker reads them (one entry per copy: both files hold the same text). */
function markdownPageLinks(pages: MarkdownPage[], baseUrl: string): TextFileLinks[] {
  return pages.map((page) => ({ file: page.url.slice(baseUrl.length), sourceFile: page.sourceFile, hrefs: page.links }));
}

/**
 * llms.txt (https://llmstxt.org): the site's title, its tagline as the summary, then one section per sidebar
 * category with each doc's title, the URL of its Markdown copy and its description; llms-full.txt: every copy
 * in sidebar order. Returns the files and their links for the checker.
 */
export function llmsFiles({ pages, sidebar, title, tagline, origin }: LlmsOptions): { files: OutputFile[]; links: TextFileLinks[]; order: MarkdownPage[] } {
  const byId = new Map(pages.map((page) => [page.docId, page]));
  const sections = sidebarSections(sidebar)
    .map((section) => ({ ...section, pages: section.docIds.flatMap((id) => byId.get(id) ?? []) }))
    .filter((section) => section.pages.length > 0);
  const entry = (page: MarkdownPage) => `- [${escapeLinkText(page.title)}](${origin + page.url})${page.description ? ': ' + oneLine(page.description) : ''}`;
  const summary = tagline ? `\n> ${oneLine(tagline)}\n` : '';
  const index = `# ${title}\n${summary}\n${sections.map((section) => `## ${section.title}\n\n${section.pages.map(entry).join('\n')}\n`).join('\n')}`;
  const ordered = sections.flatMap((section) => section.pages);
  const full = `# ${title}\n${summary}\n${ordered.map((page) => page.text).join('\n')}`;
  return {
    files: [
      { path: 'llms.txt', contents: index },
      { path: 'llms-full.txt', contents: full },
    ],
    links: [
      { file: 'llms.txt', sourceFile: 'llms.txt', hrefs: ordered.map((page) => origin + page.url) },
      { file: 'llms-full.txt', sourceFile: 'llms-full.txt', hrefs: ordered.flatMap((page) => page.links) },
    ],
    order: ordered,
  };
}

/** Sections in sidebar order: top-level docs together, then each category (named with its parents) with its own doc first. */
function sidebarSections(items: SidebarItem[], trail: string[] = []): { title: string; docIds: string[] }[] {
  const own = { title: trail.length ? trail.join(' / ') : '文档', docIds: [] as string[] };
  const nested: { title: string; docIds: string[] }[] = [];
  for (const item of items) {
    if (item.type === 'doc') own.docIds.push(item.docId);
    else if (item.type === 'category') {
      const inner = sidebarSections(item.items, [...trail, item.label]);
      if (item.docId) inner[0].docIds.unshift(item.docId);
      nested.push(...inner);
    }
  }
  return [own, ...nested];
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeLinkText(text: string): string {
  return text.replace(/[[\]\\]/g, '\\$&');
}
