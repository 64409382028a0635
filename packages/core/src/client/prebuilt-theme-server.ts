import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBundle } from './bundle-theme.js';
import { stampsHold, stampsOf, type Stamp } from './prebuilt-stamps.js';

const CODE_FILE = 'server.cjs';
const MANIFEST_FILE = 'manifest.json';

/** What dist/theme-server/manifest.json holds beside the code: its inputs (relative to the theme's parent folder) and their stamps. */
interface Manifest {
  inputs: string[];
  stamps: Stamp[];
}

/**
 * The theme's server code depends on no site (the site's React pages are bundled apart: bundle-theme.ts), so `npm install`
 * compiles it once with the CLI (scripts/build-cli.mjs) into dist/theme-server/, and a build reads it instead of running
 * esbuild over the theme and React's server renderer. Bundling it took 60 ms with both cores free and 320–430 ms while
 * the Markdown was parsed beside it, and a cold build of 206 pages waited up to 48 ms for it after parsing. It is used,
 * as the prebuilt client is (prebuilt-client.ts), only while every input and every folder holding one is unchanged.
 */
export function readPrebuiltThemeServer(workingDir: string, dir = defaultDir()): ServerBundle | undefined {
  let manifest: Manifest;
  let code: string;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    code = readFileSync(path.join(dir, CODE_FILE), 'utf8');
  } catch {
    return undefined;
  }
  if (!stampsHold(manifest.stamps, workingDir)) return undefined;
  return { code, inputs: manifest.inputs.map((input) => path.resolve(workingDir, input)) };
}

/** The files of a freshly built theme server, to write into dist/theme-server/: its code, and its manifest. */
export function prebuiltThemeServerFiles({ code, inputs }: ServerBundle, workingDir: string): { path: string; contents: string }[] {
  const relative = inputs.map((input) => path.relative(workingDir, input));
  const manifest: Manifest = { inputs: relative, stamps: stampsOf(relative, workingDir) };
  return [
    { path: CODE_FILE, contents: code },
    { path: MANIFEST_FILE, contents: JSON.stringify(manifest) },
  ];
}

/** dist/theme-server/ beside the compiled CLI; from source (tests run TypeScript through tsx), the compiled one. */
export function defaultDir(): string {
  return fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../../dist/theme-server/' : './theme-server/', import.meta.url));
}
