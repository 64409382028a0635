/**
 * `npm run bench:docusaurus`: builds the same synthetic corpus with docsgen and with Docusaurus 3.9.2 on this
 * machine, one after the other, and prints the ratio docsgen : Docusaurus of each figure.
 * Installs Docusaurus into bench/docusaurus/ on first use only (never from the root `npm install`).
 * Env: BENCH_SIZES=200,2000 (default 200), BENCH_RUNS (docsgen runs per size, default 3), BENCH_DOCUSAURUS_RUNS (default 1).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../../test/helpers/browser.js';
import { writeCorpus } from '../corpus.js';
import { BENCH_DIR, REPO_ROOT } from '../lib/docsgen.js';
import { folderSize } from '../lib/files.js';
import { runMeasured } from '../lib/measure.js';
import { buildSeries } from '../lib/series.js';
import { kb, mb, ms, summarize, type Summary } from '../lib/stats.js';
import { table } from '../lib/table.js';
import { pageWeight, type PageWeight } from '../lib/weight.js';

const HERE = path.join(BENCH_DIR, 'docusaurus');
const sizes = (process.env.BENCH_SIZES ?? '200').split(',').map(Number);
const docsgenRuns = Number(process.env.BENCH_RUNS ?? 3);
const docusaurusRuns = Number(process.env.BENCH_DOCUSAURUS_RUNS ?? 1);
const DOC = 'docs/s0/c0/p1/';

interface Side {
  wall: Summary;
  rss: Summary;
  output: { bytes: number; files: number };
  weight: PageWeight;
}

// `npm ci` against the committed lock file: the exact versions measured, webpack held at 5.101.3 by `overrides`.
// Skipped when that lock file is already installed, since a reinstall costs a minute and measures nothing.
const installed = path.join(HERE, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(path.join(HERE, 'package-lock.json')).mtimeMs) {
  console.log('installing Docusaurus into bench/docusaurus (npm ci)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: HERE, stdio: ['ignore', 'inherit', 'inherit'] });
}
execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });

/** A cold Docusaurus build: no output, no generated files, no webpack persistent cache from an earlier run. */
async function docusaurusBuild(): Promise<{ wallMs: number; peakRssBytes: number }> {
  for (const dir of ['build', '.docusaurus', 'node_modules/.cache']) await rm(path.join(HERE, dir), { recursive: true, force: true });
  const cli = path.join(HERE, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
  return runMeasured(process.execPath, [cli, 'build'], { cwd: HERE, env: { ...process.env, NODE_ENV: 'production', NO_UPDATE_NOTIFIER: '1' } });
}

const results: { pages: number; docsgen: Side; docusaurus: Side }[] = [];
const browser = await launchBrowser();
try {
  for (const pages of sizes) {
    const corpus = path.join(BENCH_DIR, '.corpus', String(pages));
    await writeCorpus({ pages, dir: corpus });
    const out = path.join(BENCH_DIR, '.out', `vs-${pages}`);
    console.log(`docsgen, ${pages} pages, ${docsgenRuns} run(s)…`);
    const ours = await buildSeries(`docsgen ${pages}`, corpus, out, docsgenRuns);
    const docsgen: Side = { wall: ours.wall, rss: ours.rss, output: ours.output, weight: await pageWeight(browser, out, DOC) };

    // The same Markdown and _category_.json files; Docusaurus reads them from ./docs.
    await rm(path.join(HERE, 'docs'), { recursive: true, force: true });
    await cp(path.join(corpus, 'docs'), path.join(HERE, 'docs'), { recursive: true });
    console.log(`Docusaurus, ${pages} pages, ${docusaurusRuns} run(s)…`);
    const runs = [];
    for (let i = 0; i < docusaurusRuns; i++) {
      const run = await docusaurusBuild();
      console.log(`  Docusaurus ${pages} run ${i + 1}/${docusaurusRuns}: ${Math.round(run.wallMs)} ms, ${Math.round(run.peakRssBytes / 2 ** 20)} MB`);
      runs.push(run);
    }
    const built = path.join(HERE, 'build');
    const docusaurus: Side = {
      wall: summarize(runs.map((r) => r.wallMs)),
      rss: summarize(runs.map((r) => r.peakRssBytes)),
      output: await folderSize(built),
      weight: await pageWeight(browser, built, DOC),
    };
    results.push({ pages, docsgen, docusaurus });
  }
} finally {
  await browser.close();
}

const ratio = (a: number, b: number) => `1 : ${(b / a).toFixed(1)}`;
for (const { pages, docsgen: a, docusaurus: b } of results) {
  console.log(`\n## docsgen vs Docusaurus 3.9.2, ${pages} pages (ratio docsgen : Docusaurus)\n`);
  console.log(
    table(
      ['figure', 'docsgen', 'Docusaurus', 'ratio'],
      [
        ['cold build, wall (median)', ms(a.wall.median), ms(b.wall.median), ratio(a.wall.median, b.wall.median)],
        ['peak RSS', mb(a.rss.median), mb(b.rss.median), ratio(a.rss.median, b.rss.median)],
        ['output size', mb(a.output.bytes), mb(b.output.bytes), ratio(a.output.bytes, b.output.bytes)],
        ['output files', a.output.files, b.output.files, ratio(a.output.files, b.output.files)],
        ['doc page: HTML gzip', kb(a.weight.html.gzip), kb(b.weight.html.gzip), ratio(a.weight.html.gzip, b.weight.html.gzip)],
        ['doc page: JS gzip', kb(a.weight.js.gzip), kb(b.weight.js.gzip), ratio(a.weight.js.gzip, b.weight.js.gzip)],
        ['doc page: JS raw', kb(a.weight.js.raw), kb(b.weight.js.raw), ratio(a.weight.js.raw, b.weight.js.raw)],
        ['doc page: CSS gzip', kb(a.weight.css.gzip), kb(b.weight.css.gzip), ratio(a.weight.css.gzip, b.weight.css.gzip)],
        ['doc page: requests', a.weight.requests, b.weight.requests, ratio(a.weight.requests, b.weight.requests)],
      ],
    ),
  );
}
await writeFile(path.join(BENCH_DIR, 'results-docusaurus.json'), JSON.stringify({ date: new Date().toISOString(), results }, null, 2) + '\n');
console.log('\nwrote bench/results-docusaurus.json');
