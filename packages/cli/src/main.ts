import { Command, InvalidArgumentError } from 'commander';

import path from 'node:path';
import packageJson from '../../../package.json' with { type: 'json' };
import { build, isDocsgenError, serve, watch, type BuildOptions, type BuildResult, type BuildStats, type ProgressEvent } from '@docsgen/core';

/** What the user asked for, with every option typed. */
interface CommonOptions {
  root: string;
  verbose: boolean;
}

/** Relative to the site root, where npm keeps tools' caches. */
const DEFAULT_CACHE_DIR = 'node_modules/.cache/docsgen';

const program = new Command()
  .name('docsgen')
  .description('Build, check and serve a documentation site from Markdown.')
  .version(packageJson.version, '-v, --version', 'print the version of docsgen')
  .option('--root <dir>', 'folder that holds site.config.ts', process.cwd())
  .option('--verbose', 'show stack traces of errors', false)
  .showHelpAfterError();

withBuildTuningOptions(
  program
    .command('build')
    .description('production build into the output folder (drafts left out); fails on broken links')
    .option('--out <dir>', 'output folder, served as the site base path', 'build')
    .option('--force', 'replace the output folder even when docsgen did not create it (it has no .docsgen-output file)', false)
    .option('--watch', 'build again after every change of the content, static files, config or theme, until stopped (Ctrl+C)', false),
).action(async (options: BuildCommandOptions & { out: string; force: boolean; watch: boolean }) => {
  const { root } = common();
  if (options.watch) return watchBuild({ root, outDir: options.out, force: options.force, ...buildTuning(root, options) });
  const start = performance.now();
  const result = await build({ root, outDir: options.out, force: options.force, write: true, onProgress: progressPrinter(), ...buildTuning(root, options) });
  clearProgress();
  reportNotes(result);
  report('built', result.stats, performance.now() - start);
  console.log(`  output: ${path.resolve(root, options.out)}`);
});

withBuildTuningOptions(program.command('check').description('run every check of the build without writing output (for CI)')).action(async (options: BuildCommandOptions) => {
  const { root } = common();
  const start = performance.now();
  const result = await build({ root, write: false, onProgress: progressPrinter(), ...buildTuning(root, options) });
  clearProgress();
  reportNotes(result);
  report('checked', result.stats, performance.now() - start);
});

program
  .command('serve')
  .description('build in memory, serve the site, rebuild on change and reload the browser')
  .option('--port <port>', 'port to listen on', parsePort, 3000)
  .option('--host <host>', 'address to bind', '127.0.0.1')
  .action(async (options: { port: number; host: string }) => {
    const { root } = common();
    const server = await serve({ root, port: options.port, host: options.host, log: (message) => console.log(`[docsgen] ${message}`) });
    console.log(`[docsgen] serving ${server.url}  (drafts shown; Ctrl+C to stop)`);
    // Ctrl+C pressed twice, or SIGINT then SIGTERM: close once.
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void server.close().then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });

/** `build --watch`: each build reported as it ends, a failed one too, until Ctrl+C or SIGTERM. */
async function watchBuild(options: Pick<BuildOptions, 'root' | 'outDir' | 'force' | 'cacheDir' | 'threads'>): Promise<void> {
  const verbose = program.opts<{ verbose: boolean }>().verbose;
  const watcher = await watch({
    ...options,
    onBuilt: (result, ms, changed) => {
      reportNotes(result);
      report(changed.length ? 'rebuilt' : 'built', result.stats, ms);
      if (changed.length) console.log(`  after a change of: ${changed.join(', ')}`);
      else console.log(`  output: ${path.resolve(options.root, options.outDir!)}\n  watching for changes (Ctrl+C to stop)`);
    },
    onFailed: (error, changed) => {
      console.error(`docsgen: error${changed.length ? ` after ${changed.join(', ')}` : ''}: ${error.format()}\n  (the previous output is unchanged; watching goes on)`);
      if (verbose && error.cause) console.error((error.cause as Error).stack);
    },
    log: (message) => console.error(`docsgen: ${message}`),
  });
  // A build under way is finished, so the output folder is whole when the process ends; a second signal ends it at once.
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(130);
    stopping = true;
    void watcher.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** The options `build` and `check` share: `--cache-dir`, `--no-cache` and `--threads`. */
function withBuildTuningOptions(command: Command): Command {
  return command
    .option('--cache-dir <dir>', 'folder of the persistent cache of parsed docs (safe to share between CI runs)', DEFAULT_CACHE_DIR)
    .option('--no-cache', 'parse every doc, neither reading nor writing the cache')
    .option('--threads <n>', 'threads that parse Markdown and render pages (default: parsing on one per core on large sites with three cores or more, rendering on one)', parseThreads);
}

/** `--cache-dir`, `--no-cache` (commander sets `cache: false`) and `--threads`. */
interface BuildCommandOptions {
  cache: boolean;
  cacheDir: string;
  threads?: number;
}

function buildTuning(root: string, options: BuildCommandOptions): { cacheDir?: string; threads?: number } {
  return { cacheDir: options.cache ? path.resolve(root, options.cacheDir) : undefined, threads: options.threads };
}

function parseThreads(value: string): number {
  const threads = Number(value);
  if (!Number.isInteger(threads) || threads < 1 || threads > 64) throw new InvalidArgumentError('threads is a whole number from 1 to 64');
  return threads;
}

function common(): CommonOptions {
  const options = program.opts<{ root: string; verbose: boolean }>();
  return { root: path.resolve(options.root), verbose: options.verbose };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535');
  return port;
}

function report(verb: string, stats: BuildStats, elapsedMs: number): void {
  const ms = Math.round(elapsedMs);
  const stages = Object.entries(stats.timings)
    .map(([stage, time]) => `${stage} ${time}`)
    .join(', ');
  console.log(`docsgen ${verb} ${stats.pages} pages (${stats.docs} docs), checked ${stats.linksChecked} links, ${stats.files} files (${(stats.bytes / 1024).toFixed(0)} KiB) in ${ms} ms`);
  console.log(`  stages (ms): ${stages}`);
}

/** Settings of a Docusaurus configuration left out, and warnings of the content (unknown keys, admonitions, links). */
function reportNotes({ loaded, warnings }: BuildResult): void {
  if (loaded.unsupported.length) {
    console.log(`${path.relative(process.cwd(), loaded.configFile) || loaded.configFile}: ${loaded.unsupported.length} setting(s) docsgen does not support:`);
    for (const line of loaded.unsupported) console.log(`  ${line}`);
  }
  for (const line of warnings) console.warn(`docsgen: warning: ${line}`);
}

let progressShown = false;

/** A one-line progress display on a terminal; nothing in CI logs. */
function progressPrinter(): (event: ProgressEvent) => void {
  if (!process.stderr.isTTY) return () => undefined;
  let last = 0;
  return ({ stage, done, total }) => {
    const now = Date.now();
    if (done !== total && now - last < 50) return;
    last = now;
    progressShown = true;
    const width = 24;
    const filled = Math.round((done / total) * width);
    process.stderr.write(`\r${stage.padEnd(7)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
  };
}

function clearProgress(): void {
  if (progressShown) process.stderr.write('\r\x1b[2K');
  progressShown = false;
}

/** User mistakes get one clear paragraph and exit code 1; a stack trace only with --verbose. */
export async function main(argv: string[]): Promise<void> {
  try {
    await program.parseAsync(argv);
  } catch (error) {
    clearProgress();
    const verbose = program.opts<{ verbose: boolean }>().verbose;
    if (isDocsgenError(error)) {
      console.error(`docsgen: error: ${error.format()}`);
      if (verbose && error.cause) console.error((error.cause as Error).stack);
    } else {
      console.error(`docsgen: unexpected error: ${(error as Error).message}`);
      if (verbose) console.error((error as Error).stack);
      else console.error('  (run with --verbose for the stack trace)');
    }
    process.exitCode = 1;
  }
}
