// Compiles the CLI and the pipeline into dist/ at install time (npm's `prepare`), so `npx docsgen` runs plain JavaScript.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
const external = ['esbuild', 'react', 'react-dom', 'chokidar', '@docsgen/theme/*', 'react/*', 'react-dom/*'];
const common = { outdir: 'dist', bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };

/** The module that calls `import()`, left out of the CLI bundle: compiled on its own, for Node to load (import-module.ts). */
const importModuleApart = {
  name: 'import-module-apart',
  setup(builder) {
    builder.onResolve({ filter: /\/import-module\.js$/ }, () => ({ path: './import-module.cjs', external: true }));
  },
};

await Promise.all([
  // CommonJS, which V8's code cache can hold (bin/load-cli.js); its `import.meta.url` is its own file's URL, as in ES modules.
  build({
    ...common,
    entryPoints: { cli: 'packages/cli/src/index.ts' },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    external,
    plugins: [importModuleApart],
    alias: { 'js-yaml': './scripts/js-yaml-unused.cjs' },
    define: { 'import.meta.url': '__importMetaUrl' },
    // "use strict" first: esbuild's own comes after the banner, where it is no directive, and the sources are ES modules.
    banner: { js: "'use strict';\nconst __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  }),
  build({ ...common, entryPoints: { 'import-module': 'packages/core/src/import-module.ts' }, format: 'cjs', outExtension: { '.js': '.cjs' } }),
  build({
    ...common,
    // The workers are entries of their own: worker threads load them by file name next to cli.cjs.
    entryPoints: {
      'parse-worker': 'packages/core/src/markdown/parse-worker.ts',
      'render-worker': 'packages/core/src/render/render-worker.ts',
      'search-worker': 'packages/core/src/search/search-worker.ts',
    },
    format: 'esm',
    external,
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  }),
]);

// The client bundle, which no site changes, compiled once here rather than by every build (client/prebuilt-client.ts).
// Its compiler is compiled first and run, then removed: the CLI does not need it.
await build({ ...common, entryPoints: { 'prebuild-client': 'packages/core/src/client/prebuild-client.ts' }, format: 'esm', outExtension: { '.js': '.mjs' }, external, sourcemap: false });
await (await import('../dist/prebuild-client.mjs')).prebuildClient('dist/client');
rmSync('dist/prebuild-client.mjs');
