import type { Blockquote, Definition, Html, Image, Link, ListItem, Nodes, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import { defaultHandlers, toMarkdown, type Handle, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import type { Processor } from 'unified';
import { visit } from './visit-tree.js';
import type { VFile } from 'vfile';
import { ADMONITION_TITLES } from './admonitions.js';
import { docState } from './doc-state.js';
import { blockAsWritten, HTML_URL_ATTRIBUTE, rememberSource, type ParsedSource } from './markdown-as-written.js';

/**
 * Remembers the source as the parser read it, before any transform: blocks that come through unchanged are
 * copied into the Markdown copy as written (see writeMarkdownCopy). Used right after the parser's plugins.
 */
export function remarkRememberSource() {
  return (tree: Root, file: VFile) => {
    docState(file).parsedSource = rememberSource(tree, String(file.value));
  };
}

/**
 * Writes the doc's tree, as the pipeline has made it (links rewritten, admonitions recognised, partials inlined),
 * back to Markdown for readers that want text: the `.md` copy of every page and llms-full.txt. Runs after the
 * link rewriting and before the tree becomes HTML; it only reads the tree.
 */
export function remarkMarkdownCopy(this: Processor) {
  const processor = this;
  return (tree: Root, file: VFile) => {
    const state = docState(file);
    // Read when the doc is processed, so the serialisers of every syntax plugin (GFM, directives, MDX …) are known.
    const syntaxExtensions = (processor.data() as { toMarkdownExtensions?: ToMarkdownOptions[] }).toMarkdownExtensions ?? [];
    // Blocks copied as written still hold their URLs as written: absolute paths and .md links resolve as in the page.
    const resolveWritten = (url: string) => (/^\/(?!\/)|^[^:?#]*\.mdx?(?:[?#]|$)/i.test(url) ? state.resolveLink(url) : url);
    // As rehypeRawHtml resolves them for the page: every link, and images, video and sources that are not full URLs.
    const resolveHtmlUrl = (url: string, attribute: 'href' | 'src', line: number) =>
      attribute === 'href' ? state.resolveLink(url) : /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url) ? url : state.resolveAsset(url, line + state.lineOffset - 1);
    Object.assign(state, writeMarkdownCopy(tree, { pageUrl: state.pageUrl, syntaxExtensions, source: state.parsedSource, resolveWritten, resolveHtmlUrl }));
  };
}

export interface MarkdownCopyOptions {
  /** Absolute URL of the page, against which relative URLs are resolved. */
  pageUrl: string;
  syntaxExtensions: ToMarkdownOptions[];
  /** The Markdown the tree was parsed from, as remarkRememberSource saw it. */
  source?: ParsedSource;
  /** Resolves a URL as written in the source the way the page resolves it (base URL, `.md` links). */
  resolveWritten?: (url: string) => string;
  /** Resolves the URL of a raw HTML attribute, written on a line of the doc, the way the page resolves it. */
  resolveHtmlUrl?: (url: string, attribute: 'href' | 'src', line: number) => string;
}

/**
 * The tree as Markdown with absolute URLs, and those URLs (each once) for the link checker. Top-level blocks the
 * pipeline left as parsed are copied from the source as written, their link and image destinations replaced
 * (blockAsWritten); the rest (admonitions, heading ids, definitions, MDX, blocks from elsewhere) goes through
 * mdast-util-to-markdown. Serialising every block cost 0.3–0.4 s of CPU on the documentation centre (a fifth of
 * its parse); copying costs a tenth of that, and keeps the author's own spelling of tables, lists and code.
 */
export function writeMarkdownCopy(tree: Root, { pageUrl, syntaxExtensions, source, resolveWritten = (url) => url, resolveHtmlUrl = (url) => url }: MarkdownCopyOptions): { markdown: string; markdownLinks: string[] } {
  const links = new Set<string>();
  const blockWritten = (node: RootContent) => (source ? blockAsWritten(node, source, (url) => absoluteUrl(resolveWritten(url), pageUrl), links) : undefined);
  // An admonition whose blocks are all as written is put together here, as its handler below would write it: each call
  // of the serialiser merges every syntax's handlers anew, which cost 130 ms of the 2,000-page corpus's parse.
  const asWritten = (node: RootContent): string | undefined => blockWritten(node) ?? (node.type === 'containerDirective' ? admonitionAsWritten(node, asWritten) : undefined);
  const options: ToMarkdownOptions = {
    bullet: '-',
    emphasis: '*',
    rule: '-',
    fences: true,
    listItemIndent: 'one',
    extensions: [...syntaxExtensions, copyExtension({ pageUrl, links, asWritten, resolveHtmlUrl })],
  };
  const pieces: string[] = [];
  let rewritten: RootContent[] = [];
  const flush = () => {
    // Left-out MDX code at the top leaves blank lines behind.
    if (rewritten.length) pieces.push(toMarkdown({ type: 'root', children: rewritten }, options).replace(/^\n+/, '').trimEnd());
    rewritten = [];
  };
  for (const node of tree.children) {
    const written = asWritten(node);
    if (written === undefined) rewritten.push(node);
    else {
      flush();
      pieces.push(written);
    }
  }
  flush();
  return { markdown: pieces.filter(Boolean).join('\n\n'), markdownLinks: [...links] };
}

/** Absolute URLs for links and images (raw HTML's too), admonitions as `:::`, MDX code (imports, expressions) left out and its elements' text kept. */
function copyExtension({ pageUrl, links, asWritten, resolveHtmlUrl }: { pageUrl: string; links: Set<string>; asWritten: (node: RootContent) => string | undefined; resolveHtmlUrl: NonNullable<MarkdownCopyOptions['resolveHtmlUrl']> }): ToMarkdownOptions {
  const withAbsoluteUrl =
    <T extends Link | Image | Definition>(handle: Handle): Handle =>
    (node: T, parent, state, info) => {
      const url = absoluteUrl(node.url, pageUrl);
      links.add(url);
      return handle({ ...node, url }, parent, state, info);
    };
  const nothing: Handle = () => '';
  // Typed loosely: the MDX node types exist only when the MDX syntax is in use.
  return {
    handlers: {
      link: withAbsoluteUrl(defaultHandlers.link),
      image: withAbsoluteUrl(defaultHandlers.image),
      definition: withAbsoluteUrl(defaultHandlers.definition),
      html: (node: Html) =>
        node.value.replace(HTML_URL_ATTRIBUTE, (_attribute, before: string, quote: string, url: string) => {
          const absolute = absoluteUrl(resolveHtmlUrl(url, /src/i.test(before) ? 'src' : 'href', node.position?.start.line ?? 1), pageUrl);
          if (/^https?:/i.test(absolute)) links.add(absolute);
          return before + quote + absolute + quote;
        }),
      listItem: taskListItem,
      containerDirective: admonitionHandler(asWritten),
      mdxjsEsm: nothing,
      mdxFlowExpression: nothing,
      mdxTextExpression: nothing,
      mdxJsxFlowElement: (node, _parent, state, info) => state.containerFlow(node, info),
      mdxJsxTextElement: (node, _parent, state, info) => state.containerPhrasing(node, info),
      // What mdx.ts makes of <Tabs> (every tab's label and content, in order) and of <DocCardList />, which the copy leaves out.
      tabsPart: (node, _parent, state, info) => state.containerFlow(node, info),
      docCardList: nothing,
    } as Record<string, Handle>,
  };
}

/**
 * GFM writes a task item's box from its paragraph handler, which remark-cjk-friendly's paragraph handler replaces;
 * the box goes in here as literal text instead, so it is written whichever paragraph handler wins.
 */
const taskListItem: Handle = (node: ListItem, parent, state, info) => {
  const [first, ...rest] = node.children;
  if (typeof node.checked !== 'boolean' || first?.type !== 'paragraph') return defaultHandlers.listItem(node, parent, state, info);
  const box: Html = { type: 'html', value: node.checked ? '[x] ' : '[ ] ' };
  return defaultHandlers.listItem({ ...node, checked: null, children: [{ ...first, children: [box as unknown as PhrasingContent, ...first.children] }, ...rest] }, parent, state, info);
};

/**
 * An admonition as Docusaurus writes it, its title written only when the author gave one. An admonition holding
 * others gets more colons. Its blocks are copied as written where they can be, as at the top level (they are not
 * indented in the source either).
 */
function admonitionHandler(asWritten: (node: RootContent) => string | undefined): Handle {
  return (node: ContainerDirective, _parent, state, info) => {
    const { title, body } = admonitionParts(node);
    const label = customTitle(node, title) ? `[${state.containerPhrasing(title!, { ...info, before: '[', after: ']' })}]` : '';
    return writeAdmonition(node, body, label, body.children.map((child) => asWritten(child) ?? state.containerFlow({ type: 'blockquote', children: [child] }, info)));
  };
}

/** An admonition as admonitionHandler writes it, when that needs no serialiser: no title of the author's, and every block as written. */
function admonitionAsWritten(node: ContainerDirective, asWritten: (node: RootContent) => string | undefined): string | undefined {
  const { title, body } = admonitionParts(node);
  if (customTitle(node, title)) return undefined;
  const blocks: string[] = [];
  for (const child of body.children) {
    const written = asWritten(child);
    if (written === undefined) return undefined;
    blocks.push(written);
  }
  return writeAdmonition(node, body, '', blocks);
}

function customTitle(node: ContainerDirective, title: Paragraph | undefined): boolean {
  return title !== undefined && toString(title) !== ADMONITION_TITLES[node.name];
}

function writeAdmonition(node: ContainerDirective, body: Blockquote, label: string, blocks: string[]): string {
  const fence = ':'.repeat(3 + nestedAdmonitionDepth(body));
  const content = blocks.filter(Boolean).join('\n\n');
  return `${fence}${node.name}${label}\n${content ? content + '\n' : ''}${fence}`;
}

/** remarkAdmonitions makes an admonition a title paragraph and a content block; before it, the label is the first child. */
function admonitionParts(node: ContainerDirective): { title?: Paragraph; body: Blockquote } {
  const [first, second] = node.children;
  if ((node.data as { hName?: string } | undefined)?.hName && node.children.length === 2 && second.type === 'blockquote') return { title: first as Paragraph, body: second };
  const labelled = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel;
  return { title: labelled ? first : undefined, body: { type: 'blockquote', children: (labelled ? node.children.slice(1) : node.children) as Blockquote['children'] } };
}

function nestedAdmonitionDepth(node: Nodes): number {
  let deepest = 0;
  visit(node, 'containerDirective', (inner: ContainerDirective) => {
    if (inner === node) return;
    deepest = Math.max(deepest, 1 + nestedAdmonitionDepth(admonitionParts(inner).body));
    return 'skip';
  });
  return deepest;
}

/** The origin of the page URL last asked for: a doc's copy asks for the same one for every link (parsing it for each link was about 6 % of a build's CPU). */
let lastOrigin = { pageUrl: '', origin: '' };

function originOf(pageUrl: string): string {
  if (lastOrigin.pageUrl !== pageUrl) lastOrigin = { pageUrl, origin: new URL(pageUrl).origin };
  return lastOrigin.origin;
}

/** Root-relative and relative URLs as full URLs of the site (the copy is read away from it); external ones unchanged. */
export function absoluteUrl(url: string, pageUrl: string): string {
  if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  // Written out by hand for the common cases, so Chinese anchors stay readable instead of percent-encoded.
  if (url.startsWith('#')) return pageUrl.split('#')[0] + url;
  if (url.startsWith('/') && !url.startsWith('//')) return originOf(pageUrl) + url;
  try {
    return new URL(url, pageUrl).href;
  } catch {
    return url;
  }
}
