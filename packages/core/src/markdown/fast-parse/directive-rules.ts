import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import { NotReproduced } from './not-reproduced.js';

/** micromark's punctuation and whitespace, as its directive names end at them (a UTF-16 unit at a time, as micromark reads). */
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/;

/** The end of a directive name starting at `start` (micromark-extension-directive's factoryName), or -1 when there is none. */
function nameEnd(text: string, start: number, end: number): number {
  const first = text[start];
  if (start >= end || WHITESPACE.test(first) || PUNCTUATION.test(first)) return -1;
  let i = start + 1;
  while (i < end && !WHITESPACE.test(text[i]) && (!PUNCTUATION.test(text[i]) || text[i] === '-' || text[i] === '_')) i++;
  return text[i - 1] === '-' || text[i - 1] === '_' ? -1 : i;
}

/**
 * remark-directive's syntax, as far as the fast path takes it: text directives without label or attributes
 * (`10:30:xx`, `com.a:b` make them, and admonitions.ts writes them back as text) and `:::name` containers with at
 * most a one-line label, closed by a fence. Labels of text directives, attributes, leaf directives and containers
 * micromark would end otherwise (unclosed, by a lazy line) throw NotReproduced: the doc goes to micromark.
 */
export function markdownItDirectives(md: MarkdownIt): void {
  md.inline.ruler.before('text', 'text_directive', textDirective);
  md.block.ruler.before('fence', 'container_directive', containerDirective, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}

function textDirective(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x3a) return false;
  if (pos > 0 && src[pos - 1] === ':') {
    if (pos > 1 && src[pos - 2] === '\\') throw new NotReproduced('a directive after an escaped colon');
    return false;
  }
  const end = nameEnd(src, pos + 1, state.posMax);
  if (end < 0 || src[end] === ':') return false;
  if (src[end] === '[' || src[end] === '{') throw new NotReproduced('a text directive with a label or attributes');
  if (!silent) {
    const token = state.push('text_directive', '', 0);
    token.info = src.slice(pos + 1, end);
  }
  state.pos = end;
  return true;
}

function containerDirective(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  const max = state.eMarks[startLine];
  if (state.src.charCodeAt(start) !== 0x3a || state.src.charCodeAt(start + 1) !== 0x3a) return false;
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  let sequenceEnd = start;
  while (sequenceEnd < max && state.src.charCodeAt(sequenceEnd) === 0x3a) sequenceEnd++;
  const size = sequenceEnd - start;
  const end = nameEnd(state.src, sequenceEnd, max);
  if (size < 3) {
    if (end > 0) throw new NotReproduced('a leaf directive');
    return false;
  }
  if (end < 0) return false;
  let rest = state.src.slice(end, max);
  let label: string | undefined;
  if (rest[0] === '[') {
    const close = rest.indexOf(']');
    label = rest.slice(1, close);
    if (close < 0 || /[[\]\\`<]/.test(label)) throw new NotReproduced('a directive label with brackets, escapes, code or HTML');
    rest = rest.slice(close + 1);
  }
  if (rest[0] === '{') throw new NotReproduced('directive attributes');
  if (rest.trim() !== '') return false;
  // Asked whether it interrupts a paragraph (or ends a list), it does, as in micromark: an indented one then fails below.
  if (silent) return true;
  // An indented fence (`   :::info` in a list item written one space deeper) reads its lines from its own indentation.
  const indent = state.sCount[startLine];
  let closeLine = startLine + 1;
  for (; ; closeLine++) {
    if (closeLine >= endLine) throw new NotReproduced('an unclosed directive container');
    const lineStart = state.bMarks[closeLine] + state.tShift[closeLine];
    const blank = lineStart >= state.eMarks[closeLine];
    if (!blank && state.sCount[closeLine] < indent) throw new NotReproduced('a directive container line less indented than its fence');
    if (state.sCount[closeLine] - indent >= 4) continue;
    const line = state.src.slice(lineStart, state.eMarks[closeLine]);
    const colons = /^:*/.exec(line)![0].length;
    if (colons >= size && line.slice(colons).trim() === '') break;
  }
  const open = state.push('container_directive_open', 'div', 1);
  open.info = state.src.slice(sequenceEnd, end);
  open.map = [startLine, closeLine + 1];
  if (label !== undefined) {
    const labelToken = state.push('inline', '', 0);
    labelToken.content = label;
    labelToken.map = [startLine, startLine + 1];
    labelToken.children = [];
    (labelToken as { labelStart?: number }).labelStart = end;
  }
  const { parentType, lineMax, blkIndent } = state;
  state.parentType = 'container' as typeof state.parentType;
  state.lineMax = closeLine;
  state.blkIndent = indent;
  state.md.block.tokenize(state, startLine + 1, closeLine);
  Object.assign(state, { parentType, lineMax, blkIndent });
  state.push('container_directive_close', 'div', -1);
  state.line = closeLine + 1;
  return true;
}
