/**
 * `npm run bench:peers`: builds the same synthetic corpus (bench/corpus.ts with the page catalogue's ids) with
 * docsgen, Docusaurus 3.10 with Faster on, Docusaurus 3.10 default and VitePress 1.6 (local search on), on this
 * machine, alternating the systems run by run so that load from other processes falls on all of them alike.
 * Each run is a cold build (no output, no cache of any kind: each system's are set aside, bench/lib/set-aside.ts, and
 * deleted only when every build has been measured) followed by a warm rebuild after one page was
 * edited (each system's own caches kept); docsgen's run adds the same edit made while `docsgen build --watch` runs,
 * timed from the edit to the rebuild's report (bench/lib/watch-rebuild.ts). Reported per build: wall time, CPU time (user + system of the whole
 * process tree, from /usr/bin/time) and peak RSS of the whole tree, with the load average when it started.
 * Peers are installed into bench/peers/<name>/node_modules (gitignored) on first use only.
 * Before the measured runs, each system makes one unmeasured run, cold build and rebuild (as hyperfine's --warmup): the
 * first builds after an install or a copy pay for what later ones find ready (docsgen writes V8's code cache of its CLI
 * after each of its first two; every system reads its node_modules from disk), and with three runs that one build was
 * the median's neighbour.
 * Env: BENCH_SIZES=206,2000 (default), BENCH_RUNS (runs per system and size, default 3), BENCH_SYSTEMS (a subset, by key),
 * BENCH_WARMUP (unmeasured runs per system and size first, default 1).
 * Results are merged into bench/results-peers.json by size and system, each with the time and the machine it was
 * measured on; the tables printed at the end cover the whole file, with a ratio only between figures of one machine.
 * `npm run bench:peers -- --report` only prints them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { catalogueIds, writeCorpus } from '../corpus.js';
import { BENCH_DIR, compileCli, REPO_ROOT } from '../lib/docsgen.js';
import { machineLabel, thisMachine, type Machine } from '../lib/machine.js';
import { runTimed, timedLine, type TimedRun } from '../lib/measure.js';
import { watchRebuild } from '../lib/watch-rebuild.js';
import { clearSetAside, setAside } from '../lib/set-aside.js';
import { mb, summarize, type Summary } from '../lib/stats.js';
import { table } from '../lib/table.js';

const HERE = path.join(BENCH_DIR, 'peers');
/** A copy of the CLI as built when the benchmark starts, so that rebuilding dist/ meanwhile does not change what it measures. */
const CLI = path.join(BENCH_DIR, '.out', 'peers-cli');
/** Outside the corpus, whose root is also its content folder (docsgen refuses to write into that). */
const DOCSGEN_OUT = path.join(BENCH_DIR, '.out', 'peers-docsgen');
const sizes = (process.env.BENCH_SIZES ?? '206,2000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const warmups = Number(process.env.BENCH_WARMUP ?? 1);
/** The page edited before each warm rebuild. */
const EDITED = 'docs/api/signature.md';

type Build = TimedRun;

interface System {
  key: string;
  name: string;
  /** Folder the corpus's docs/ is copied into, and the build's working directory. */
  dir: string;
  docs: string;
  /** Removed for a cold build: output and every cache (relative to the working directory, or absolute). */
  coldState: string[];
  command: string[];
}

const docusaurusCli = ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build'];
const docusaurusState = ['build', '.docusaurus', 'node_modules/.cache'];
const systems: System[] = [
  { key: 'docsgen', name: 'docsgen', dir: '', docs: 'docs', coldState: [DOCSGEN_OUT, 'node_modules/.cache'], command: [path.join(CLI, 'bin', 'docsgen.js'), 'build', '--out', DOCSGEN_OUT] },
  { key: 'faster', name: 'Docusaurus 3.10 Faster', dir: 'docusaurus', docs: 'docs', coldState: docusaurusState, command: [...docusaurusCli, '--config', 'docusaurus.faster.config.js'] },
  { key: 'docusaurus', name: 'Docusaurus 3.10 default', dir: 'docusaurus', docs: 'docs', coldState: docusaurusState, command: docusaurusCli },
  { key: 'vitepress', name: 'VitePress 1.6', dir: 'vitepress', docs: 'src/docs', coldState: ['.vitepress/dist', '.vitepress/cache'], command: ['node_modules/vitepress/bin/vitepress.js', 'build'] },
].filter((system) => !process.env.BENCH_SYSTEMS || process.env.BENCH_SYSTEMS.split(',').includes(system.key));

function measure(system: System, cwd: string): Promise<Build> {
  const [script, ...args] = system.command;
  return runTimed(script, args, cwd);
}

/** The system's working directory for a corpus. */
function workingDir(system: System, corpus: string): string {
  return system.dir ? path.join(HERE, system.dir) : corpus;
}

/** The system's own copy of the page edited before a rebuild. */
function editedFile(system: System, corpus: string): string {
  return path.join(workingDir(system, corpus), system.docs, path.relative('docs', EDITED));
}

/** A cold build (the system's cold state set aside first), then a rebuild after one paragraph is appended to one page, which is then restored. */
async function coldThenWarm(system: System, corpus: string, label: string): Promise<{ cold: Build; warm: Build }> {
  const cwd = workingDir(system, corpus);
  const edited = editedFile(system, corpus);
  const original = await readFile(edited, 'utf8');
  for (const state of system.coldState) await setAside(path.resolve(cwd, state));
  const cold = await measure(system, cwd);
  await appendFile(edited, `\n编辑后的段落，${label}。\n`);
  const warm = await measure(system, cwd);
  await writeFile(edited, original);
  return { cold, warm };
}

interface Samples {
  cold: Build[];
  warm: Build[];
  /** docsgen only: the rebuild after the same edit by a `docsgen build --watch` already running. */
  watch?: Build[];
}

interface SystemResult {
  name: string;
  /** When and where these runs were made (results of several runs of the benchmark share the file). */
  measured?: { date: string; machine: Machine };
  cold: Record<keyof Build, Summary>;
  warm: Record<keyof Build, Summary>;
  watch?: Record<keyof Build, Summary>;
  runs: Samples;
}

interface SizeResult {
  pages: number;
  systems: Record<string, SystemResult>;
}

const summaryOf = (builds: Build[]): Record<keyof Build, Summary> => ({
  wallMs: summarize(builds.map((b) => b.wallMs)),
  cpuMs: summarize(builds.map((b) => b.cpuMs)),
  peakRssBytes: summarize(builds.map((b) => b.peakRssBytes)),
  load: summarize(builds.map((b) => b.load)),
});

/** Installs the peers if needed, builds the CLI and copies it, then measures every size: the results of this run. */
async function measureAll(): Promise<SizeResult[]> {
  for (const dir of new Set(systems.map((system) => system.dir).filter(Boolean))) {
    if (existsSync(path.join(HERE, dir, 'node_modules', '.package-lock.json'))) continue;
    console.log(`installing into bench/peers/${dir} (npm install)…`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: path.join(HERE, dir), stdio: ['ignore', 'inherit', 'inherit'] });
  }
  compileCli();
  await rm(CLI, { recursive: true, force: true });
  // With their times, as an install has them: the bundles' recorded fingerprints hold while size and time match (worker-file.ts).
  for (const dir of ['bin', 'dist']) await cp(path.join(REPO_ROOT, dir), path.join(CLI, dir), { recursive: true, preserveTimestamps: true });

  const ids = await catalogueIds();
  const results: SizeResult[] = [];
  for (const pages of sizes) {
    const corpus = path.join(BENCH_DIR, '.corpus', `peers-${pages}`);
    await setAside(corpus);
    await writeCorpus({ pages, dir: corpus, ids });
    const samples = new Map(systems.map((system) => [system.key, { cold: [], warm: [] } as Samples]));
    // The peers read the same Markdown and _category_.json files from their own folders.
    for (const system of systems.filter((s) => s.dir)) {
      const target = path.join(HERE, system.dir, system.docs);
      await setAside(target);
      await cp(path.join(corpus, 'docs'), target, { recursive: true });
    }
    // A warm-up is a whole run, cold build and rebuild: docsgen writes its CLI's code cache after each of its first two
    // builds (bin/load-cli.js, 45–63 ms a write in profiles), so with a cold build alone the second write fell to the
    // first measured build.
    for (let warmup = 0; warmup < warmups; warmup++) {
      for (const system of systems) {
        const { cold, warm } = await coldThenWarm(system, corpus, `预热，第 ${warmup + 1} 次`);
        console.log(`  ${pages} pages, warm-up ${warmup + 1}/${warmups}, ${system.name}: cold ${(cold.wallMs / 1000).toFixed(2)} s, warm ${(warm.wallMs / 1000).toFixed(2)} s wall (not counted)`);
      }
    }
    for (let run = 0; run < runs; run++) {
      // Each run starts with a different system, so none always runs right after the heaviest.
      const order = systems.map((_, i) => systems[(i + run) % systems.length]);
      for (const system of order) {
        const { cold, warm } = await coldThenWarm(system, corpus, `第 ${run + 1} 次运行`);
        samples.get(system.key)!.cold.push(cold);
        samples.get(system.key)!.warm.push(warm);
        console.log(`  ${pages} pages, run ${run + 1}/${runs}, ${system.name}: cold ${timedLine(cold)}; warm ${timedLine(warm)}`);
        if (system.key === 'docsgen') {
          const edited = editedFile(system, corpus);
          const original = await readFile(edited, 'utf8');
          const watched = await watchRebuild(path.join(CLI, 'bin', 'docsgen.js'), ['--out', DOCSGEN_OUT], corpus, () => appendFile(edited, `\n编辑后的段落，第 ${run + 1} 次运行，监视中。\n`));
          await writeFile(edited, original);
          (samples.get(system.key)!.watch ??= []).push(watched);
          console.log(`  ${pages} pages, run ${run + 1}/${runs}, docsgen build --watch: rebuild ${timedLine(watched)}`);
        }
      }
    }
    const measured = { date: new Date().toISOString(), machine: thisMachine() };
    results.push({
      pages,
      systems: Object.fromEntries(systems.map((system) => {
        const { cold, warm, watch } = samples.get(system.key)!;
        return [system.key, { name: system.name, measured, cold: summaryOf(cold), warm: summaryOf(warm), watch: watch && summaryOf(watch), runs: { cold, warm, watch } }];
      })),
    });
  }

  return results;
}

const resultsFile = path.join(BENCH_DIR, 'results-peers.json');
const merged = existsSync(resultsFile) ? (JSON.parse(await readFile(resultsFile, 'utf8')) as { results: SizeResult[] }).results : [];
if (!process.argv.includes('--report')) {
  // Results of other sizes and systems stay in the file, so a size or a system can be rerun alone (BENCH_SIZES, BENCH_SYSTEMS).
  // Before and after: what the last run left, and this run's outputs and caches, deleted once no build is measured.
  await clearSetAside();
  const measuredResults = await measureAll();
  await clearSetAside();
  for (const fresh of measuredResults) {
    const old = merged.find((entry) => entry.pages === fresh.pages);
    if (old) Object.assign(old.systems, fresh.systems);
    else merged.push(fresh);
  }
  merged.sort((a, b) => a.pages - b.pages);
  await writeFile(resultsFile, JSON.stringify({ date: new Date().toISOString(), results: merged }, null, 2) + '\n');
  console.log('\nwrote bench/results-peers.json');
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const ratio = (ours: number, theirs: number) => `${(theirs / ours).toFixed(1)}×`;
for (const { pages, systems: bySystem } of merged) {
  const ours = bySystem.docsgen;
  // A ratio only against docsgen measured on the same machine.
  const comparable = (s: SystemResult) => ours && machineLabel(s.measured?.machine) === machineLabel(ours.measured?.machine);
  for (const kind of ['cold', 'warm'] as const) {
    // Warm, a `docsgen build --watch` already running is a row of its own, and each peer's ratio to it a column.
    const watch = kind === 'warm' ? ours?.watch : undefined;
    const rows = Object.values(bySystem).map((s) => ({ name: s.name, figures: s[kind], system: s }));
    if (watch) rows.splice(1, 0, { name: 'docsgen build --watch', figures: watch, system: ours });
    console.log(`\n## ${pages} pages, ${kind} (medians; ratio = peer ÷ docsgen${watch ? '; one-shot build, and build --watch' : ''})\n`);
    console.log(
      table(
        ['system', 'runs', 'wall', 'CPU', 'peak RSS', 'load', 'wall ratio', 'CPU ratio', ...(watch ? ['wall ratio, --watch'] : []), 'measured on'],
        rows.map(({ name, figures, system: s }) => [
          name,
          figures.wallMs.runs,
          seconds(figures.wallMs.median),
          seconds(figures.cpuMs.median),
          mb(figures.peakRssBytes.median),
          `${figures.load.min.toFixed(1)}–${figures.load.max.toFixed(1)}`,
          comparable(s) ? ratio(ours[kind].wallMs.median, figures.wallMs.median) : '–',
          comparable(s) ? ratio(ours[kind].cpuMs.median, figures.cpuMs.median) : '–',
          ...(watch ? [comparable(s) ? ratio(watch.wallMs.median, figures.wallMs.median) : '–'] : []),
          s.measured ? `${s.measured.date.slice(0, 16).replace('T', ' ')} UTC, ${machineLabel(s.measured.machine)}` : 'not recorded',
        ]),
      ),
    );
  }
}
