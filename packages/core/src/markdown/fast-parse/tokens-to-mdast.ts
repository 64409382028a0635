import type { AlignType, Blockquote, Code, Definition, Heading, Html, InlineCode, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Node, Parent, Point, Position } from 'unist';
import { linkHelpers, unescapeAll, type PlacedToken } from './markdown-it-tokens.js';
import { NotReproduced } from './not-reproduced.js';
import { identifierOf, InlineConverter, LITERAL_AUTOLINK, NeedsMicromark, tableCodeValue } from './phrasing-to-mdast.js';
import { splitRow } from './table-rows.js';

/**
 * markdown-it's tokens as the mdast micromark and mdast-util-from-markdown make of the same text (with GFM's tables
 * and remark-cjk-friendly's emphasis), positions included: line, column and offset of every node, as the pipeline's
 * error messages, link records and as-written Markdown copies read them.
 */
export function tokensToMdast(source: string, tokens: PlacedToken[], micromark: (text: string) => Root): Root {
  return new Converter(source, tokens, micromark).root();
}

class Converter {
  private readonly lineStarts: number[] = [0];
  private index = 0;

  constructor(
    private readonly source: string,
    private readonly tokens: PlacedToken[],
    private readonly micromark: (text: string) => Root,
  ) {
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
    const definitions = tokens.filter((token) => token.type === 'reference_definition');
    this.definitions = definitions.map((token) => this.source.slice(token.start, this.lineEnd(token.map![0]))).join('\n');
  }

  /** The document's definitions as written, for inline content micromark reads alone: its references resolve as in the document. */
  private readonly definitions: string;

  root(): Root {
    const children = this.blocks(undefined) as RootContent[];
    return { type: 'root', children, position: this.position(0, this.source.length) };
  }

  /** The end of a line's text (where its line ending is, or the end of the document). */
  private lineEnd(line: number): number {
    return line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] - 1 : this.source.length;
  }

  private lineOf(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private point(offset: number): Point {
    const line = this.lineOf(offset);
    return { line: line + 1, column: offset - this.lineStarts[line] + 1, offset };
  }

  private position(start: number, end: number): Position {
    return { start: this.point(start), end: this.point(end) };
  }

  /** The end of a line without its trailing spaces and tabs. */
  private trimmedLineEnd(line: number): number {
    let end = this.lineEnd(line);
    while (end > this.lineStarts[line] && (this.source[end - 1] === ' ' || this.source[end - 1] === '\t')) end--;
    return end;
  }

  private blocks(closing: string | undefined): RootContent[] {
    const children: RootContent[] = [];
    while (this.index < this.tokens.length) {
      const token = this.tokens[this.index];
      if (closing && token.type === closing) {
        this.index++;
        return children;
      }
      children.push(this.block(token));
    }
    if (closing) throw new NotReproduced(`unclosed ${closing}`);
    return children;
  }

  private block(token: PlacedToken): RootContent {
    const start = token.start!;
    switch (token.type) {
      case 'paragraph_open': {
        const inline = this.tokens[this.index + 1];
        this.index += 3;
        const { children, end } = this.inlineBlock(inline, this.paragraphMap(inline));
        // micromark's blocks end with the trailing whitespace of their last line.
        return { type: 'paragraph', children, position: this.position(start, this.lineEnd(this.lineOf(end))) } satisfies Paragraph;
      }
      case 'heading_open':
        return this.heading(token);
      case 'blockquote_open': {
        this.index++;
        const children = this.blocks('blockquote_close') as Blockquote['children'];
        if (!children.length || children[children.length - 1].position!.end.line < token.map![1]) throw new NotReproduced('a block quote ending in empty quoted lines');
        return { type: 'blockquote', children, position: this.position(start, this.containerEnd(children, start)) } satisfies Blockquote;
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        return this.list(token);
      case 'fence':
        return this.fence(token);
      case 'code_block':
        // micromark places indented code by its own rules of tabs and blank lines (the CommonMark examples differ): micromark reads it.
        throw new NotReproduced('indented code');
      case 'html_block': {
        this.index++;
        const value = token.content.replace(/\n$/, '');
        if (/\n[ \t]*(?:\n|$)/.test(value)) throw new NotReproduced('HTML with blank lines');
        // The value keeps the indentation beyond its container's, and the node starts where the value does.
        const indent = /^[ \t]*/.exec(value)![0];
        const htmlStart = start - indent.length;
        if (indent.includes('\t') || this.source.slice(htmlStart, start) !== indent) throw new NotReproduced('indented HTML not found in its line');
        return { type: 'html', value, position: this.position(htmlStart, htmlStart + this.sourceLength(htmlStart, value)) } satisfies Html;
      }
      case 'hr':
        this.index++;
        return { type: 'thematicBreak', position: this.position(start, this.lineEnd(token.map![0])) };
      case 'table_open':
        return this.table(token);
      case 'container_directive_open':
        return this.containerDirective(token);
      case 'reference_definition':
        this.index++;
        return this.definition(token);
      default:
        throw new NotReproduced(`block token ${token.type}`);
    }
  }

  /** How far `value`, copied from the source at `start` with container prefixes taken off its lines, reaches in the source. */
  private sourceLength(start: number, value: string): number {
    const lines = value.split('\n');
    if (lines.length === 1) return value.length;
    const last = this.lineOf(start) + lines.length - 1;
    const end = this.lineEnd(last);
    if (this.source.slice(end - lines[lines.length - 1].length, end) !== lines[lines.length - 1]) throw new NotReproduced('block text not found in its lines');
    return end - start;
  }

  private containerEnd(children: RootContent[], start: number): number {
    const last = children[children.length - 1];
    return last ? this.lineEnd(last.position!.end.line - 1) : this.trimmedLineEnd(this.lineOf(start));
  }

  private containerDirective(open: PlacedToken): ContainerDirective {
    this.index++;
    const children: ContainerDirective['children'] = [];
    const label = this.tokens[this.index];
    if (label.type === 'inline') {
      this.index++;
      const labelStart = (label as { labelStart?: number }).labelStart!;
      const { children: phrasing } = this.inlineBlock(label, [labelStart + 1]);
      children.push({ type: 'paragraph', data: { directiveLabel: true }, children: phrasing, position: this.position(labelStart, labelStart + label.content.length + 2) } as Paragraph);
    }
    children.push(...(this.blocks('container_directive_close') as ContainerDirective['children']));
    const closeLine = open.map![1] - 1;
    return { type: 'containerDirective', name: open.info, attributes: {}, children, position: this.position(open.start!, this.lineEnd(closeLine)) };
  }

  /** A link reference definition, on one line (micromark's positions over several lines are not reproduced). */
  private definition(token: PlacedToken): Definition {
    const [line, next] = token.map!;
    if (next !== line + 1) throw new NotReproduced('a definition over several lines');
    const start = token.start!;
    const end = this.lineEnd(line);
    const labelEnd = labelEndOf(this.source, start);
    const raw = this.source.slice(start + 1, labelEnd);
    let pos = labelEnd + 2;
    while (this.source[pos] === ' ' || this.source[pos] === '\t') pos++;
    const destination = linkHelpers.parseLinkDestination(this.source, pos, end);
    if (!destination.ok) throw new NotReproduced('a definition’s destination');
    pos = destination.pos;
    while (this.source[pos] === ' ' || this.source[pos] === '\t') pos++;
    const title = pos < end ? linkHelpers.parseLinkTitle(this.source, pos, end) : undefined;
    if (title && !title.ok) throw new NotReproduced('a definition’s title');
    return { type: 'definition', identifier: identifierOf(raw), label: unescapeAll(raw), title: title ? title.str : null, url: destination.str, position: this.position(start, end) };
  }

  private heading(open: PlacedToken): Heading {
    const inline = this.tokens[this.index + 1];
    this.index += 3;
    const depth = Number(String(open.tag).slice(1)) as Heading['depth'];
    const start = open.start!;
    if (open.markup[0] === '#') {
      let contentStart = start + depth;
      while (this.source[contentStart] === ' ' || this.source[contentStart] === '\t') contentStart++;
      const { children } = this.inlineBlock(inline, [contentStart]);
      return { type: 'heading', depth, children, position: this.position(start, this.lineEnd(open.map![0])) };
    }
    // micromark starts a setext heading right under a definition at the definition.
    if (this.tokens[this.index - 4]?.type === 'reference_definition') throw new NotReproduced('a setext heading under a definition');
    const { children } = this.inlineBlock(inline, this.paragraphMap(inline));
    return { type: 'heading', depth, children, position: this.position(start, this.lineEnd(open.map![1] - 1)) };
  }

  private list(open: PlacedToken): List {
    this.index++;
    const closing = open.type === 'bullet_list_open' ? 'bullet_list_close' : 'ordered_list_close';
    const items: ListItem[] = [];
    while (this.tokens[this.index]?.type === 'list_item_open') {
      const itemOpen = this.tokens[this.index++];
      const children = this.blocks('list_item_close') as ListItem['children'];
      const first = children[0];
      if (!first) throw new NotReproduced('an empty list item');
      const checked = first.type === 'paragraph' ? this.taskListItem(first) : null;
      const spread = children.some((child, i) => i > 0 && child.position!.start.line > children[i - 1].position!.end.line + 1);
      const itemStart = itemOpen.start!;
      items.push({ type: 'listItem', spread, checked, children, position: this.position(itemStart, this.containerEnd(children, itemStart)) });
    }
    if (this.tokens[this.index]?.type !== closing) throw new NotReproduced('list not closed where expected');
    this.index++;
    // A list followed by a quoted empty line (`>` alone) ends after it in micromark's tree.
    const after = items[items.length - 1].position!.end.line;
    if (after < this.lineStarts.length && /^[ \t]*>[ \t>]*$/.test(this.source.slice(this.lineStarts[after], this.lineEnd(after)))) throw new NotReproduced('a list before a quoted empty line');
    const ordered = open.type === 'ordered_list_open';
    const spread = items.some((item, i) => i > 0 && item.position!.start.line > items[i - 1].position!.end.line + 1);
    const start = ordered ? Number(open.attrGet('start') ?? 1) : null;
    return { type: 'list', ordered, start, spread, children: items, position: this.position(open.start!, items[items.length - 1].position!.end.offset!) };
  }

  /**
   * GFM's task list item: `[ ]`, `[x]` or `[X]` opening the item's first paragraph, then whitespace and more text on
   * the line. As micromark and mdast-util-gfm-task-list-item make it: the item is checked or not, the box and one
   * whitespace character leave the first text, which then starts after them, and so does the paragraph, unless
   * that text is left empty (then it goes, and the paragraph still starts at the box). Null for an ordinary item.
   */
  private taskListItem(paragraph: Paragraph): boolean | null {
    const start = paragraph.position!.start.offset!;
    const box = /^\[([ \txX])\][ \t]+\S/.exec(this.source.slice(start, this.lineEnd(this.lineOf(start))));
    if (!box) return null;
    const text = paragraph.children[0];
    if (box[1] === '\t' || text?.type !== 'text' || text.position!.start.offset !== start || this.source.slice(start, start + 4) !== text.value.slice(0, 4)) throw new NotReproduced('a task list item');
    text.value = text.value.slice(4);
    if (text.value) {
      text.position = this.position(start + 4, text.position!.end.offset!);
      paragraph.position = this.position(start + 4, paragraph.position!.end.offset!);
    } else paragraph.children.shift();
    return box[1] !== ' ';
  }

  private fence(token: PlacedToken): Code {
    this.index++;
    const next = token.map![1];
    // Closed when its last line is a fence no more indented than the opening's line plus three spaces.
    const closing = new RegExp(`^[ >]{0,${token.start! - this.lineStarts[token.map![0]] + 3}}\\${token.markup[0]}{${token.markup.length},}[ \\t]*$`);
    if (next - 1 <= token.map![0] || !closing.test(this.source.slice(this.lineStarts[next - 1], this.lineEnd(next - 1)))) throw new NotReproduced('an unclosed code fence');
    const info = unescape(token.info.replace(/^[ \t]+|[ \t]+$/g, ''));
    const space = info.search(/[ \t]/);
    const lang = info === '' ? null : space < 0 ? info : info.slice(0, space);
    const meta = space < 0 ? null : info.slice(space).replace(/^[ \t]+/, '') || null;
    const end = this.lineEnd(next - 1);
    return { type: 'code', lang, meta, value: token.content.replace(/\n$/, ''), position: this.position(token.start!, end) };
  }

  private table(open: PlacedToken): Table {
    this.index++;
    const align: AlignType[] = [];
    const rows: TableRow[] = [];
    for (let token = this.tokens[this.index]; token.type !== 'table_close'; token = this.tokens[this.index]) {
      if (token.type !== 'tr_open') {
        this.index++;
        continue;
      }
      const line = token.map![0];
      const cells = splitRow(this.source, token.start!, this.trimmedLineEnd(line));
      // The row and its last cell end with the line's trailing whitespace.
      if (cells.length) cells[cells.length - 1].end = this.lineEnd(line);
      this.index++;
      const row: TableCell[] = [];
      for (let column = 0; this.tokens[this.index].type !== 'tr_close'; column++) {
        const cellOpen = this.tokens[this.index];
        const inline = this.tokens[this.index + 1];
        this.index += 3;
        if (rows.length === 0) {
          const style = cellOpen.attrGet('style');
          align.push(style ? (String(style).slice('text-align:'.length) as AlignType) : null);
        }
        const cell = cells[column];
        if (!cell) continue;
        if (cell.content !== inline.content) throw new NotReproduced('table cell not found in its row');
        const { children } = this.inlineBlock(inline, [cell.contentStart], true);
        row.push({ type: 'tableCell', children, position: this.position(cell.start, cell.end) });
      }
      this.index++;
      if (cells.length > row.length) throw new NotReproduced('a row with more cells than the header');
      rows.push({ type: 'tableRow', children: row, position: this.position(token.start!, this.lineEnd(line)) });
    }
    this.index++;
    // A table without body rows ends with its delimiter row.
    return { type: 'table', align, children: rows, position: this.position(open.start!, this.lineEnd(open.map![1] - 1)) };
  }

  /** Source offsets of the lines of a paragraph's (or setext heading's) inline content. */
  private paragraphMap(inline: PlacedToken): number[] {
    const lines = inline.content.split('\n');
    const first = inline.map![0];
    return lines.map((text, i) => {
      const end = i === lines.length - 1 ? this.trimmedLineEnd(first + i) : this.lineEnd(first + i);
      return end - text.length;
    });
  }

  /** The phrasing of an inline token, its source offsets given by where each of its lines starts. */
  private inlineBlock(inline: PlacedToken, lineStarts: number[], inTable = false): { children: PhrasingContent[]; end: number } {
    const content = inline.content;
    const contentLineStarts = [0];
    for (let i = content.indexOf('\n'); i >= 0; i = content.indexOf('\n', i + 1)) contentLineStarts.push(i + 1);
    if (contentLineStarts.length !== lineStarts.length) throw new NotReproduced('inline content lines');
    contentLineStarts.forEach((at, i) => {
      const end = i + 1 < contentLineStarts.length ? contentLineStarts[i + 1] - 1 : content.length;
      if (this.source.slice(lineStarts[i], lineStarts[i] + end - at) !== content.slice(at, end)) throw new NotReproduced('inline content not found in the source');
    });
    const toSource = (index: number) => {
      let line = contentLineStarts.length - 1;
      while (contentLineStarts[line] > index) line--;
      return lineStarts[line] + index - contentLineStarts[line];
    };
    const children = this.phrasing(inline, toSource, inTable);
    return { children, end: toSource(content.length) };
  }

  /**
   * The inline content's phrasing: from markdown-it's tokens, or, where it holds a tilde (GFM strikethrough) or
   * a literal autolink candidate, from micromark reading the content alone (a paragraph of the same text), its
   * positions moved to where the content stands in the document. Such paragraphs are few; their documents keep
   * the fast path for the rest.
   */
  private phrasing(inline: PlacedToken, toSource: (index: number) => number, inTable: boolean): PhrasingContent[] {
    const content = inline.content;
    const tokens = inline.children as PlacedToken[];
    if (!LITERAL_AUTOLINK.test(content) && !tokens.some((token) => token.type === 'needs_micromark')) {
      try {
        return new InlineConverter(content, tokens, (from, to, afterLineEnding) => this.position(toSource(from), afterLineEnding ? toSource(to) + 1 : toSource(to)), inTable).phrasing();
      } catch (error) {
        if (!(error instanceof NeedsMicromark)) throw error;
      }
    }
    const root = this.micromark(this.definitions && content.includes('[') ? `${content}\n\n${this.definitions}` : content);
    const paragraph = root.children[0];
    if (paragraph.type !== 'paragraph' || paragraph.position?.start.offset !== 0 || paragraph.position.end.offset! > content.length || root.children.slice(1).some((node) => node.type !== 'definition')) throw new NotReproduced('inline content that is not a paragraph alone');
    const move = (node: Node) => {
      if (node.position) {
        const { start, end } = node.position;
        // An end at the start of a line (after a line ending) stays right after the line ending, before the next line's indentation.
        const endOffset = end.offset! > 0 && content[end.offset! - 1] === '\n' ? toSource(end.offset! - 1) + 1 : toSource(end.offset!);
        node.position = this.position(toSource(start.offset!), endOffset);
      }
      if (inTable && node.type === 'inlineCode') (node as InlineCode).value = tableCodeValue((node as InlineCode).value);
      for (const child of (node as Parent).children ?? []) move(child);
    };
    paragraph.children.forEach(move);
    return paragraph.children;
  }
}

/** Backslash escapes and character references of an info string, decoded as micromark decodes them. */
function unescape(text: string): string {
  return text.includes('\\') || text.includes('&') ? unescapeAll(text) : text;
}

/** The index of the `]` closing the label that opens at `start` (`[`), backslash escapes skipped. */
function labelEndOf(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i;
    else if (source[i] === '\n' || source[i] === '[') break;
  }
  throw new NotReproduced('a definition’s label');
}
