import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { OutputFile } from '../client/bundle-theme.js';
import type { ParsedDoc } from '../markdown/parse-docs.js';

/** Every file of the static folder, copied to the output as it is. */
export async function readStatic(root: string, staticDir: string): Promise<OutputFile[]> {
  const files = await fg('**/*', { cwd: path.join(root, staticDir), dot: false });
  return Promise.all(files.map(async (file) => ({ path: file, contents: await readFile(path.join(root, staticDir, file)) })));
}

/** Images the docs reference, copied under assets/docs/; a missing one is left to checkImages, which knows where it was written. */
export async function readDocAssets(root: string, docsDir: string, docs: ParsedDoc[]): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  const seen = new Set<string>();
  for (const doc of docs) {
    for (const asset of doc.assets) {
      if (seen.has(asset)) continue;
      seen.add(asset);
      const contents = await readFile(path.join(root, asset)).catch(() => undefined);
      if (contents) files.push({ path: 'assets/docs/' + path.posix.relative(docsDir, asset), contents });
    }
  }
  return files;
}
