/**
 * `npm run bench`: cold builds of the real site and of the synthetic corpus, save-to-reload latency in
 * `serve`, first-load weight of a doc page, search index figures. Prints tables, writes bench/results.json.
 * Env: BENCH_SIZES=200,2000 (corpus sizes), BENCH_RUNS=3 (runs per size), BENCH_EDITS=10, BENCH_SKIP=site,reload,weight.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../test/helpers/browser.js';
import { writeCorpus } from './corpus.js';
import { BENCH_DIR, compileCli, REPO_ROOT } from './lib/docsgen.js';
import { thisMachine, type Machine } from './lib/machine.js';
import { buildSeries, type BuildSeries } from './lib/series.js';
import { reloadLatency, type ReloadFigures } from './lib/reload.js';
import { searchFigures, type SearchFigures } from './lib/search.js';
import { kb, mb, ms } from './lib/stats.js';
import { table } from './lib/table.js';
import { pageWeight, type PageWeight } from './lib/weight.js';

const sizes = (process.env.BENCH_SIZES ?? '200,2000,10000').split(',').map(Number);
// Small builds are noisy, large ones slow: more runs where they are cheap.
const runsFor = (pages: number) => Number(process.env.BENCH_RUNS ?? (pages <= 500 ? 5 : pages <= 5000 ? 3 : 1));
const edits = Number(process.env.BENCH_EDITS ?? 10);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(','));
const CORPUS_DOC = 'docs/s0/c0/p1/';

interface Results {
  date: string;
  machine: Machine;
  site?: BuildSeries | { error: string };
  corpus: BuildSeries[];
  weight: PageWeight[];
  search: (SearchFigures & { site: string })[];
  reload?: { pages: number; edits: number; body: ReloadFigures; title: ReloadFigures } | { error: string };
}

const results: Results = {
  date: new Date().toISOString(),
  machine: thisMachine(),
  corpus: [],
  weight: [],
  search: [],
};

console.log('compiling the CLI (scripts/build-cli.mjs)…');
compileCli();
const out = path.join(BENCH_DIR, '.out');
await mkdir(out, { recursive: true });

if (!skip.has('site')) {
  console.log('real site…');
  try {
    results.site = await buildSeries('site', REPO_ROOT, path.join(out, 'site'), runsFor(206));
  } catch (error) {
    // The real site is written by others while the benchmark runs; a broken link there is reported, not fatal.
    const lines = (error as Error).message.split('\n');
    results.site = { error: lines.find((line) => line.includes('docsgen: error')) ?? lines[0] };
    console.log(`  real site did not build: ${results.site.error}`);
  }
}

for (const pages of sizes) {
  const root = path.join(BENCH_DIR, '.corpus', String(pages));
  await writeCorpus({ pages, dir: root });
  console.log(`corpus of ${pages} pages, ${runsFor(pages)} run(s)…`);
  results.corpus.push(await buildSeries(`corpus ${pages}`, root, path.join(out, String(pages)), runsFor(pages)));
}

const browser = await launchBrowser();
try {
  const siteBuilt = results.site && !('error' in results.site);
  const smallest = results.corpus[0];
  if (!skip.has('weight')) {
    if (siteBuilt) results.weight.push(await pageWeight(browser, path.join(out, 'site'), realDocPath()));
    if (smallest) results.weight.push(await pageWeight(browser, smallest.outDir, CORPUS_DOC));
  }
  for (const [site, dir] of [...(siteBuilt ? [['site', path.join(out, 'site')]] : []), ...results.corpus.map((c) => [c.label, c.outDir])]) {
    const figures = await searchFigures(dir);
    if (figures) results.search.push({ site, ...figures });
  }
  if (!skip.has('reload')) {
    // `serve` watches content/, so this corpus keeps its pages there (the build corpora use contentDir '.').
    const pages = 200;
    const root = path.join(BENCH_DIR, '.corpus', `serve-${pages}`);
    await writeCorpus({ pages, dir: root, contentDir: 'content' });
    console.log(`save-to-reload in serve, ${pages} pages, ${edits} edits of each kind…`);
    try {
      const figures = await reloadLatency(browser, root, path.join(root, 'content', 'docs', 's0', 'c0', 'p1.md'), CORPUS_DOC, edits);
      results.reload = { pages, edits, ...figures };
    } catch (error) {
      results.reload = { error: (error as Error).message };
      console.log(`  reload benchmark failed: ${results.reload.error}`);
    }
  }
} finally {
  await browser.close();
}

function realDocPath(): string {
  const preferred = 'docs/app/android/device_mgr/';
  if (existsSync(path.join(out, 'site', preferred, 'index.html'))) return preferred;
  throw new Error(`real site has no ${preferred}`);
}

printReport(results);
await writeFile(path.join(BENCH_DIR, 'results.json'), JSON.stringify(results, null, 2) + '\n');
await rm(path.join(BENCH_DIR, '.corpus', 'serve-200'), { recursive: true, force: true });
console.log('\nwrote bench/results.json');

function printReport(r: Results): void {
  const builds = [...(r.site && !('error' in r.site) ? [r.site] : []), ...r.corpus];
  console.log(`\n## Cold builds (${r.machine.cpus} × ${r.machine.cpu}, node ${r.machine.node})\n`);
  console.log(
    table(
      ['build', 'pages', 'runs', 'wall median', 'min – max', 'ms / page', 'peak RSS', 'KB RSS / page', 'output'],
      builds.map((b) => [b.label, b.pages, b.wall.runs, ms(b.wall.median), `${ms(b.wall.min)} – ${ms(b.wall.max)}`, (b.wall.median / b.pages).toFixed(2), mb(b.rss.median), (b.rss.median / 1024 / b.pages).toFixed(0), `${mb(b.output.bytes)} (${b.output.files} files)`]),
    ),
  );
  // The marginal cost between sizes removes the fixed start-up cost, so growth shows as it is.
  const marginal = r.corpus.slice(1).map((b, i) => {
    const a = r.corpus[i];
    const pages = b.pages - a.pages;
    return [`${a.pages} → ${b.pages}`, ((b.wall.median - a.wall.median) / pages).toFixed(2), ((b.rss.median - a.rss.median) / 1024 / pages).toFixed(0)];
  });
  if (marginal.length) console.log('\nMarginal cost per added page\n\n' + table(['corpus', 'ms / page', 'KB RSS / page'], marginal));
  if (r.site && 'error' in r.site) console.log(`\nreal site: ${r.site.error}`);
  if (builds.length) console.log('\nStages of the median run (ms)\n\n' + table(['build', ...Object.keys(builds[0].stages)], builds.map((b) => [b.label, ...Object.values(b.stages)])));
  if (r.weight.length) {
    console.log('\n## First load of a doc page (cold cache; gzip level 9)\n');
    console.log(table(['page', 'requests', 'HTML', 'CSS', 'JS', 'other'], r.weight.map((w) => [w.path, w.requests, ...[w.html, w.css, w.js, w.other].map((b) => `${kb(b.raw)} / ${kb(b.gzip)} gz`)])));
  }
  if (r.reload && !('error' in r.reload)) {
    console.log(`\n## Save-to-reload in serve (${r.reload.pages} pages, ${r.reload.edits} edits each)\n`);
    const rows = (name: string, f: ReloadFigures) => [
      [`${name}: write → reload starts`, ms(f.toReload.median), ms(f.toReload.p95), ms(f.toReload.max)],
      [`${name}: write → page ready`, ms(f.toReady.median), ms(f.toReady.p95), ms(f.toReady.max)],
    ];
    console.log(table(['edit', 'median', 'p95', 'max'], [...rows('one page (body)', r.reload.body), ...rows('sidebar (title)', r.reload.title)]));
  } else if (r.reload) console.log(`\nreload: ${r.reload.error}`);
  console.log('\n## Search index\n');
  if (!r.search.length) console.log('no assets/search/ in the output: the search index is not built.');
  else
    console.log(
      table(
        ['site', 'files', 'index gzip', 'meta gzip', 'first query (median / max)', 'second query (median / max)', 'cold query (median / p95)', 'warm query (median / p95)'],
        r.search.map((s) => [
          s.site,
          String(s.files),
          kb(s.gzip),
          kb(s.metaGzip),
          `${kb(s.firstQuery.median)} / ${kb(s.firstQuery.max)}`,
          `${kb(s.secondQuery.median)} / ${kb(s.secondQuery.max)}`,
          `${s.cold.median.toFixed(1)} / ${s.cold.p95.toFixed(1)} ms`,
          `${s.warm.median.toFixed(1)} / ${s.warm.p95.toFixed(1)} ms`,
        ]),
      ),
    );
}
