import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import { NotReproduced } from './not-reproduced.js';

/**
 * Rules that stop markdown-it where the document holds what the fast path does not reproduce, so that it goes to
 * micromark: a definition (`[id]: url`, `[^note]: …`: mdast keeps references and definitions as nodes, markdown-it
 * resolves them away) and, for the inline content only, a tilde in text (GFM's strikethrough, single or double, which
 * micromark pairs by its own rules).
 */
export function markdownItFallbacks(md: MarkdownIt): void {
  md.block.ruler.before('reference', 'definition_fallback', definition);
  md.inline.ruler.before('text', 'strikethrough_by_micromark', tilde);
}

function definition(state: StateBlock, startLine: number): boolean {
  if (state.src.charCodeAt(state.bMarks[startLine] + state.tShift[startLine]) !== 0x5b) return false;
  // A label may run over lines: look up to the end of the paragraph it would start.
  let line = startLine;
  while (line < state.lineMax && !state.isEmpty(line)) line++;
  if (state.src.slice(state.bMarks[startLine], state.eMarks[line - 1]).includes(']:')) throw new NotReproduced('a definition');
  return false;
}

/** Marks inline content holding a tilde: tokens-to-mdast.ts has micromark read that content. */
function tilde(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x7e) return false;
  if (!silent) state.push('needs_micromark', '', 0);
  state.pos++;
  return true;
}
