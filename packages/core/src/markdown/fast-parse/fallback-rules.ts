import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import { NotReproduced } from './not-reproduced.js';

/**
 * Rules that stop markdown-it where the document holds what the fast path does not reproduce, so that it goes to
 * micromark: a footnote definition (`[^note]: …`, GFM's, which markdown-it would read as a link's), a definition
 * over several lines; and, for the inline content only, a tilde in text (GFM's strikethrough, single or double, which
 * micromark pairs by its own rules).
 */
export function markdownItFallbacks(md: MarkdownIt): void {
  md.block.ruler.before('reference', 'footnote_definition_fallback', footnoteDefinition);
  md.inline.ruler.before('text', 'strikethrough_by_micromark', tilde);
}

function footnoteDefinition(state: StateBlock, startLine: number): boolean {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  if (state.src.charCodeAt(start) !== 0x5b || state.src.charCodeAt(start + 1) !== 0x5e) return false;
  // A label may run over lines: look up to the end of the paragraph it would start.
  let line = startLine;
  while (line < state.lineMax && !state.isEmpty(line)) line++;
  if (state.src.slice(start, state.eMarks[line - 1]).includes(']:')) throw new NotReproduced('a footnote definition');
  return false;
}

/** Marks inline content holding a tilde: tokens-to-mdast.ts has micromark read that content. */
function tilde(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x7e) return false;
  if (!silent) state.push('needs_micromark', '', 0);
  state.pos++;
  return true;
}
