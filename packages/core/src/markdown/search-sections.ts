import type { Heading, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { docState } from './doc-state.js';

/** The plain text under one heading of a page, indexed for search. */
export interface SearchSection {
  /** Id of the heading the text falls under; undefined for the text before the first heading. */
  id?: string;
  heading?: string;
  text: string;
}

/** Splits the (already id-annotated) tree into plain-text sections at level 2 and 3 headings. */
export function remarkSearchSections() {
  return (tree: Root, file: VFile) => {
    const { sections } = docState(file);
    let current: SearchSection = { text: '' };
    sections.push(current);
    for (const node of tree.children) {
      if (node.type === 'heading' && node.depth <= 3) {
        const id = (node.data?.hProperties as { id?: string } | undefined)?.id;
        current = { id, heading: toString(node as Heading).trim(), text: '' };
        sections.push(current);
        continue;
      }
      const text = plainText(node);
      if (text) current.text += (current.text ? '\n' : '') + text;
    }
  };
}

/** Phrasing joins as written; blocks, table cells and list items are separated by a space, so words of neighbouring cells stay apart. */
function plainText(node: RootContent): string {
  if (node.type === 'code') return node.value;
  if (node.type === 'paragraph' || node.type === 'heading' || !('children' in node)) return toString(node, { includeHtml: false }).replace(/\s+/g, ' ').trim();
  return (node.children as RootContent[]).map(plainText).filter(Boolean).join(' ');
}
