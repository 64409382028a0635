import type { LastUpdated } from '@docsgen/shared';
import type { SiteConfig } from '../config/schema.js';
import { CONFIG_FILE } from '../config/load-config.js';
import type { FileChange } from '../content/last-updated.js';
import type { DocSource } from '../content/scan-content.js';
import { DocsgenError } from '../errors.js';

/** What the foot of a doc page shows, and the date the sitemap gives as `<lastmod>`. */
export interface DocFooter {
  lastUpdated?: LastUpdated;
  editUrl?: string;
  /** ISO 8601; set whether or not the page shows it. */
  lastmod?: string;
}

export interface DocFooterOptions {
  config: Pick<SiteConfig, 'editUrl' | 'showLastUpdateTime' | 'showLastUpdateAuthor'>;
  /** From readLastChanges, by file. */
  changes: Map<string, FileChange>;
}

/** Last change (front matter `last_update` over git over the file's time) and edit link (`custom_edit_url` over `editUrl`). */
export function docFooter(doc: DocSource, { config, changes }: DocFooterOptions): DocFooter {
  const known = changes.get(doc.file);
  const override = doc.frontMatter.last_update;
  const date = override?.date !== undefined ? new Date(override.date) : known?.date;
  const author = override?.author ?? known?.author;
  const lastmod = date?.toISOString();
  const shown: LastUpdated = { date: config.showLastUpdateTime ? lastmod : undefined, author: config.showLastUpdateAuthor ? author : undefined };
  return { lastUpdated: shown.date || shown.author ? shown : undefined, editUrl: editUrlOf(doc, config.editUrl), lastmod };
}

function editUrlOf(doc: DocSource, editUrl: SiteConfig['editUrl']): string | undefined {
  const custom = doc.frontMatter.custom_edit_url;
  if (custom !== undefined) return custom ?? undefined;
  // As Docusaurus (editLocalizedFiles is off by default): a translated doc is edited in the docs folder.
  const file = (doc.translationOf ?? doc.file).split('\\').join('/');
  if (typeof editUrl === 'string') return editUrl.replace(/\/*$/, '/') + file;
  if (!editUrl) return undefined;
  let url: string | undefined;
  try {
    url = editUrl({ docId: doc.id, docPath: doc.docsPath, file, permalink: doc.route }) || undefined;
  } catch (error) {
    throw new DocsgenError(`editUrl: the function failed for ${doc.file}: ${(error as Error).message}`, { location: { file: CONFIG_FILE }, cause: error });
  }
  // The schema checks a string editUrl; what a function returns is checked here, as the link goes into every page.
  if (url !== undefined && !isHttpUrl(url)) {
    throw new DocsgenError(`editUrl: the function returned ${JSON.stringify(url)} for ${doc.file}, which is not an http(s) URL`, { location: { file: CONFIG_FILE } });
  }
  return url;
}

function isHttpUrl(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}
