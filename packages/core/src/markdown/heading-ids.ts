import GithubSlugger from 'github-slugger';
import type { Heading, Root, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { docState } from './doc-state.js';

const EXPLICIT_ID = /\s*\{#([^}\s]+)\}\s*$/;

/** Gives every heading an id (explicit `{#id}` or a GitHub-style slug that keeps Chinese) and collects the TOC. */
export function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    const { toc, tocLevels } = docState(file);
    const { minLevel, maxLevel } = tocLevels;
    const slugger = new GithubSlugger();
    visit(tree, 'heading', (heading: Heading) => {
      const explicit = takeExplicitId(heading);
      const text = toString(heading).trim();
      const id = explicit ?? slugger.slug(text);
      if (explicit) slugger.slug(explicit);
      heading.data = { ...heading.data, hProperties: { ...(heading.data?.hProperties ?? {}), id } };
      if (heading.depth >= minLevel && heading.depth <= maxLevel) toc.push({ id, text, level: heading.depth });
    });
  };
}

function takeExplicitId(heading: Heading): string | undefined {
  const last = heading.children.at(-1);
  if (last?.type !== 'text') return undefined;
  const match = EXPLICIT_ID.exec((last as Text).value);
  if (!match) return undefined;
  (last as Text).value = (last as Text).value.slice(0, match.index);
  return match[1];
}
