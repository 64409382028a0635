// Compiles the CLI and the pipeline into dist/cli.js at install time (npm's `prepare`), so `npx docsgen` runs plain JavaScript.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = ['esbuild', 'react', 'react-dom', 'chokidar'];

await build({
  // The workers are entries of their own: worker threads load them by file name next to cli.js.
  entryPoints: {
    cli: 'packages/cli/src/index.ts',
    'parse-worker': 'packages/core/src/markdown/parse-worker.ts',
    'render-worker': 'packages/core/src/render/render-worker.ts',
    'search-worker': 'packages/core/src/search/search-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external, '@docsgen/theme/*', 'react/*', 'react-dom/*'],
  sourcemap: true,
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
