import { createRequire } from 'node:module';
import { openStampedEntry } from '../cache/stamped-entry.js';
import { bundleFingerprint } from '../worker-file.js';
import { bundleClient, bundleInputs, bundlePages, bundleThemeServer, clientWorkingDir, themeWithPages, type ClientBundle } from './bundle-theme.js';

export interface ThemeBundles {
  /** The theme's server entry and the site's React pages, for importThemeServer. */
  serverCode: string;
  client: ClientBundle;
}

interface StoredBundles {
  serverCode: string;
  client: Omit<ClientBundle, 'files'> & { files: { path: string; base64: string }[] };
}

const require = createRequire(import.meta.url);

/**
 * The theme's bundles: for node, its server code (compiled with the CLI) joined with the site's React pages (bundled by
 * this build); for the browser, the client (compiled with the CLI). From the persistent cache while nothing they were
 * made from changed: every file esbuild read and what steered its resolution (cache/stamped-entry.ts), esbuild itself,
 * the CLI's code (which holds the bundles' options), the working folder (the pages' paths are relative to it), the base
 * URL and the site's React pages. An unchanged theme cost a warm build of 206 pages 30–70 ms of waiting for esbuild.
 */
export async function themeBundles({ pages, baseUrl, cacheDir }: { pages: { file: string; absolutePath: string }[]; baseUrl: string; cacheDir?: string }): Promise<ThemeBundles> {
  const make = async () => {
    const [theme, sitePages, client] = await Promise.all([bundleThemeServer(), bundlePages(pages), bundleClient({ baseUrl })]);
    return { bundles: { serverCode: themeWithPages(theme.code, sitePages.code), client }, inputs: [...theme.inputs, ...sitePages.inputs, ...bundleInputs(client.metafile, clientWorkingDir())] };
  };
  if (!cacheDir) return (await make()).bundles;
  const key = JSON.stringify(['theme', bundleFingerprint('cli'), process.cwd(), baseUrl, pages.map((page) => [page.file, page.absolutePath])]);
  const entry = openStampedEntry<StoredBundles>(cacheDir, 'theme', key);
  const stored = entry.load();
  if (stored) return { serverCode: stored.serverCode, client: { ...stored.client, files: stored.client.files.map((file) => ({ path: file.path, contents: Buffer.from(file.base64, 'base64') })) } };
  const { bundles, inputs } = await make();
  const files = bundles.client.files.map((file) => ({ path: file.path, base64: Buffer.from(file.contents).toString('base64') }));
  // Resolved only to store: node's resolution of the package took 0.3–3.4 ms of every warm build (profiles at load 3–9).
  entry.store([...inputs, require.resolve('esbuild')], { serverCode: bundles.serverCode, client: { ...bundles.client, files } });
  return bundles;
}
