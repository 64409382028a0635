import type { Root } from 'hast';
import { SKIP, visit } from './visit-tree.js';

/**
 * What GFM's HTML lacks for WCAG: task-list checkboxes get a label, and tables (which scroll
 * sideways on small screens) can be reached and scrolled with the keyboard.
 */
export function rehypeAccessibility() {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      if (node.tagName === 'input' && node.properties.type === 'checkbox') {
        node.properties.ariaLabel = node.properties.checked ? '已完成' : '未完成';
      }
      if (node.tagName === 'table') {
        node.properties.tabIndex = 0;
      }
      if (node.tagName === 'pre') return SKIP;
    });
  };
}
