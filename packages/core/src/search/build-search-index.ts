import type { OutputFile } from '../client/bundle-theme.js';
import type { ParsedDoc } from '../markdown/parse-docs.js';

export interface SearchIndexResult {
  url?: string;
  files: OutputFile[];
}

/** Builds the search index of listed, published docs. */
export function buildSearchIndex(_input: { docs: ParsedDoc[]; baseUrl: string }): SearchIndexResult {
  return { files: [] };
}
