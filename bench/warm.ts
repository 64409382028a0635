/**
 * `npm run bench:warm`: the rebuild after one edit, with the persistent cache and the previous output in place, at
 * 206, 2,000 and 10,000 corpus pages. One cold build fills the cache and the output; then each run appends a
 * paragraph to one page, rebuilds, and puts the page back (so every rebuild follows one edit of the previous build).
 * Reports wall time, CPU time (user + system of the process tree), peak RSS and the load average at each start, and
 * the build's own stage times of the median run. Env: BENCH_SIZES=206,2000,10000 (default), BENCH_RUNS (default 5).
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { catalogueIds, writeCorpus } from './corpus.js';
import { BENCH_DIR, compileCli, DOCSGEN_CLI as CLI } from './lib/docsgen.js';
import { thisMachine } from './lib/machine.js';
import { afterOneEdit, runTimed, timedLine as line, type TimedBuild } from './lib/measure.js';
import { mb, summarize } from './lib/stats.js';
import { table } from './lib/table.js';

const sizes = (process.env.BENCH_SIZES ?? '206,2000,10000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 5);

compileCli();
const ids = await catalogueIds();
const rows: (string | number)[][] = [];
const results: { pages: number; cold: TimedBuild; warm: TimedBuild[] }[] = [];
for (const pages of sizes) {
  const root = path.join(BENCH_DIR, '.corpus', `warm-${pages}`);
  await writeCorpus({ pages, dir: root, ids });
  // Outside the corpus, whose root is also its content folder (docsgen refuses to write into that).
  const out = path.join(BENCH_DIR, '.out', `warm-${pages}`);
  await rm(path.join(root, 'node_modules', '.cache', 'docsgen'), { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
  const cold = await runTimed(CLI, ['build', '--out', out], root);
  console.log(`  ${pages} pages, cold (fills the cache): ${line(cold)}`);
  const warm: TimedBuild[] = [];
  for (let run = 0; run < runs; run++) {
    const rebuild = await afterOneEdit(root, run, () => runTimed(CLI, ['build', '--out', out], root));
    warm.push(rebuild);
    console.log(`  ${pages} pages, warm after one edit, run ${run + 1}/${runs}: ${line(rebuild)}; stages (ms): ${rebuild.stages}`);
  }
  results.push({ pages, cold, warm });
  const wall = summarize(warm.map((b) => b.wallMs));
  const cpu = summarize(warm.map((b) => b.cpuMs));
  const rss = summarize(warm.map((b) => b.peakRssBytes));
  const load = summarize(warm.map((b) => b.load));
  rows.push([`${pages} pages`, `${(wall.median / 1000).toFixed(2)} s`, `${(wall.min / 1000).toFixed(2)}–${(wall.max / 1000).toFixed(2)} s`, `${(cpu.median / 1000).toFixed(2)} s`, mb(rss.median), `${load.min.toFixed(1)}–${load.max.toFixed(1)}`]);
}
console.log(`\n## docsgen, rebuild after one edit (medians of ${runs})\n`);
console.log(table(['build', 'wall', 'min – max', 'CPU', 'peak RSS', 'load'], rows));
await writeFile(path.join(BENCH_DIR, 'results-warm.json'), JSON.stringify({ date: new Date().toISOString(), machine: thisMachine(), results }, null, 2) + '\n');
console.log('\nwrote bench/results-warm.json');
