import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../client/bundle-theme.js';
import { docsDirOf, type SiteConfig } from '../config/schema.js';
import { containedIn, findSiteFiles } from '../content/contained-files.js';
import { imagePlace } from '../markdown/image-assets.js';
import { sanitizeSvg } from './sanitize-svg.js';
import type { ParsedDoc } from '../markdown/parse-docs.js';

/**
 * Every file of the static folder, published at its own path. Of the names starting with a dot, only `.nojekyll` (which
 * GitHub Pages needs to serve folders starting with `_`) and what `.well-known/` holds (`security.txt`, app links) are
 * published: `.env`, `.git` or `.DS_Store` there are meant for no visitor.
 */
export async function readStatic(root: string, config: SiteConfig): Promise<OutputFile[]> {
  const files = await findSiteFiles(root, config.staticDir, '**/*', { dot: true, wanted: publishedFromStatic });
  return Promise.all(files.map(async (file) => ({ path: file, contents: await readPublished(root, path.join(config.staticDir, file)) })));
}

function publishedFromStatic(file: string): boolean {
  const hidden = file.split('/').filter((part) => part.startsWith('.'));
  return hidden.length === 0 || (hidden.length === 1 && (file === '.nojekyll' || file === '.well-known' || file.startsWith('.well-known/')));
}

/**
 * Images the docs reference: those in the content folder are copied under assets/; a missing one is left to
 * checkImages, which reports it where it was written (file:line:column).
 */
export async function readDocAssets(root: string, config: SiteConfig, docs: ParsedDoc[]): Promise<OutputFile[]> {
  const assertContained = await containedIn(root, [config.contentDir, docsDirOf(config), config.staticDir, ...(config.translatedDocsDir ? [config.translatedDocsDir] : [])]);
  const files: OutputFile[] = [];
  const seen = new Set<string>();
  for (const doc of docs) {
    for (const asset of doc.assets) {
      if (seen.has(asset)) continue;
      seen.add(asset);
      await assertContained(asset);
      const { output, inStatic } = imagePlace(asset, config)!;
      if (!(await stat(path.join(root, asset)).catch(() => undefined))?.isFile()) continue;
      // One in the static folder is published by readStatic.
      if (!inStatic) files.push({ path: output, contents: await readPublished(root, asset) });
    }
  }
  return files;
}

/** A file's bytes as they are published: SVG is rewritten so that it cannot run script on the site's origin. */
async function readPublished(root: string, file: string): Promise<Uint8Array | string> {
  if (!/\.svg$/i.test(file)) return readFile(path.join(root, file));
  return sanitizeSvg(await readFile(path.join(root, file), 'utf8'), file);
}
