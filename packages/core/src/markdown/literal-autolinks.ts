import type { Root } from 'mdast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import type { Extension } from 'mdast-util-from-markdown';
import type { Processor } from 'unified';
import { EXIT, visit } from './visit-tree.js';

type Transform = NonNullable<Extension['transforms']>[number];

const [literalAutolinks] = gfmAutolinkLiteralFromMarkdown().transforms!;
/** What every literal autolink contains: `www.`, a scheme's `://` or an e-mail's `@`. */
const CANDIDATE = /@|:\/\/|www\./i;

/**
 * GFM's literal-autolink transform runs its URL and e-mail expressions over every text node: 130 ms of
 * this site's 2.9 s build, for the few pages with a bare URL or address. Used after remark-gfm, this wraps
 * that transform so that trees whose text holds no candidate skip it. How many transforms it wrapped is
 * left in the processor's data (`wrappedLiteralAutolinkTransforms`), so a test notices if a second copy
 * of mdast-util-gfm-autolink-literal ever makes the identity check miss.
 */
export function remarkLiteralAutolinksWhenPresent(this: Processor) {
  const data = this.data() as { fromMarkdownExtensions?: (Extension | Extension[])[]; wrappedLiteralAutolinkTransforms?: number };
  let wrapped = 0;
  for (const extension of (data.fromMarkdownExtensions ?? []).flat()) {
    extension.transforms = extension.transforms?.map((transform): Transform => {
      if (transform !== literalAutolinks) return transform;
      wrapped++;
      return (tree) => (hasCandidate(tree) ? literalAutolinks(tree) : undefined);
    });
  }
  data.wrappedLiteralAutolinkTransforms = wrapped;
}

function hasCandidate(tree: Root): boolean {
  let found = false;
  visit(tree, 'text', (node) => {
    if (!CANDIDATE.test(node.value)) return undefined;
    found = true;
    return EXIT;
  });
  return found;
}
