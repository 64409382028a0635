import type { Image, Link, Parent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { EXIT, visit } from './visit-tree.js';
import { safeDecode } from './resolve-links.js';

/** What the parser gave, kept for the Markdown copy: the text, the top-level blocks, and each link's and image's URL as written. */
export interface ParsedSource {
  text: string;
  blocks: Set<unknown>;
  writtenUrls: WeakMap<object, string>;
}

const MDX = ['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement'];

/**
 * Taken before any transform, so that the copy can tell which blocks are still as the author wrote them. A block
 * that holds MDX as parsed is never one: its expressions and elements are replaced by what they render (text, a
 * partial's blocks) before the copy is written, and the source still has `{version}` where the page says 3.2.1.
 */
export function rememberSource(tree: Root, text: string): ParsedSource {
  const writtenUrls = new WeakMap<object, string>();
  const candidates: RootContent[] = [...tree.children];
  const mdxOffsets: number[] = [];
  visit(tree, ['link', 'image', 'containerDirective', ...MDX], (node) => {
    // The blocks of a `:::` container stand at the start of their lines, as top-level ones do.
    if (node.type === 'containerDirective') candidates.push(...(node as Parent).children);
    else if (node.type === 'link' || node.type === 'image') writtenUrls.set(node, (node as Link | Image).url);
    else mdxOffsets.push(node.position?.start.offset ?? -1);
  });
  const holdsMdx = (block: RootContent) => mdxOffsets.some((offset) => offset < 0 || (offset >= (block.position?.start.offset ?? 0) && offset < (block.position?.end.offset ?? 0)));
  const blocks = new Set<unknown>(mdxOffsets.length ? candidates.filter((block) => !holdsMdx(block)) : candidates);
  return { text, blocks, writtenUrls };
}

/** An `href` or `src` attribute of raw HTML, quoted: what comes before its URL, the quote, the URL. */
export const HTML_URL_ATTRIBUTE = /(\s(?:href|src)\s*=\s*)(["'])([^"']*)\2/gi;

/** Nodes the copy always writes through the serialiser (URLs of definitions, admonitions, MDX, raw HTML with URLs). */
const SERIALISED = new Set(['definition', 'containerDirective', 'leafDirective', 'textDirective', ...MDX]);
/** `{#id}` at the end of a heading's line (before an ATX heading's closing #s); `\\{#id\\}` as escaped for MDX. */
const EXPLICIT_HEADING_ID = /[ \t]*\\?\{#[^}\s\\]+\\?\}(?=[ \t]*(?:#+[ \t]*)?(?:\n|$))/;

/**
 * A top-level block as the author wrote it, with only the destinations of its links and images replaced by
 * `finalUrl` of their (rewritten) URLs; every URL of the block goes to `links`. Undefined when the block has to
 * be serialised instead: it is not as parsed (moved in from a partial, or made by a transform), holds something
 * the copy writes differently (an admonition, a definition, MDX), or a destination cannot be found
 * exactly where the parser saw it.
 */
export function blockAsWritten(node: RootContent, source: ParsedSource, finalUrl: (url: string) => string, links: Set<string>): string | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (!source.blocks.has(node) || start === undefined || end === undefined || SERIALISED.has(node.type)) return undefined;
  const written = source.text.slice(start, end);
  const replacements: { from: number; to: number; url: string }[] = [];
  const urls: string[] = [];
  let firstValue: string | undefined;
  let asWritten = true;
  visit(node, (inner) => {
    if (SERIALISED.has(inner.type) || (inner.type === 'html' && inner.value.match(HTML_URL_ATTRIBUTE))) {
      asWritten = false;
      return EXIT;
    }
    if (firstValue === undefined && 'value' in inner && typeof inner.value === 'string') firstValue = inner.value;
    if (inner.type !== 'link' && inner.type !== 'image') return;
    const url = finalUrl(inner.url);
    urls.push(url);
    if (url === source.writtenUrls.get(inner)) return;
    const range = destination(source, inner);
    const text = range && formatDestination(url);
    if (!range || text === undefined) {
      asWritten = false;
      return EXIT;
    }
    replacements.push({ ...range, url: text });
  });
  // A block moved in from elsewhere carries positions in another file: its first text would not be here.
  if (!asWritten || (firstValue && !written.includes(firstValue.slice(0, 6)))) return undefined;
  urls.forEach((url) => links.add(url));
  let result = '';
  let at = start;
  for (const { from, to, url } of replacements.sort((a, b) => a.from - b.from)) {
    result += source.text.slice(at, from) + url;
    at = to;
  }
  result += source.text.slice(at, end);
  // remarkHeadingIds took the `{#id}` off the heading's text; the copy leaves it out too.
  return node.type === 'heading' && !toString(node).includes('{#') ? result.replace(EXPLICIT_HEADING_ID, '') : result;
}

/** Where the destination of an inline link or image `[label](destination "title")` stands in the source, checked against the URL the parser read there. */
function destination(source: ParsedSource, node: Link | Image): { from: number; to: number } | undefined {
  const { text } = source;
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  const wanted = source.writtenUrls.get(node);
  if (start === undefined || end === undefined || wanted === undefined || text[end - 1] !== ')') return undefined;
  let i = start + (node.type === 'image' ? 2 : 1);
  if (text[i - 1] !== '[') return undefined;
  for (let depth = 1; i < end && depth > 0; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '[') depth++;
    else if (text[i] === ']') depth--;
  }
  if (text[i] !== '(') return undefined;
  i++;
  while (/[ \t\n]/.test(text[i])) i++;
  let from = i;
  let to: number;
  if (text[i] === '<') {
    to = text.indexOf('>', i) + 1;
    if (to <= 0 || to > end) return undefined;
  } else {
    for (let parens = 0; i < end - 1; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '(') parens++;
      else if (text[i] === ')' && parens-- === 0) break;
      else if (/\s/.test(text[i])) break;
    }
    to = i;
  }
  const found = text.slice(from, to).replace(/^<|>$/g, '');
  if (comparable(found) !== comparable(wanted)) return undefined;
  return { from, to };
}

/** The parser percent-encodes and unescapes what it reads; compare both sides decoded. */
function comparable(url: string): string {
  return safeDecode(url.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
}

/** A destination as Markdown writes it: bare, or in `<…>` when it holds spaces or parentheses. */
function formatDestination(url: string): string | undefined {
  if (/[<>\n]/.test(url)) return undefined;
  return /[\s()]/.test(url) ? `<${url}>` : url;
}
