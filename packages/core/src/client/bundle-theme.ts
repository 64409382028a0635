import type { Metafile } from 'esbuild';
import { esbuild } from '../esbuild.js';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import type { ThemeServer } from '@docsgen/theme/server';
import { DocsgenError } from '../errors.js';
import { readPrebuiltClient, type ClientFiles } from './prebuilt-client.js';
import { readPrebuiltThemeServer } from './prebuilt-theme-server.js';

/** A file the build emits, with its path relative to the output folder. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

/** The hydrating client: hashed JS chunks and the stylesheet. */
export interface ClientBundle {
  files: OutputFile[];
  /** URL of the entry script and of the stylesheet, under the base path. */
  entryUrl: string;
  cssUrl: string;
  /** URL of the search worker (a module worker, started on first use of the search box). */
  searchWorkerUrl: string;
  /** esbuild's metafile, so tests can see what reached the browser. */
  metafile: Metafile;
}

const require = createRequire(import.meta.url);

/** Folder of the theme package (theme/ at the repository root). */
export function themeDir(): string {
  return path.dirname(require.resolve('@docsgen/theme/package.json'));
}

/**
 * The hydrating client for a site at `baseUrl`: the bundle compiled with the CLI when it is still current (it depends on
 * no site's content: prebuilt-client.ts), else bundled now.
 */
export async function bundleClient({ baseUrl }: { baseUrl: string }): Promise<ClientBundle> {
  const { files, metafile } = readPrebuiltClient(clientWorkingDir()) ?? (await buildClientFiles());
  const entry = files.find((f) => /^assets\/client\.[^/]+\.js$/.test(f.path));
  const css = files.find((f) => /^assets\/style\.[^/]+\.css$/.test(f.path));
  const worker = files.find((f) => /^assets\/search-worker\.[^/]+\.js$/.test(f.path));
  if (!entry || !css || !worker) throw new DocsgenError('the client bundle lacks its entry script, search worker or stylesheet', { location: { file: 'theme/client/entry.tsx' } });
  return { files, entryUrl: baseUrl + entry.path, cssUrl: baseUrl + css.path, searchWorkerUrl: baseUrl + worker.path, metafile };
}

/** The client is bundled from the theme's parent folder, whatever the working folder: its metafile's paths are relative to it. */
export function clientWorkingDir(): string {
  return path.dirname(themeDir());
}

/**
 * Bundles theme/client/entry.tsx and the theme's CSS for the browser: minified, split, content-hashed. The bundle is the
 * same for every site and from any working folder: chunks import each other by relative URL, and esbuild resolves from
 * the theme's parent folder.
 */
export async function buildClientFiles(): Promise<ClientFiles> {
  const dir = themeDir();
  const workingDir = clientWorkingDir();
  const result = await esbuild().build({
    entryPoints: { client: path.join(dir, 'client/entry.tsx'), 'search-worker': path.join(dir, 'client/search-worker.ts'), style: path.join(dir, 'styles/index.css') },
    absWorkingDir: workingDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    metafile: true,
    outdir: 'assets',
    entryNames: '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    assetNames: '[name].[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    legalComments: 'none',
    logLevel: 'silent',
  }).catch((error: unknown) => {
    throw themeBuildError(error);
  });
  const files = result.outputFiles.map((file) => ({ path: path.relative(workingDir, file.path), contents: file.contents }));
  return { files: files.filter((f) => !/^assets\/style\.[^/]+\.js$/.test(f.path)), metafile: result.metafile };
}

/** Server code as a CommonJS module's body, and the files it was made from (absolute paths). */
export interface ServerBundle {
  code: string;
  inputs: string[];
}

/**
 * The theme's server entry (theme/server.tsx): the one compiled with the CLI while it is current (it depends on no site:
 * prebuilt-theme-server.ts), else bundled now.
 */
export async function bundleThemeServer(): Promise<ServerBundle> {
  return readPrebuiltThemeServer(clientWorkingDir()) ?? (await buildThemeServer());
}

/** Bundles theme/server.tsx for node, from the theme's parent folder, so that the code is the same from any working folder. */
export async function buildThemeServer(): Promise<ServerBundle> {
  const dir = themeDir();
  return bundleForNode(`export * from ${JSON.stringify(path.join(dir, 'server.tsx'))};`, dir, clientWorkingDir());
}

/**
 * The site's React pages as a CommonJS module's body exporting `pages` (each file with its module), bundled apart from the
 * theme, which is the same for every site. Pages import nothing of the theme's (they are rendered as static markup).
 */
export async function bundlePages(pageFiles: { file: string; absolutePath: string }[]): Promise<ServerBundle> {
  if (pageFiles.length === 0) return { code: 'exports.pages = [];', inputs: [] };
  const imports = pageFiles.map((page, i) => `import * as page${i} from ${JSON.stringify(page.absolutePath)};`).join('\n');
  const list = pageFiles.map((page, i) => `{ file: ${JSON.stringify(page.file)}, module: page${i} }`).join(', ');
  return bundleForNode(`${imports}\nexport const pages = [${list}];`, themeDir(), process.cwd());
}

/**
 * The theme's code and the pages' as the one module importThemeServer runs (and render workers receive): each runs in a
 * function of its own, as the module it was bundled as, and the pages join the theme's exports.
 */
export function themeWithPages(themeCode: string, pagesCode: string): string {
  const run = (name: string, code: string) => `const ${name} = { exports: {} };\n(function (exports, module) {${code}\n})(${name}.exports, ${name});\n`;
  return `${run('__docsgenTheme', themeCode)}${run('__docsgenPages', pagesCode)}module.exports = { ...__docsgenTheme.exports, pages: __docsgenPages.exports.pages };`;
}

async function bundleForNode(contents: string, resolveDir: string, workingDir: string): Promise<ServerBundle> {
  const result = await esbuild().build({
    stdin: { contents, resolveDir, loader: 'tsx' },
    absWorkingDir: workingDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    metafile: true,
    jsx: 'automatic',
    // React stays external: the code requires it by name through importThemeServer's `require`, from the CLI's folder,
    // so the build and the theme share one copy wherever the code runs; our own packages are bundled from source. Left
    // out by esbuild's own option, not by a plugin: a plugin's callback waits for this thread, which a cold build keeps
    // busy parsing, and the site's one React page took 400 ms to bundle beside the parse.
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    logLevel: 'silent',
  }).catch((error: unknown) => {
    throw themeBuildError(error);
  });
  // React's files are inputs too, so that the cached code is made again when React changes.
  const external = new Set(Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((entry) => entry.external).map((entry) => entry.path)));
  return { code: result.outputFiles[0].text, inputs: [...new Set([...bundleInputs(result.metafile, workingDir), ...[...external].map((specifier) => require.resolve(specifier))])] };
}

/**
 * The files esbuild read for a bundle, as absolute paths (its metafile names them from its working folder); the module
 * a bundle is given as text (`<stdin>`) is no file.
 */
export function bundleInputs(metafile: Metafile, workingDir = process.cwd()): string[] {
  return Object.keys(metafile.inputs)
    .filter((input) => input !== '<stdin>')
    .map((input) => path.resolve(workingDir, input));
}

/**
 * Runs bundled theme code; render workers call it with the code the build bundled. It is a CommonJS module run as node
 * runs one, in strict mode as the ES modules it was bundled from: imported as an ES module from a temporary file, as
 * it was, it cost a warm build 13–18 ms of the main thread (node's module loader reading React's CommonJS files for
 * their exports), and 7 ms this way.
 */
export async function importThemeServer(code: string): Promise<ThemeServer> {
  const filename = `docsgen-theme-server-${createHash('sha1').update(code).digest('hex').slice(0, 12)}.cjs`;
  const run = new Script(`(function (exports, require, module) {'use strict';${code}\n})`, { filename }).runInThisContext() as (exports: object, require: NodeJS.Require, module: { exports: object }) => void;
  const module = { exports: {} };
  run(module.exports, require, module);
  return module.exports as ThemeServer;
}

function themeBuildError(error: unknown): DocsgenError {
  const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
  if (!first) return new DocsgenError(`cannot bundle the theme: ${(error as Error).message}`, { location: { file: 'theme' } });
  return new DocsgenError(`cannot bundle the theme: ${first.text}`, {
    location: { file: first.location?.file ?? 'theme', line: first.location?.line, column: first.location ? first.location.column + 1 : undefined },
  });
}
