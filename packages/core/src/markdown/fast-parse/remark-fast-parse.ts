import type { Root } from 'mdast';
import type { MarkdownIt } from 'markdown-it';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { createTokenizer, type PlacedToken } from './markdown-it-tokens.js';
import { NotReproduced } from './not-reproduced.js';
import { tokensToMdast } from './tokens-to-mdast.js';

export type MarkdownParser = (document: string, file: VFile) => Root;

/** Which front end read a document, in `file.data.markdownParser` (the differential tests assert it). */
export type ParserUsed = 'markdown-it' | 'micromark';

/**
 * Parses plain Markdown with markdown-it, about ten times faster than micromark, into the very tree micromark would
 * make (remark-parse with GFM's tables, remark-cjk-friendly and remark-directive, positions included); a document
 * holding anything it does not reproduce exactly (see fallback-rules.ts, directive-rules.ts, tokens-to-mdast.ts)
 * is parsed by micromark, the parser set before this plugin. Used after every syntax plugin, in the Markdown
 * pipeline only: MDX keeps micromark.
 */
export function remarkFastParse(this: Processor): void {
  const micromark = this.parser as unknown as MarkdownParser;
  let tokenizer: MarkdownIt | undefined;
  const parser: MarkdownParser & { micromark?: MarkdownParser } = (document, file) => {
    tokenizer ??= createTokenizer();
    const tree = fastTree(tokenizer, document, (text) => micromark(text, file));
    file.data.markdownParser = (tree ? 'markdown-it' : 'micromark') satisfies ParserUsed;
    return tree ?? micromark(document, file);
  };
  parser.micromark = micromark;
  (this as unknown as { parser: MarkdownParser }).parser = parser;
}

/** micromark's tree of `document` made from markdown-it's tokens, or undefined where they cannot make it exactly. */
function fastTree(tokenizer: MarkdownIt, document: string, micromarkAlone: (text: string) => Root): Root | undefined {
  // markdown-it turns CR LF into LF and NUL into U+FFFD before reading, which would move every offset after them.
  if (/[\r\0]/.test(document)) return undefined;
  try {
    return tokensToMdast(document, tokenizer.parse(document, {}) as PlacedToken[], micromarkAlone);
  } catch (error) {
    if (error instanceof NotReproduced) return undefined;
    throw error;
  }
}

declare module 'vfile' {
  interface DataMap {
    markdownParser: ParserUsed;
  }
}
