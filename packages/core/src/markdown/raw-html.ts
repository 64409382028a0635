import type { Element, Root, Properties } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import { unified } from 'unified';
import { visit } from './visit-tree.js';
import type { VFile } from 'vfile';
import { docState } from './doc-state.js';
import { HTML_MARKER } from './mdx-tabs.js';

/**
 * What raw HTML in a doc may keep: GitHub's sanitising schema, widened to what documentation uses
 * (figures, video, iframes, class names for styling) and to what our own Markdown stages emit (ids, classes,
 * link targets, footnote attributes). Never scripts, styles, event handlers, or URLs other than http(s), mailto
 * and tel (so no `javascript:` or `data:`); relative URLs stay.
 */
export const DOCS_HTML_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'button', 'figure', 'figcaption', 'video', 'audio', 'iframe', 'mark', 'abbr', 'u', 'small', 'caption', 'colgroup', 'col', 'center', 'cite', 'dfn', 'time', 'wbr', 'font'],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'className', 'role', 'ariaLabel', 'ariaHidden', 'ariaDescribedBy', 'ariaLabelledBy', 'dataFootnotes', 'dataFootnoteRef', 'dataFootnoteBackref', 'dataMeta', 'hidden', 'tabIndex', 'ariaSelected', 'ariaControls', 'ariaOrientation', 'dataTabs', 'dataGroupId', 'dataQueryString', 'dataValue', 'dataDocCardList'],
    button: ['type'],
    a: [...(defaultSchema.attributes?.a ?? []), 'href', 'target', 'rel', 'download'],
    img: [...(defaultSchema.attributes?.img ?? []), 'src', 'srcSet', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    video: ['src', 'poster', 'controls', 'width', 'height', 'loop', 'muted', 'playsInline', 'preload', 'autoPlay'],
    audio: ['src', 'controls', 'loop', 'muted', 'preload'],
    source: ['src', 'srcSet', 'type', 'media'],
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowFullScreen', 'frameBorder', 'loading', 'referrerPolicy'],
    details: ['open'],
    ol: ['start', 'type', 'reversed'],
    font: ['color', 'size'],
  },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'], src: ['http', 'https'], poster: ['http', 'https'] },
  // Anchors written as <a id="x"> or <a name="x"> are link targets in docs; Docusaurus keeps them as written.
  clobber: [],
  strip: ['script', 'style'],
};

const sanitize = unified().use(rehypeSanitize, DOCS_HTML_SCHEMA);

/**
 * Raw HTML (and MDX's HTML elements) parsed into the tree and sanitised, instead of dropped. A doc without any
 * leaves this stage untouched. Links and images inside it resolve like Markdown's and are recorded for the checkers;
 * an iframe loads only from the hosts the configuration allows, otherwise it becomes a link to its page.
 */
export function rehypeRawHtml(options: { iframeHosts: string[] }) {
  const raw = rehypeRaw();
  return (tree: Root, file: VFile) => {
    if (!hasRawHtml(tree)) return tree;
    // Code fences keep their meta (title, highlighted lines) through the sanitiser as an attribute.
    visit(tree, 'element', (node) => {
      const meta = (node.data as { meta?: string } | undefined)?.meta;
      if (node.tagName === 'code' && meta) node.properties.dataMeta = meta;
    });
    const parsed = raw(tree, file) as Root;
    const clean = sanitize.runSync(parsed) as Root;
    resolveHtmlUrls(clean, file, options.iframeHosts);
    dropEmptyParagraphs(clean);
    return clean;
  };
}

function hasRawHtml(tree: Root): boolean {
  let found = false;
  visit(tree, (node) => {
    if (node.type === 'raw' || (node.type === 'element' && node.properties[HTML_MARKER] !== undefined)) found = true;
    return found ? false : undefined;
  });
  return found;
}

function resolveHtmlUrls(tree: Root, file: VFile, iframeHosts: string[]): void {
  const { resolveLink, resolveAsset, links, images, lineOffset } = docState(file);
  visit(tree, 'element', (node: Element, index, parent) => {
    const start = node.position?.start;
    const place = { line: (start?.line ?? 1) + lineOffset - 1, column: start?.column ?? 1 };
    const props: Properties = node.properties;
    if (node.tagName === 'a' && typeof props.href === 'string' && !props.dataFootnoteRef && !props.dataFootnoteBackref) {
      const written = props.href;
      props.href = resolveLink(written);
      if (/^https?:/i.test(written)) Object.assign(props, { target: '_blank', rel: ['noopener', 'noreferrer'] });
      links.push({ href: props.href, written, ...place });
    }
    if ((node.tagName === 'img' || node.tagName === 'video' || node.tagName === 'source') && typeof props.src === 'string' && !/^[a-z]+:|^\/\//i.test(props.src)) {
      const written = props.src;
      props.src = resolveAsset(written, place.line);
      images.push({ href: props.src, written, ...place });
    }
    if (node.tagName === 'iframe' && parent && index !== undefined) {
      const src = typeof props.src === 'string' ? props.src : '';
      if (!iframeHosts.includes(hostOf(src))) {
        parent.children[index] = { type: 'element', tagName: 'a', properties: { href: src || '#', target: '_blank', rel: ['noopener', 'noreferrer'] }, children: [{ type: 'text', value: String(props.title ?? src) }] };
      }
    }
  });
}

/** A block element written inside a paragraph (`<div>` on a text line) leaves the paragraph empty around it once parsed. */
function dropEmptyParagraphs(tree: Root): void {
  visit(tree, 'element', (node, index, parent) => {
    if (node.tagName !== 'p' || !parent || index === undefined) return;
    if (node.children.every((child) => child.type === 'text' && !child.value.trim())) {
      parent.children.splice(index, 1);
      return index;
    }
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
