import GithubSlugger from 'github-slugger';
import type { Heading, Root, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from './visit-tree.js';
import type { VFile } from 'vfile';
import { DocsgenError } from '../errors.js';
import { docState } from './doc-state.js';

const EXPLICIT_ID = /\s*\{#([^}\s]+)\}\s*$/;

/**
 * Ids the page already carries around the Markdown body: the hydration root and its page data, the main landmark, menus
 * the theme toggles. A heading with one of them would make `getElementById` find the heading instead.
 */
const THEME_IDS = ['__docsgen', '__docsgen_page', '__main', 'locale-menu', 'toc-mobile-list'];
/** Footnotes (`user-content-fn-…`) and React's generated ids (`:r1:`) are made by the engine too. */
const ENGINE_ID = /^(__docsgen|user-content-)|:/;

/** Gives every heading an id (explicit `{#id}` or a GitHub-style slug that keeps Chinese) and collects the TOC. */
export function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    const { toc, tocLevels, lineOffset } = docState(file);
    const { minLevel, maxLevel } = tocLevels;
    const slugger = new GithubSlugger();
    // Slugs of headings named like the theme's ids get a suffix.
    THEME_IDS.forEach((id) => slugger.slug(id));
    const lineOf = (heading: Heading) => (heading.position?.start.line ?? 1) + lineOffset - 1;
    const explicitLines = new Map<string, number>();
    const used = new Set<string>();
    visit(tree, 'heading', (heading: Heading) => {
      const explicit = takeExplicitId(heading);
      const text = toString(heading).trim();
      if (explicit !== undefined) {
        const where = { file: file.path, line: lineOf(heading) };
        if (THEME_IDS.includes(explicit) || ENGINE_ID.test(explicit)) {
          throw new DocsgenError(`heading id {#${explicit}} is reserved for the page itself`, { location: where, hint: 'choose another id' });
        }
        if (used.has(explicit)) {
          const first = explicitLines.get(explicit);
          throw new DocsgenError(`duplicate heading id {#${explicit}}${first ? ` (first on line ${first})` : ' (another heading already has it)'}`, { location: where, hint: 'give each heading its own id' });
        }
        explicitLines.set(explicit, where.line);
      }
      const id = explicit ?? slugger.slug(text);
      if (explicit) slugger.slug(explicit);
      used.add(id);
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
