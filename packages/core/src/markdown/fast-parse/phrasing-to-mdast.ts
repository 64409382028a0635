import type { ImageReference, LinkReference, PhrasingContent } from 'mdast';
import type { TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { Position } from 'unist';
import { unescapeAll, type PlacedToken, type ReferenceWritten } from './markdown-it-tokens.js';
import { NotReproduced } from './not-reproduced.js';

/** Text that GFM's literal autolinks (micromark's constructs, mdast-util-gfm-autolink-literal's transform) could act on. */
export const LITERAL_AUTOLINK = /@|:\/\/|www\./i;

/** Raised for phrasing only micromark reads right (see tokens-to-mdast.ts): its inline content is read by micromark. */
export class NeedsMicromark extends Error {}

/** A code span's text in a table cell, as mdast-util-gfm-table leaves it: `\\|` is a pipe there. */
export function tableCodeValue(value: string): string {
  return value.replace(/\\([\\|])/g, (all, character: string) => (character === '|' ? character : all));
}

/** mdast's phrasing from markdown-it's inline tokens. */
export class InlineConverter {
  private index = 0;
  private inLink = false;

  constructor(
    private readonly content: string,
    private readonly tokens: PlacedToken[],
    private readonly position: ((from: number, to: number, afterLineEnding: boolean) => Position) | undefined,
    private readonly inTable: boolean,
  ) {
    if (position) placeText(content, tokens);
  }

  phrasing(closing?: string): PhrasingContent[] {
    const nodes: PhrasingContent[] = [];
    let text: { value: string; start: number; end: number; endsWithLineEnding?: boolean } | undefined;
    const flush = () => {
      // GFM's literal autolinks (micromark's constructs and mdast-util-gfm-autolink-literal's transform) act only on text holding one of these.
      if (text && !this.inLink && LITERAL_AUTOLINK.test(text.value)) throw new NeedsMicromark();
      // Text ending in a line ending (before a code span, a link …) ends right after it, before the next line's indentation.
      if (text) nodes.push({ type: 'text', value: text.value, ...this.at(text.start, text.end, text.endsWithLineEnding) });
      text = undefined;
    };
    const addText = (value: string, token: PlacedToken) => {
      const lineEnding = token.type === 'softbreak';
      if (!text) text = { value, start: token.start!, end: lineEnding ? token.start! : token.end!, endsWithLineEnding: lineEnding };
      else {
        text.value += value;
        text.end = lineEnding ? token.start! : token.end!;
        text.endsWithLineEnding = lineEnding;
      }
    };
    while (this.index < this.tokens.length) {
      const token = this.tokens[this.index++];
      switch (token.type) {
        case 'text':
        case 'text_special':
          if (token.content) addText(token.content, token);
          break;
        case 'softbreak':
          addText('\n', token);
          break;
        default:
          if (closing && token.type === closing) {
            flush();
            return nodes;
          }
          flush();
          nodes.push(this.node(token));
      }
    }
    flush();
    if (closing) throw new NotReproduced(`unclosed ${closing}`);
    return nodes;
  }

  private at(start: number, end: number, afterLineEnding = false): { position?: Position } {
    return this.position ? { position: this.position(start, end, afterLineEnding) } : {};
  }

  private node(token: PlacedToken): PhrasingContent {
    switch (token.type) {
      case 'em_open':
      case 'strong_open': {
        const close = token.type === 'em_open' ? 'em_close' : 'strong_close';
        const start = token.start! - (token.markup.length - 1);
        const children = this.phrasing(close);
        const end = this.tokens[this.index - 1].end! + (token.markup.length - 1);
        return { type: token.type === 'em_open' ? 'emphasis' : 'strong', children, ...this.at(start, end) };
      }
      case 'link_open': {
        this.inLink = true;
        const children = this.phrasing('link_close');
        this.inLink = false;
        const end = this.tokens[this.index - 1].end!;
        const reference = (token.meta as { reference?: ReferenceWritten } | null)?.reference;
        if (reference) return { type: 'linkReference', children, ...referenceFields(reference), ...this.at(token.start!, end) } satisfies LinkReference;
        return { type: 'link', url: String(token.attrGet('href')), title: nullableString(token.attrGet('title')), children, ...this.at(token.start!, end) };
      }
      case 'image': {
        const alt = toString(new InlineConverter(token.content, token.children as PlacedToken[], undefined, this.inTable).phrasing());
        const reference = (token.meta as { reference?: ReferenceWritten } | null)?.reference;
        if (reference) return { type: 'imageReference', alt, ...referenceFields(reference), ...this.at(token.start!, token.end!) } satisfies ImageReference;
        return { type: 'image', url: String(token.attrGet('src')), title: nullableString(token.attrGet('title')), alt, ...this.at(token.start!, token.end!) };
      }
      case 'code_inline': {
        if (this.content.slice(token.start, token.end).includes('\n')) throw new NotReproduced('a code span over lines');
        const value = this.inTable ? tableCodeValue(token.content) : token.content;
        return { type: 'inlineCode', value, ...this.at(token.start!, token.end!) };
      }
      case 'html_inline':
        return { type: 'html', value: token.content, ...this.at(token.start!, token.end!) };
      case 'text_directive':
        return { type: 'textDirective', name: token.info, attributes: {}, children: [], ...this.at(token.start!, token.end!) } satisfies TextDirective;
      case 'hardbreak':
        // A hard break ends with its line ending, before the next line's indentation.
        return { type: 'break', ...this.at(token.start!, this.content.indexOf('\n', token.start), true) };
      case 'needs_micromark':
        throw new NeedsMicromark();
      default:
        throw new NotReproduced(`inline token ${token.type}`);
    }
  }
}

/** Text tokens carry no range: each takes the characters after the token before it, which must be its own. */
function placeText(content: string, tokens: PlacedToken[]): void {
  let cursor = 0;
  for (const token of tokens) {
    if (token.start === undefined && token.type === 'text') {
      token.start = cursor;
      token.end = cursor + token.content.length;
      if (content.slice(token.start, token.end) !== token.content) throw new NotReproduced('text not found where expected');
    } else if (token.start === undefined) token.start = cursor;
    // A hard break of trailing spaces starts at the spaces, which markdown-it took off the text before it.
    else if (token.type === 'hardbreak' && content[token.start] === '\n') token.start = cursor;
    if (token.end !== undefined) cursor = token.end;
  }
}

function nullableString(value: string | number | null): string | null {
  return value === null ? null : String(value);
}

/** mdast's identifier of a label as written: micromark-util-normalize-identifier, lower-cased as mdast-util-from-markdown does. */
export function identifierOf(raw: string): string {
  if (/[^\S\t\n\r ]/.test(raw)) throw new NotReproduced('a label holding other whitespace than spaces, tabs and line endings');
  return raw.replace(/[\t\n\r ]+/g, ' ').replace(/^ | $/g, '').toLowerCase().toUpperCase().toLowerCase();
}

function referenceFields({ type, text, label }: ReferenceWritten): { label: string; identifier: string; referenceType: ReferenceWritten['type'] } {
  const written = label ?? text;
  return { label: unescapeAll(written), identifier: identifierOf(written), referenceType: type };
}
