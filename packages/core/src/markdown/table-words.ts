import type { Element, ElementContent, Root } from 'hast';
import { SKIP, visit } from './visit-tree.js';

/** The class that keeps a word of a table cell on one line (theme/styles/markdown.css). */
const TABLE_WORD_CLASS = 'table-word';

/** A Latin word: printable ASCII without spaces, two characters or more. */
const LATIN_WORD = /[\x21-\x7e]{2,}/g;

/**
 * Keeps each Latin word of a table cell that holds a break opportunity (a hyphen, a slash, a dot, a colon …) on
 * one line: header names, identifiers, URLs and paths. A narrow table then scrolls sideways instead of showing
 * "X-XY-" on one line and "Nonce" on the next. Words of letters and digits alone have no break opportunity, and
 * text with spaces still wraps at its spaces.
 */
export function rehypeUnbrokenTableWords() {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      if (node.tagName === 'pre') return SKIP;
      if (node.tagName !== 'td' && node.tagName !== 'th') return;
      keepWordsWhole(node);
      return SKIP;
    });
  };
}

function keepWordsWhole(parent: Element): void {
  parent.children = parent.children.flatMap((child): ElementContent[] => {
    if (child.type === 'element' && child.tagName !== 'pre') keepWordsWhole(child);
    return child.type === 'text' ? wrapBreakableWords(child.value) : [child];
  });
}

function wrapBreakableWords(text: string): ElementContent[] {
  const parts: ElementContent[] = [];
  let at = 0;
  for (const word of text.matchAll(LATIN_WORD)) {
    if (/^\w+$/.test(word[0])) continue;
    if (word.index > at) parts.push({ type: 'text', value: text.slice(at, word.index) });
    parts.push({ type: 'element', tagName: 'span', properties: { className: [TABLE_WORD_CLASS] }, children: [{ type: 'text', value: word[0] }] });
    at = word.index + word[0].length;
  }
  if (at === 0) return [{ type: 'text', value: text }];
  if (at < text.length) parts.push({ type: 'text', value: text.slice(at) });
  return parts;
}
