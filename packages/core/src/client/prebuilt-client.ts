import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import type { OutputFile } from './bundle-theme.js';
import { stampsHold, stampsOf, type Stamp } from './prebuilt-stamps.js';

/** The client's files as esbuild writes them, paths under `assets/`, and its metafile (input paths relative to the theme's parent folder). */
export interface ClientFiles {
  files: OutputFile[];
  metafile: Metafile;
}

/** What dist/client/manifest.json holds beside the files: the stamp of every input and of every folder holding one. */
interface Manifest {
  files: string[];
  metafile: Metafile;
  stamps: Stamp[];
}

/**
 * The client bundle depends on no site (no content, no configuration: its chunks import each other by relative URL), so
 * `npm install` compiles it once with the CLI (scripts/build-cli.mjs) into dist/client/, and a build copies it instead
 * of running esbuild. It is used only while every input esbuild read, and every folder holding one (where a new file
 * could change what an import resolves to), has the size and modification time it had then: after an edit of the
 * theme or an upgrade of React, builds bundle anew until the CLI is compiled again.
 */
export function readPrebuiltClient(workingDir: string, dir = defaultDir()): ClientFiles | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  if (!stampsHold(manifest.stamps, workingDir)) return undefined;
  return { files: manifest.files.map((file) => ({ path: file, contents: readFileSync(path.join(dir, file)) })), metafile: manifest.metafile };
}

/** The manifest of a freshly built client, to write beside its files. */
export function prebuiltManifest({ files, metafile }: ClientFiles, workingDir: string): string {
  const manifest: Manifest = { files: files.map((file) => file.path), metafile, stamps: stampsOf(Object.keys(metafile.inputs), workingDir) };
  return JSON.stringify(manifest);
}

/** dist/client/ beside the compiled CLI; from source (tests run TypeScript through tsx), the compiled one. */
export function defaultDir(): string {
  return fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../../dist/client/' : './client/', import.meta.url));
}
