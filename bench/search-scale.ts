// The sharded search index on the documentation centre and at corpus sizes (SIZES=200,2000,10000 by default): build
// time of the index stage, files, bytes (postings and page files apart), what a first and a second query transfer, and
// query time of first and repeated queries: in node through the engine (wall and process CPU) and end to end in the
// site's search worker in Chromium (wall, and the worker thread's CPU from Chrome's trace). Corpora go to
// bench/.corpus/; figures to bench/results-search-scale.json.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../packages/core/src/build.js';
import { writeCorpus } from './corpus.js';
import { searchFigures, type SearchFigures } from './lib/search.js';
import type { WorkerTimes } from './lib/search-worker-timing.js';
import { kb, type Summary } from './lib/stats.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const results: ({ site: string; searchStageMs: number; loadBefore: string; loadAfter: string; worker: WorkerTimes } & SearchFigures)[] = [];
async function measure(site: string, root: string, out: string): Promise<void> {
  const result = await build({ root, outDir: out, write: true });
  const loadBefore = load();
  const figures = await searchFigures(out);
  if (!figures) throw new Error(`no search index in ${out}`);
  // In a fresh process (bench/search-worker-timing.ts): this one holds what it built.
  const worker = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', path.join(HERE, 'search-worker-timing.ts'), out], { encoding: 'utf8', maxBuffer: 1 << 20 })) as WorkerTimes;
  results.push({ site, searchStageMs: result.stats.timings.search, loadBefore, loadAfter: load(), worker, ...figures });
}
await measure('documentation centre', path.resolve(HERE, '..'), path.join(HERE, '.out', 'search-scale-site'));
for (const pages of (process.env.SIZES ?? '200,2000,10000').split(',').map(Number)) {
  const root = path.join(HERE, '.corpus', `search-${pages}`);
  await writeCorpus({ pages, dir: root });
  // The corpus's content folder is its root: the output goes beside it, never inside what the build reads.
  await measure(`corpus ${pages}`, root, `${root}-out`);
}
const ms = (s: Summary) => `${s.median.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.max.toFixed(1)}`;
console.log(`\n${results[0]?.queries} different queries per site (${results.map((r) => `${r.matching} find pages on ${r.site}`).join(', ')})\n`);
console.log('| site | files | postings gzip | page files gzip | all gzip | first query bytes, median / max | second query bytes, median / max | index stage |');
console.log('|---|--:|--:|--:|--:|--:|--:|--:|');
for (const r of results) {
  console.log(
    `| ${r.site} | ${r.files} | ${kb(r.postingsGzip)} | ${kb(r.pageFilesGzip)} | ${kb(r.gzip)} | ${kb(r.firstQuery.median)} / ${kb(r.firstQuery.max)} | ${kb(r.secondQuery.median)} / ${kb(r.secondQuery.max)} | ${Math.round(r.searchStageMs)} ms |`,
  );
}
console.log('\nQuery time in ms, median / p95 / max; load average (1, 5, 15 min) before / after\n');
console.log('| site | worker in Chromium, first: results shown | worker CPU until shown | complete | worker CPU | repeat: wall | worker CPU | engine in node, first: wall | process CPU | repeat: wall | process CPU | load |');
console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|');
for (const r of results) {
  const w = r.worker;
  console.log(`| ${r.site} | ${ms(w.firstShown)} | ${ms(w.firstShownCpu)} | ${ms(w.first)} | ${ms(w.firstCpu)} | ${ms(w.repeat)} | ${ms(w.repeatCpu)} | ${ms(r.cold)} | ${ms(r.coldCpu)} | ${ms(r.warm)} | ${ms(r.warmCpu)} | ${r.loadBefore} / ${r.loadAfter} |`);
}
writeFileSync(path.join(HERE, 'results-search-scale.json'), JSON.stringify(results, null, 2) + '\n');
