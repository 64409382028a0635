import { createRequire } from 'node:module';
import { openStampedEntry } from '../cache/stamped-entry.js';
import { bundleFingerprint } from '../worker-file.js';
import { bundleClient, bundleThemeServer, type ClientBundle } from './bundle-theme.js';

export interface ThemeBundles {
  /** The theme's server entry and the site's React pages, for importThemeServer. */
  serverCode: string;
  client: ClientBundle;
}

const require = createRequire(import.meta.url);

/**
 * The theme's two bundles: for the browser (prebuilt with the CLI, see prebuilt-client.ts) and for node, which holds the
 * site's React pages. That one comes from the persistent cache while nothing it was made from changed: every file
 * esbuild read and what steered its resolution (cache/stamped-entry.ts), esbuild itself, the CLI's code (which holds
 * the bundle's options), the working folder (the bundle's paths are relative to it) and the site's React pages. Bundling
 * an unchanged theme cost a warm build of 206 pages 30–70 ms of waiting for esbuild.
 */
export async function themeBundles({ pages, baseUrl, cacheDir }: { pages: { file: string; absolutePath: string }[]; baseUrl: string; cacheDir?: string }): Promise<ThemeBundles> {
  const [serverCode, client] = await Promise.all([serverBundle(pages, cacheDir), bundleClient({ baseUrl })]);
  return { serverCode, client };
}

async function serverBundle(pages: { file: string; absolutePath: string }[], cacheDir: string | undefined): Promise<string> {
  if (!cacheDir) return (await bundleThemeServer(pages)).code;
  const key = JSON.stringify(['theme-server', bundleFingerprint('cli', cacheDir), process.cwd(), pages.map((page) => [page.file, page.absolutePath])]);
  const entry = openStampedEntry<string>(cacheDir, 'theme', key);
  const stored = entry.load();
  if (typeof stored === 'string') return stored;
  const { code, inputs } = await bundleThemeServer(pages);
  entry.store([...inputs, require.resolve('esbuild')], code);
  return code;
}
