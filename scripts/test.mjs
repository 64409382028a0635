// The one test command: compiles the CLI, then runs every node:test suite (unit, integration, browser) through tsx.
import { spawnSync } from 'node:child_process';
import fg from 'fast-glob';

const long = process.argv.includes('--long');
const build = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const files = await fg(['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/browser/**/*.test.ts', ...(long ? ['test/long/**/*.test.ts'] : [])]);
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files.sort()], {
  stdio: 'inherit',
  env: { ...process.env, DOCSGEN_LONG: long ? '1' : '' },
});
process.exit(result.status ?? 1);
