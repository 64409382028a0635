// Compiles the CLI and the pipeline into dist/ at install time (npm's `prepare`), so `npx docsgen` runs plain JavaScript.
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
const external = ['esbuild', 'react', 'react-dom', 'chokidar', '@docsgen/theme/*', 'react/*', 'react-dom/*'];
const common = { outdir: 'dist', bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };

/**
 * Writes the CLI's files, its code in ASCII only. esbuild escapes every character outside ASCII in strings, templates,
 * regular expressions and names, but leaves them in comments (a few bundled packages' comments hold them); there they
 * are escaped too, which changes nothing, so that bin/load-cli.js can read the CLI as Latin-1, the cheapest decoding.
 */
function writeAscii(result) {
  for (const file of result.outputFiles) {
    const text = file.path.endsWith('.cjs') ? file.text.replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`) : file.text;
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(file.path, text);
  }
}

/** The module that calls `import()`, left out of the CLI bundle: compiled on its own, for Node to load (import-module.ts). */
const importModuleApart = {
  name: 'import-module-apart',
  setup(builder) {
    builder.onResolve({ filter: /\/import-module\.js$/ }, () => ({ path: './import-module.cjs', external: true }));
  },
};

/**
 * remark-rehype (mdast-util-to-hast) walks every doc's tree once with unist-util-visit to find its definitions; that
 * generic walk, which builds each node's list of ancestors, took 100 ms of the 2,000-page corpus's cold parse. In the
 * compiled CLI, that one package walks with the pipeline's own loop (markdown/visit-tree.ts, held to unist-util-visit by
 * its tests); every other package keeps unist-util-visit, whose other tests (functions, objects, reverse) they may use.
 */
const fasterDefinitionWalk = {
  name: 'faster-definition-walk',
  setup(builder) {
    builder.onResolve({ filter: /^unist-util-visit$/ }, (args) =>
      /[\\/]mdast-util-to-hast[\\/]/.test(args.importer) ? { path: path.resolve('packages/core/src/markdown/visit-tree.ts') } : undefined,
    );
  },
};

await Promise.all([
  // CommonJS, which V8's code cache can hold (bin/load-cli.js); its `import.meta.url` is its own file's URL, as in ES
  // modules. The file is the module's function, as node wraps a CommonJS module, and ASCII only, so that bin/load-cli.js
  // hands V8 the text as it reads it: decoding 3.5 MB as UTF-8 and wrapping it there took 8–10 ms of every command.
  build({
    ...common,
    entryPoints: { cli: 'packages/cli/src/index.ts' },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    external,
    plugins: [importModuleApart, fasterDefinitionWalk],
    alias: { 'js-yaml': './scripts/js-yaml-unused.cjs' },
    define: { 'import.meta.url': '__importMetaUrl' },
    // "use strict" first: esbuild's own comes after the banner, where it is no directive, and the sources are ES modules.
    banner: { js: "(function (exports, require, module, __filename, __dirname) {'use strict';\nconst __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    footer: { js: '\n})' },
    write: false,
  }).then(writeAscii),
  build({ ...common, entryPoints: { 'import-module': 'packages/core/src/import-module.ts' }, format: 'cjs', outExtension: { '.js': '.cjs' } }),
  build({
    ...common,
    // The workers are entries of their own: worker threads load them by file name next to cli.cjs.
    entryPoints: {
      'parse-worker': 'packages/core/src/markdown/parse-worker.ts',
      'render-worker': 'packages/core/src/render/render-worker.ts',
      'search-worker': 'packages/core/src/search/search-worker.ts',
      'reserve-worker': 'packages/core/src/emit/reserve-worker.ts',
    },
    format: 'esm',
    external,
    plugins: [fasterDefinitionWalk],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  }),
]);

// The client bundle and the theme's server code, which no site changes, compiled once here rather than by every build
// (client/prebuilt-client.ts, client/prebuilt-theme-server.ts). Their compiler is compiled first and run, then removed:
// the CLI does not need it.
await build({ ...common, entryPoints: { 'prebuild-bundles': 'packages/core/src/client/prebuild-bundles.ts' }, format: 'esm', outExtension: { '.js': '.mjs' }, external, sourcemap: false });
await (await import('../dist/prebuild-bundles.mjs')).prebuildBundles('dist');
rmSync('dist/prebuild-bundles.mjs');

// The bundles' hashes, which cache keys hold, recorded once here rather than hashed by every cold build (worker-file.ts).
await build({ ...common, entryPoints: { 'record-fingerprints': 'packages/core/src/worker-file.ts' }, format: 'esm', outExtension: { '.js': '.mjs' }, sourcemap: false });
(await import('../dist/record-fingerprints.mjs')).recordFingerprints('dist');
rmSync('dist/record-fingerprints.mjs');
