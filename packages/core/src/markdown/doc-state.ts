import type { VFile } from 'vfile';
import type { TocItem } from '@docsgen/shared';
import type { LinkReference } from './links.js';
import type { ParsedSource } from './markdown-as-written.js';
import type { SearchSection } from './search-sections.js';

/**
 * What one document's processing reads and collects. The unified processor is built once per
 * build and shared; each file carries its own state in `file.data.docsgen`.
 */
export interface DocState {
  tocLevels: { minLevel: number; maxLevel: number };
  /** Line of the file where the Markdown body starts. */
  lineOffset: number;
  /** Maps a link as written to the URL the page carries, as Docusaurus resolves it (see resolve-links.ts). */
  resolveLink: (written: string) => string;
  /** Maps an image path (relative, or absolute under the static folder), written on a line of the file, to its URL in the built site. */
  resolveAsset: (written: string, line: number) => string;
  /** True when the title comes from the first `#` heading, which then leaves the body. */
  titleFromBody: boolean;
  toc: TocItem[];
  links: LinkReference[];
  images: LinkReference[];
  sections: SearchSection[];
  /** Messages for the author, each starting with `file:line:column`. */
  warnings: string[];
  /** The doc's file, absolute, and the site's root: where MDX imports are read from. */
  sourceFile: string;
  siteRoot: string;
  /** The docs folder, absolute. */
  docsRoot: string;
  /** Tab groups on the page so far, for unique ids. */
  tabsCount: number;
  firstHeading?: string;
  /** Absolute URL of the doc's page, against which the Markdown copy resolves its links. */
  pageUrl: string;
  /** The source as parsed, before any transform (remarkRememberSource). */
  parsedSource?: ParsedSource;
  /** The body written back to Markdown (remarkMarkdownCopy). */
  markdown?: string;
  /** Every URL written in that Markdown, absolute, for the link checker. */
  markdownLinks?: string[];
}

export function docState(file: VFile): DocState {
  return file.data.docsgen as DocState;
}
