import { DocsgenError } from '../errors.js';

/**
 * What one document may ask of the parser. Markdown's emphasis and container rules cost more than linear time on
 * pathological input: 200 KB of `*a` ran for minutes, a few thousand nested quotes or list items overflowed the stack
 * after most of a minute. Real documentation stays far below these limits (this site: 105 emphasis delimiters in its
 * busiest paragraph, nesting 2 levels deep); a document above them fails at once, named, before any parsing.
 */
const DOCUMENT_LIMITS = {
  /** Characters in one document (about 6 MB of Chinese text). */
  characters: 2_000_000,
  /** Block quotes and list items nested in one another; `:::` containers (admonitions, directives) nested likewise. */
  nesting: 32,
  /**
   * Setext headings (text underlined with a line of `=` or `-`): the parser's cost grows with the square of their number
   * in a document (8,000 of them took 30 s, 100,000 in 300 KB ran for hours).
   */
  setextHeadings: 1_000,
  /** HTML or JSX elements opened at the start of a line and nested in one another (a few thousand overflow the stack). */
  elementNesting: 100,
  /** Runs of emphasis and link markup (`*`, `_`, `~`, `` ` ``, `[`, `<`) in one paragraph (text between blank lines). */
  markupRuns: 1_000,
  /**
   * Matching markup costs up to the square of the runs in a paragraph; summed over the document's paragraphs, at most
   * this much (four paragraphs at the limit above).
   */
  markupWork: 4_000_000,
};

const MARKUP_RUN = /\*+|_+|~+|`+|\[|</g;
/** A tag at the start of a line: `<div …>`, `</div>`, `<Tabs>`; group 1 is the `/` of a closing tag, 3 of a self-closing one. */
const LINE_TAG = /^[ \t>]*<(\/?)([A-Za-z][\w.-]*)\b[^>\n]*?(\/?)>/gm;
/** Elements that need no closing tag: void elements and those HTML closes by itself (`<p>`, `<li>`, table rows …). */
const UNCLOSED_ELEMENTS = new Set('area base br col embed hr img input link meta source track wbr p li dt dd tr td th thead tbody tfoot option optgroup colgroup caption rp rt'.split(' '));
/** An underline: a line of only `=` or `-` right under a line of text. Lines of `---` under a list item count too: an estimate from above. */
const SETEXT_UNDERLINE = /^[ \t]*\S[^\n]*\n {0,3}(?:=+|-+)[ \t]*$/gm;
/** A `:::` container's opening (`:::note`, `:::tip 标题`, also inside a block quote) or closing (only colons) line. */
const CONTAINER_FENCE = /^[ \t>]*:{3,}[ \t]*([A-Za-z][\w-]*)?/gm;

/** Throws, naming the document and the line, when the body exceeds one of DOCUMENT_LIMITS. */
export function assertWithinLimits(body: string, file: string, bodyLine: number): void {
  const fail: Fail = (offset, reason, hint) =>
    new DocsgenError(reason, { location: { file, line: bodyLine + countLines(body, offset) }, hint });
  if (body.length > DOCUMENT_LIMITS.characters) {
    throw fail(0, `the document has ${body.length} characters, more than ${DOCUMENT_LIMITS.characters}`, 'split it into several documents');
  }
  assertFewSetextHeadings(body, fail);
  assertShallowContainers(body, fail);
  assertShallowElements(body, fail);
  if (withinMarkupAndNesting(body)) return;
  let work = 0;
  // Paragraphs: runs of lines without a blank line between them.
  for (const { 0: paragraph, index: offset } of body.matchAll(/[^\n]+(?:\n(?![ \t]*\n)[^\n]*)*/g)) {
    for (const block of inlineBlocks(paragraph)) {
      // A short block cannot hold enough runs to matter: most are not scanned.
      const runs = block.text.length > 50 ? (block.text.match(MARKUP_RUN)?.length ?? 0) : 0;
      work += runs * runs;
      if (runs > DOCUMENT_LIMITS.markupRuns || work > DOCUMENT_LIMITS.markupWork) {
        const reason = runs > DOCUMENT_LIMITS.markupRuns ? `a paragraph has ${runs} runs of *, _, ~, \`, [ or <, more than ${DOCUMENT_LIMITS.markupRuns}` : 'the document has more emphasis and link markup than one document may (see the limits in the README)';
        throw fail(offset + block.offset, reason, 'escape literal characters (\\*, \\_, \\[), put such text in a code block, or split the document');
      }
    }
    const nesting = deepestNesting(paragraph);
    if (nesting.depth > DOCUMENT_LIMITS.nesting) {
      throw fail(offset + nesting.offset, `block quotes and lists are nested ${nesting.depth} levels deep, more than ${DOCUMENT_LIMITS.nesting}`, 'flatten the structure');
    }
  }
}

type Fail = (offset: number, reason: string, hint: string) => DocsgenError;

/**
 * Whether the whole body is within the markup and nesting limits, so its paragraphs need no counting one by one (a
 * fortieth of the parse's time on the 2,000-page corpus): no block can hold more runs than the body, and the squares of
 * the blocks' runs add up to no more than the square of the body's (1,000 runs, 1,000,000 < markupWork). The deepest
 * line of the body is the deepest of its paragraphs. When it is not within them, the paragraphs tell where.
 */
function withinMarkupAndNesting(body: string): boolean {
  let count = 0;
  for (const _run of body.matchAll(MARKUP_RUN)) if (++count > RUNS_NO_PARAGRAPH_CAN_EXCEED) return false;
  return deepestNesting(body).depth <= DOCUMENT_LIMITS.nesting;
}

/** A body with no more markup runs than this cannot hold a paragraph over either markup limit. */
const RUNS_NO_PARAGRAPH_CAN_EXCEED = Math.min(DOCUMENT_LIMITS.markupRuns, Math.sqrt(DOCUMENT_LIMITS.markupWork));

function assertFewSetextHeadings(body: string, fail: Fail): void {
  let count = 0;
  for (const match of body.matchAll(SETEXT_UNDERLINE)) {
    if (++count > DOCUMENT_LIMITS.setextHeadings) {
      throw fail(match.index + match[0].indexOf('\n') + 1, `the document has more than ${DOCUMENT_LIMITS.setextHeadings} setext headings (text underlined with = or -)`, 'write headings as # 标题, put a blank line between text and a --- rule, or split the document');
    }
  }
}

/** `:::` containers span blank lines, so their depth is followed through the whole document, not per paragraph. */
function assertShallowContainers(body: string, fail: Fail): void {
  let depth = 0;
  for (const match of body.matchAll(CONTAINER_FENCE)) {
    if (!match[1]) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (++depth > DOCUMENT_LIMITS.nesting) {
      throw fail(match.index, `::: containers (admonitions) are nested ${depth} levels deep, more than ${DOCUMENT_LIMITS.nesting}`, 'flatten the structure');
    }
  }
}

function assertShallowElements(body: string, fail: Fail): void {
  let depth = 0;
  for (const match of body.matchAll(LINE_TAG)) {
    const [, closing, name, selfClosing] = match;
    if (selfClosing || UNCLOSED_ELEMENTS.has(name.toLowerCase())) continue;
    if (closing) depth = Math.max(0, depth - 1);
    else if (++depth > DOCUMENT_LIMITS.elementNesting) {
      throw fail(match.index, `HTML or JSX elements are nested ${depth} levels deep, more than ${DOCUMENT_LIMITS.elementNesting}`, 'flatten the structure');
    }
  }
}

/** A list item with content: a bullet one can start even inside a paragraph, an ordered one only as `1.` or within a list. */
const BULLET_ITEM = /^[ \t>]*[-*+][ \t]+\S/;
const ORDERED_ITEM = /^[ \t>]*(\d{1,9})[.)][ \t]+\S/;
const ATX_HEADING = /^[ \t>]*#{1,6}(?:[ \t]|$)/;
const TABLE_DELIMITER_ROW = /^[ \t>]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/**
 * The blocks of a paragraph (lines without a blank one between) whose inline markup the parser matches separately:
 * each list item, heading and table row is its own, so a table of 600 error codes with a code span and a link per row
 * is 600 small blocks, not one of 1,800 runs. Lines that would only continue a paragraph stay with it: an estimate that
 * errs towards counting too much together, never too little.
 */
function inlineBlocks(paragraph: string): { text: string; offset: number }[] {
  const lines = paragraph.split('\n');
  const table = lines.length > 1 && isTableStart(lines[0], lines[1]);
  const blocks: { text: string; offset: number }[] = [];
  let start = 0;
  let at = 0;
  let inList = BULLET_ITEM.test(lines[0]) || ORDERED_ITEM.test(lines[0]);
  lines.forEach((line, i) => {
    if (i > 0) {
      const ordered = ORDERED_ITEM.exec(line);
      const item = BULLET_ITEM.test(line) || (ordered !== null && (ordered[1] === '1' || inList));
      if (table || item || ATX_HEADING.test(line)) {
        blocks.push({ text: paragraph.slice(start, at - 1), offset: start });
        start = at;
      }
      inList ||= item;
    }
    at += line.length + 1;
  });
  blocks.push({ text: paragraph.slice(start), offset: start });
  return blocks;
}

/** A GFM table: a header row, then a delimiter row with as many cells (otherwise both are paragraph text). */
function isTableStart(header: string, delimiter: string): boolean {
  if (!delimiter.includes('|') || !TABLE_DELIMITER_ROW.test(delimiter)) return false;
  const cells = (row: string) => row.replace(/^[ \t>]*\|?|\|?[ \t]*$/g, '').split(/(?<!\\)\|/).length;
  return cells(header) === cells(delimiter);
}

/** Estimated container depth of the deepest line: list and quote markers opened on it plus its indentation in levels of two columns. */
function deepestNesting(text: string): { depth: number; offset: number } {
  let deepest = { depth: 0, offset: 0 };
  for (const match of text.matchAll(/^([ \t]*)((?:(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)|>[ \t]*)+)/gm)) {
    const indentation = match[1].replace(/\t/g, '    ').length;
    const markers = match[2].match(/[-*+>]|\d{1,9}[.)]/g)!.length;
    const depth = Math.floor(indentation / 2) + markers;
    if (depth > deepest.depth) deepest = { depth, offset: match.index };
  }
  return deepest;
}

function countLines(text: string, end: number): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
