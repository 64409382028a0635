import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmToMarkdown, type Options as GfmToMarkdownOptions } from 'mdast-util-gfm';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { combineExtensions } from 'micromark-util-combine-extensions';
import type { Data, Processor } from 'unified';
import type { Options as ToMarkdownOptions } from 'mdast-util-to-markdown';

/** What every literal autolink contains: `www.`, a scheme's `://` or an e-mail's `@`. */
const CANDIDATE = /@|:\/\/|www\./i;

/** Whether GFM's literal autolinks can occur in this Markdown at all. */
export function mayHoldLiteralAutolinks(markdown: string): boolean {
  return CANDIDATE.test(markdown);
}

/**
 * remark-gfm without literal autolinks, for docs that hold no candidate (`mayHoldLiteralAutolinks`): their parse
 * is the same, minus the cost. GFM's e-mail autolink is a construct tried at every ASCII letter and digit of the
 * text, and its URL and e-mail expressions run over every text node: 22 % of the parse of the 172 such docs of
 * the 206-page corpus, which are most of it. The Markdown written back (the `.md` copies) uses all of GFM, as with
 * remark-gfm, so both kinds of doc are written out alike.
 */
export function remarkGfmWithoutLiteralAutolinks(this: Processor, options: GfmToMarkdownOptions = {}) {
  // toMarkdownExtensions is what remark-gfm fills for remark-stringify, whose types this project does not load.
  const data = this.data() as Data & { toMarkdownExtensions?: ToMarkdownOptions[] };
  (data.micromarkExtensions ??= []).push(combineExtensions([gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()]));
  (data.fromMarkdownExtensions ??= []).push([gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown()]);
  (data.toMarkdownExtensions ??= []).push(gfmToMarkdown(options));
}
