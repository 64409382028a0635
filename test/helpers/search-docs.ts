import path from 'node:path';
import type { SearchMeta } from '@docsgen/shared';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../packages/core/src/config/load-config.js';
import { scanContent } from '../../packages/core/src/content/scan-content.js';
import { createCodeHighlighter } from '../../packages/core/src/markdown/highlighter.js';
import { createMarkdownProcessor, parseDoc, type ParsedDoc } from '../../packages/core/src/markdown/parse-docs.js';
import { buildRoutes } from '../../packages/core/src/site/build-routes.js';

/** The repository root, found from this file. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Parses every published doc of the real site in this thread; a doc that fails to parse (being written) is skipped and named. */
export async function parseSiteDocs(root = repoRoot): Promise<{ docs: ParsedDoc[]; baseUrl: string; skipped: string[] }> {
  const { config } = await loadConfig(root);
  const content = await scanContent({ root, config, includeDrafts: false });
  const { routesByDocsPath } = buildRoutes(content);
  const processor = createMarkdownProcessor(createCodeHighlighter());
  const docs: ParsedDoc[] = [];
  const skipped: string[] = [];
  for (const doc of content.docs) {
    try {
      docs.push(parseDoc(doc, { config, processor, routesByDocsPath }));
    } catch {
      skipped.push(doc.file);
    }
  }
  return { docs, baseUrl: config.baseUrl, skipped };
}

/** Reads a built search index from memory, as the browser's worker reads it over HTTP; counts what it read. */
export function memoryIndex(result: { url?: string; files: { path: string; contents: string | Uint8Array }[] }) {
  const files = new Map(result.files.map((file) => [file.path.slice(file.path.lastIndexOf('/') + 1), String(file.contents)]));
  const requested: string[] = [];
  const read = async (name: string) => {
    requested.push(name);
    const text = files.get(name);
    if (text === undefined) throw new Error(`no ${name} in the search index`);
    return JSON.parse(text) as unknown;
  };
  /** The meta file's name (`meta.<hash>.json`), which the build's URL of the index names, and what it holds. */
  const metaFile = result.url ? result.url.slice(result.url.lastIndexOf('/') + 1) : '';
  const meta = JSON.parse(files.get(metaFile) ?? 'null') as SearchMeta;
  return { read, files, requested, metaFile, meta };
}
