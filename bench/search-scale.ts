// The sharded search index at corpus sizes (SIZES=200,2000,10000 by default): build time of the index stage, files,
// bytes (postings and page files apart), what a first and a second query transfer, and query time, wall and CPU, of
// first and repeated queries (bench/lib/search.ts). Corpora go to bench/.corpus/; figures to bench/results-search-scale.json.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../packages/core/src/build.js';
import { writeCorpus } from './corpus.js';
import { searchFigures, type SearchFigures } from './lib/search.js';
import { kb, type Summary } from './lib/stats.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const results: ({ pages: number; searchStageMs: number; loadBefore: string; loadAfter: string } & SearchFigures)[] = [];
for (const pages of (process.env.SIZES ?? '200,2000,10000').split(',').map(Number)) {
  const root = path.join(HERE, '.corpus', `search-${pages}`);
  await writeCorpus({ pages, dir: root });
  // The corpus's content folder is its root: the output goes beside it, never inside what the build reads.
  const out = `${root}-out`;
  const result = await build({ root, outDir: out, write: true });
  const loadBefore = load();
  const figures = await searchFigures(out);
  if (!figures) throw new Error(`no search index in ${out}`);
  results.push({ pages, searchStageMs: result.stats.timings.search, loadBefore, loadAfter: load(), ...figures });
}
const ms = (s: Summary) => `${s.median.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.max.toFixed(1)} ms`;
console.log(`\n${results[0]?.queries} different queries per corpus (${results.map((r) => `${r.matching} find pages at ${r.pages}`).join(', ')}); load average (1, 5, 15 min) given per row, before / after its queries\n`);
console.log('| pages | files | postings gzip | page files gzip | all gzip | first query bytes, median / max | second query bytes, median / max | first query wall, median / p95 / max | first query CPU | repeat wall | repeat CPU | index stage | load |');
console.log('|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|');
for (const r of results) {
  console.log(
    `| ${r.pages} | ${r.files} | ${kb(r.postingsGzip)} | ${kb(r.pageFilesGzip)} | ${kb(r.gzip)} | ${kb(r.firstQuery.median)} / ${kb(r.firstQuery.max)} | ${kb(r.secondQuery.median)} / ${kb(r.secondQuery.max)} | ${ms(r.cold)} | ${ms(r.coldCpu)} | ${ms(r.warm)} | ${ms(r.warmCpu)} | ${Math.round(r.searchStageMs)} ms | ${r.loadBefore} / ${r.loadAfter} |`,
  );
}
writeFileSync(path.join(HERE, 'results-search-scale.json'), JSON.stringify(results, null, 2) + '\n');
