import type { VFile } from 'vfile';
import type { TocItem } from '@docsgen/shared';
import type { LinkReference } from './links.js';
import type { SearchSection } from './search-sections.js';

/**
 * What one document's processing reads and collects. The unified processor is built once per
 * build and shared; each file carries its own state in `file.data.docsgen`.
 */
export interface DocState {
  tocLevels: { minLevel: number; maxLevel: number };
  /** Line of the file where the Markdown body starts. */
  lineOffset: number;
  /** Maps a relative `.md` path (as written) to the target's route, or undefined when no doc is there. */
  resolveDocLink: (written: string) => string | undefined;
  /** Maps a relative image path to its URL in the built site. */
  resolveAsset: (written: string) => string;
  /** True when the title comes from the first `#` heading, which then leaves the body. */
  titleFromBody: boolean;
  toc: TocItem[];
  links: LinkReference[];
  sections: SearchSection[];
  /** Messages for the author, each starting with `file:line:column`. */
  warnings: string[];
  firstHeading?: string;
}

export function docState(file: VFile): DocState {
  return file.data.docsgen as DocState;
}
