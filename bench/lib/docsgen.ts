import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMeasured, type ProcessRun } from './measure.js';

export const BENCH_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = path.dirname(BENCH_DIR);
const CHILD = path.join(BENCH_DIR, 'build-child.cjs');
/** The CLI as users start it (bin/docsgen.js runs the compiled dist/cli.cjs). */
export const DOCSGEN_CLI = path.join(REPO_ROOT, 'bin', 'docsgen.js');

/** Compiles the CLI and its workers into dist/ (scripts/build-cli.mjs), so a benchmark runs the code of the checkout. */
export function compileCli(): void {
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

export interface DocsgenBuild extends ProcessRun {
  pages: number;
  /** The build's own stage timings, to tell where time goes. */
  stages: Record<string, number>;
}

/** A cold `docsgen build` in a fresh node process, as a user runs it: its parse cache emptied first (it writes one). */
export async function docsgenBuild(root: string, outDir: string): Promise<DocsgenBuild> {
  await rm(path.join(root, 'node_modules', '.cache', 'docsgen'), { recursive: true, force: true });
  const run = await runMeasured(process.execPath, [CHILD, '--root', root, 'build', '--out', outDir], { cwd: REPO_ROOT });
  const reported = /BENCH (\{.*\})/.exec(run.stderr);
  const exact = reported ? (JSON.parse(reported[1]) as { maxRssKb: number }).maxRssKb * 1024 : 0;
  const pages = Number(/built (\d+) pages/.exec(run.stdout)?.[1] ?? 0);
  const stages = Object.fromEntries(
    [...(/stages \(ms\): (.*)/.exec(run.stdout)?.[1] ?? '').matchAll(/(\w+) (\d+)/g)].map((m) => [m[1], Number(m[2])]),
  );
  return { ...run, peakRssBytes: Math.max(run.peakRssBytes, exact), pages, stages };
}
