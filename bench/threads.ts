/**
 * `npm run bench:threads`: cold builds of the corpus with `--threads 1` and `--threads 2` (alternating), then a
 * warm rebuild after one edit with the parse and render caches, at 2,000 and 10,000 pages. On this 2-core
 * machine two threads is all cores; on a larger machine add counts with BENCH_THREADS=1,2,4,8.
 * Env: BENCH_SIZES=2000,10000 (default), BENCH_RUNS (default 2), BENCH_THREADS (default 1,2).
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { catalogueIds, writeCorpus } from './corpus.js';
import { BENCH_DIR, compileCli, DOCSGEN_CLI as CLI } from './lib/docsgen.js';
import { thisMachine } from './lib/machine.js';
import { afterOneEdit, runTimed, timedLine as line, type TimedRun } from './lib/measure.js';
import { mb, summarize } from './lib/stats.js';
import { table } from './lib/table.js';

const sizes = (process.env.BENCH_SIZES ?? '2000,10000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 2);
const threadCounts = (process.env.BENCH_THREADS ?? '1,2').split(',').map(Number);

compileCli();
const ids = await catalogueIds();
const rows: (string | number)[][] = [];
const results: { pages: number; label: string; runs: TimedRun[] }[] = [];
for (const pages of sizes) {
  const root = path.join(BENCH_DIR, '.corpus', `threads-${pages}`);
  await writeCorpus({ pages, dir: root, ids });
  const cache = path.join(root, 'node_modules', '.cache', 'docsgen');
  // Outside the corpus, whose root is also its content folder (docsgen refuses to write into that).
  const out = path.join(BENCH_DIR, '.out', `threads-${pages}`);
  const cold = new Map<number, TimedRun[]>(threadCounts.map((n) => [n, []]));
  const warm: TimedRun[] = [];
  for (let run = 0; run < runs; run++) {
    for (const threads of run % 2 ? [...threadCounts].reverse() : threadCounts) {
      await rm(cache, { recursive: true, force: true });
      const build = await runTimed(CLI, ['build', '--out', out, '--threads', String(threads)], root);
      console.log(`  ${pages} pages, cold, ${threads} thread(s), run ${run + 1}/${runs}: ${line(build)}`);
      cold.get(threads)!.push(build);
    }
    // The cache now holds the last cold build's docs and pages; one page is edited, as an author would.
    const rebuild = await afterOneEdit(root, run, () => runTimed(CLI, ['build', '--out', out], root));
    console.log(`  ${pages} pages, warm after one edit, run ${run + 1}/${runs}: ${line(rebuild)}`);
    warm.push(rebuild);
  }
  const series: [string, TimedRun[]][] = [...[...cold].map(([n, b]): [string, TimedRun[]] => [`cold, ${n} thread${n > 1 ? 's' : ''}`, b]), ['warm, one page edited', warm]];
  for (const [label, builds] of series) {
    const wall = summarize(builds.map((b) => b.wallMs));
    const cpu = summarize(builds.map((b) => b.cpuMs));
    const rss = summarize(builds.map((b) => b.peakRssBytes));
    const load = summarize(builds.map((b) => b.load));
    rows.push([`${pages} pages, ${label}`, `${(wall.median / 1000).toFixed(2)} s`, `${(cpu.median / 1000).toFixed(2)} s`, mb(rss.median), `${load.min.toFixed(1)}–${load.max.toFixed(1)}`]);
    results.push({ pages, label, runs: builds });
  }
}
console.log(`\n## docsgen by thread count (medians of ${runs})\n`);
console.log(table(['build', 'wall', 'CPU', 'peak RSS', 'load'], rows));
await writeFile(path.join(BENCH_DIR, 'results-threads.json'), JSON.stringify({ date: new Date().toISOString(), machine: thisMachine(), results }, null, 2) + '\n');
console.log('\nwrote bench/results-threads.json');
