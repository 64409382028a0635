import type { Element, ElementContent, Root, RootContent } from 'xast';
import { fromXml } from 'xast-util-from-xml';
import { toXml } from 'xast-util-to-xml';
import { DocsgenError } from '../errors.js';

/**
 * An SVG opened on its own (a click on an image, a link to it) is a document of the site's origin: a `<script>` in it
 * runs there. So every SVG the build publishes is rewritten without what can run script: script-like elements, event
 * handler attributes, `javascript:` URLs and animations that would set them.
 */
const SCRIPT_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
const ANIMATIONS = new Set(['set', 'animate', 'animatemotion', 'animatetransform']);
const SCRIPT_SCHEME = /(?:javascript|vbscript):/;
/** A data: URL that is not a raster image can be an HTML or SVG document of its own. */
const DOCUMENT_DATA_URL = /^data:(?!image\/(?:png|jpe?g|gif|webp)[;,])/;
const URL_ATTRIBUTE = /(^|:)href$|^(src|to|from|values|by)$/;

/** The SVG without anything that can run script (as it was when it has none); a file that is not well-formed XML is an error naming it. */
export function sanitizeSvg(svg: string, file: string): string {
  let tree: Root;
  try {
    tree = fromXml(svg);
  } catch (error) {
    const { place, cause } = error as { place?: { line: number; column: number }; cause?: Error };
    throw new DocsgenError(`cannot read the SVG: ${(cause?.message ?? (error as Error).message).split('\n')[0].replace(/ \(line \d+, column \d+\)$/, '')}`, {
      location: { file, line: place?.line, column: place?.column },
      hint: 'an SVG must be well-formed XML (entities other than &amp; &lt; &gt; &quot; &apos; are not read)',
    });
  }
  const before = JSON.stringify(tree);
  tree.children = clean(tree.children) as RootContent[];
  return JSON.stringify(tree) === before ? svg : toXml(tree, { closeEmptyElements: true });
}

function clean(nodes: (RootContent | ElementContent)[]): (RootContent | ElementContent)[] {
  return nodes.flatMap((node): (RootContent | ElementContent)[] => {
    if (node.type === 'instruction') return node.name === 'xml' ? [node] : [];
    if (node.type !== 'element') return [node];
    const name = localName(node.name);
    if (SCRIPT_ELEMENTS.has(name)) return [];
    if (ANIMATIONS.has(name) && /^(on|href$)/.test(localName(String(node.attributes.attributeName ?? '')))) return [];
    return [{ ...node, attributes: safeAttributes(node), children: clean(node.children) as ElementContent[] }];
  });
}

function safeAttributes(element: Element): Element['attributes'] {
  return Object.fromEntries(
    Object.entries(element.attributes).filter(([name, value]) => {
      if (localName(name).startsWith('on')) return false;
      // Browsers ignore whitespace and control characters inside a scheme: `java\tscript:` is `javascript:`.
      const compact = String(value ?? '').replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (SCRIPT_SCHEME.test(compact)) return false;
      return !(URL_ATTRIBUTE.test(name.toLowerCase()) && DOCUMENT_DATA_URL.test(compact));
    }),
  );
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1).toLowerCase();
}
