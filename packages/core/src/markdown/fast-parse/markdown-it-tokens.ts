import markdownIt, { type MarkdownIt, type Options, type StateBlock, type StateInline, type Token } from 'markdown-it';
import markdownItCjkFriendly from 'markdown-it-cjk-friendly';
import { markdownItDirectives } from './directive-rules.js';
import { markdownItFallbacks } from './fallback-rules.js';
import { NotReproduced } from './not-reproduced.js';
import { splitRow } from './table-rows.js';

/**
 * Where a token stands in the text its rule read: a block token in the document (offset of its first character),
 * an inline token in its inline token's `content` (start and end). markdown-it keeps only block lines (`map`).
 */
export interface Placed {
  start?: number;
  end?: number;
}

export type PlacedToken = Token & Placed;

/** A ruler's rules with their names, as markdown-it keeps them (its types leave this field out). */
interface NamedRules<Rule> {
  __rules__: { name: string; fn: Rule; alt: string[] }[];
}

/**
 * markdown-it 14 set up to read what remark-parse, remark-gfm's tables and remark-cjk-friendly read, with every rule
 * wrapped so that its tokens carry offsets (markdown-it's own `map` has block lines only). Its own rules for what the
 * fast path does not take are off: those documents go to micromark (see remark-fast-parse.ts). markdown-it 14
 * rather than 15: 15's build defines every token field with a helper, which made it twice as slow here
 * (this site's docs: 19–28 ms against 39–44 ms a pass; 2,000 corpus pages: 78 against 157 ms).
 */
export function createTokenizer(): MarkdownIt {
  // No nesting limit of its own: document-limits.ts bounds nesting before either parser runs, and a limit here would end constructs micromark does not end.
  const md = markdownIt('default', { html: true, linkify: false, typographer: false, maxNesting: 10_000 } as Options);
  // mdast keeps destinations as written (escapes and references decoded, nothing percent-encoded) and every scheme: remarkLinks judges them.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  md.validateLink = () => true;
  // Text fragments stay apart (joining them would lose where each stands); the converter joins them as mdast does.
  md.disable(['strikethrough', 'linkify', 'text_join', 'fragments_join']);
  // Its first rule copies the whole text, replacing each line ending (\n by \n too) and NUL: 9–10 ms of a cold 206-page
  // build's profile for nothing, as a doc holding a \r or a NUL goes to micromark (remark-fast-parse.ts).
  md.disable('normalize');
  md.use(markdownItCjkFriendly);
  md.use(markdownItDirectives);
  md.use(markdownItFallbacks);
  const blockRules = (md.block.ruler as unknown as NamedRules<BlockRule>).__rules__;
  const original = (name: string) => blockRules.find((rule) => rule.name === name)!;
  md.block.ruler.at('table', cellsAsWritten(original('table').fn), { alt: original('table').alt });
  md.block.ruler.at('reference', keepDefinitions(original('reference').fn), { alt: original('reference').alt });
  for (const rule of blockRules) md.block.ruler.at(rule.name, placeBlockRule(rule.fn), { alt: rule.alt });
  for (const rule of (md.inline.ruler as unknown as NamedRules<InlineRule>).__rules__) md.inline.ruler.at(rule.name, placeInlineRule(rule.name, rule.fn));
  return md;
}

/**
 * markdown-it takes the backslash off an escaped pipe before a cell's text is parsed; micromark reads `\\|` as an
 * escape like any other, so that a code span keeps it (mdast-util-gfm-table takes it off there). Each cell gets its
 * text as written, with its pipes escaped.
 */
function cellsAsWritten(rule: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    const first = state.tokens.length;
    const matched = rule(state, startLine, endLine, silent);
    if (!matched || silent) return matched;
    let cells: ReturnType<typeof splitRow> = [];
    let column = 0;
    for (let i = first; i < state.tokens.length; i++) {
      const token = state.tokens[i];
      if (token.type === 'tr_open') {
        const line = token.map![0];
        let end = state.eMarks[line];
        while (end > state.bMarks[line] && /[ \t]/.test(state.src[end - 1])) end--;
        cells = splitRow(state.src, state.bMarks[line] + state.tShift[line], end);
        column = 0;
      } else if (token.type === 'inline') {
        const cell = cells[column++];
        if (cell) token.content = cell.content;
      }
    }
    return matched;
  };
}

/** markdown-it 14 keeps a definition only in `env.references`: mdast keeps it in the tree, so it gets a token. */
function keepDefinitions(rule: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    const matched = rule(state, startLine, endLine, silent);
    if (matched && !silent) state.push('reference_definition', '', 0).map = [startLine, state.line];
    return matched;
  };
}

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;

/** The tokens a block rule pushes start where its first line's content does (after the markers of the containers around it). */
function placeBlockRule(rule: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    const first = state.tokens.length;
    const start = state.bMarks[startLine] + state.tShift[startLine];
    const matched = rule(state, startLine, endLine, silent);
    if (matched && !silent) {
      // Containers have put their lines' marks back by now: a token of another line (a list's later items, a table's rows) starts where that line's content does.
      for (let i = first; i < state.tokens.length; i++) {
        const token = state.tokens[i] as PlacedToken;
        if (token.start === undefined) token.start = token.map && token.map[0] !== startLine ? state.bMarks[token.map[0]] + state.tShift[token.map[0]] : start;
      }
    }
    return matched;
  };
}

/**
 * Inline tokens get their range in the inline content: one token, the rule's range; emphasis runs one character each;
 * a link or autolink its opening at the start and its closing at the end (what is between is placed by the rules that
 * read it, or is text, placed later by the characters it holds).
 */
function placeInlineRule(name: string, rule: InlineRule): InlineRule {
  return (state, silent) => {
    const first = state.tokens.length;
    const start = state.pos;
    const hadPending = state.pending !== '';
    const matched = rule(state, silent);
    // Most matches are the text rule's, which pushes nothing: only pending text grows.
    if (!matched || silent || state.tokens.length === first) return matched;
    const end = state.pos;
    // Text pending before the rule was pushed by the rule's first push: it is placed by its characters.
    const pushed = state.tokens.slice(hadPending && state.tokens[first]?.type === 'text' ? first + 1 : first) as PlacedToken[];
    if (name === 'link' || name === 'image') markReference(state, pushed[0], start, end, name === 'image');
    if (name === 'emphasis') {
      pushed.forEach((token, i) => Object.assign(token, { start: start + i, end: start + i + 1 }));
    } else if (pushed.length === 1) {
      Object.assign(pushed[0], { start, end });
    } else if (pushed.length > 1) {
      const open = pushed.find((token) => token.nesting === 1 && token.start === undefined);
      const close = pushed[pushed.length - 1];
      if (open) Object.assign(open, { start, end: start + 1 });
      Object.assign(close, { start: close.start, end });
      if (open?.markup === 'autolink') {
        for (const token of pushed) if (token !== open && token !== close) Object.assign(token, { start: start + 1, end: end - 1 });
        close.start = end - 1;
      }
    }
    return matched;
  };
}

const plain = markdownIt();
/** markdown-it's decoding of backslash escapes and character references. */
export const unescapeAll: (text: string) => string = plain.utils.unescapeAll;
/** markdown-it's readers of a link destination and title, which decode them as micromark does. */
export const linkHelpers = plain.helpers;

/** How a link or image that came from a definition was written, for mdast's linkReference and imageReference. */
export interface ReferenceWritten {
  type: 'shortcut' | 'collapsed' | 'full';
  /** The link's text as written (the first brackets' content). */
  text: string;
  /** The second brackets' content of a full reference. */
  label?: string;
}

/** markdown-it resolves references away; the token keeps how it was written (`[a]`, `[a][]`, `[a][b]`), read from the source around it. */
function markReference(state: StateInline, token: Token | undefined, start: number, end: number, image: boolean): void {
  if (!token) return;
  const labelStart = start + (image ? 2 : 1);
  const labelEnd = state.md.helpers.parseLinkLabel(state, labelStart - 1, !image);
  if (labelEnd < 0) throw new NotReproduced('a link label not found again');
  const { src } = state;
  if (src[labelEnd + 1] === '(' && end > labelEnd + 1) return;
  const text = src.slice(labelStart, labelEnd);
  const reference: ReferenceWritten =
    end === labelEnd + 1 ? { type: 'shortcut', text } : end === labelEnd + 3 && src[labelEnd + 1] === '[' ? { type: 'collapsed', text } : { type: 'full', text, label: src.slice(labelEnd + 2, end - 1) };
  token.meta = { ...token.meta, reference };
}
