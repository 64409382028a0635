import type { Element, Root } from 'hast';
import { SKIP, visit } from './visit-tree.js';

/** The class the client's image zoom listens for. */
export const ZOOMABLE_IMAGE_CLASS = 'zoomable-image';

/**
 * Wraps each image of a doc in a button, so that it can be enlarged with a click, a tap, Enter or Space.
 * Images inside links stay as they are: a click there follows the link.
 */
export function rehypeZoomableImages() {
  return (tree: Root) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName === 'a' || node.tagName === 'pre') return SKIP;
      if (node.tagName !== 'img' || !parent || index === undefined) return;
      const alt = typeof node.properties.alt === 'string' && node.properties.alt ? node.properties.alt : '图片';
      const button: Element = {
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', className: [ZOOMABLE_IMAGE_CLASS], ariaLabel: `放大图片：${alt}` },
        children: [node],
      };
      parent.children[index] = button;
      return SKIP;
    });
  };
}
