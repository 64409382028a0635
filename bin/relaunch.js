import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RELAUNCHED = 'DOCSGEN_RELAUNCHED';

/**
 * On one or two cores, V8's background threads (four by default: the optimizing compiler, the garbage
 * collector) crowd out the one thread that builds; the documentation centre built in 2.84 s as is and in
 * 2.68 s relaunched with `--v8-pool-size=1` (relaunch included, median of six). That option exists only
 * on the command line, so the CLI starts itself again with it. Returns true in the process that relaunched
 * (it then only passes signals on and exits as the other does), false in the one that should do the work.
 */
export function relaunchWithSmallV8Pool(scriptUrl) {
  if (!needsSmallV8Pool({ cores: availableParallelism(), args: process.argv.slice(2), env: process.env, cwd: process.cwd() })) {
    // Started by a relauncher that was killed outright (SIGKILL): stop too, at the next chance.
    if (process.channel) {
      process.channel.unref();
      process.on('disconnect', () => process.exit(1));
    }
    return false;
  }
  const child = spawn(process.execPath, ['--v8-pool-size=1', ...process.execArgv, fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [RELAUNCHED]: '1' },
  });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    for (const name of signals) process.removeAllListeners(name);
    process.kill(process.pid, signal);
  });
  return true;
}

/** Options that print a line and exit, before any build: a second process would only double their start. */
const PRINT_AND_EXIT = new Set(['-v', '--version', '-h', '--help', 'help']);

/** Where `build` and `check` keep their persistent cache unless `--cache-dir` says otherwise (packages/cli/src/main.ts). */
const DEFAULT_CACHE_DIR = 'node_modules/.cache/docsgen';

/**
 * Whether this process should start again with `--v8-pool-size=1`: on one or two cores, once, for a command that builds
 * from scratch. A build that finds its persistent cache parses and renders little, so V8's background threads have
 * little to crowd out and the second process only adds its start: the 206-page corpus rebuilt after one edit took 0.745 s
 * of CPU relaunched and 0.68 s not (10 alternating runs), while a cold build took 1.82 s relaunched and 1.86 s not (16).
 */
function needsSmallV8Pool({ cores, args, env, cwd }) {
  return cores <= 2 && !env[RELAUNCHED] && !args.some((arg) => PRINT_AND_EXIT.has(arg)) && !findsItsCache(args, cwd);
}

/** Whether `build` or `check` will find the persistent cache it uses: `--cache-dir` (or the default) under `--root`. */
function findsItsCache(args, cwd) {
  if (!args.includes('build') && !args.includes('check')) return false;
  if (args.includes('--no-cache')) return false;
  const root = path.resolve(cwd, optionValue(args, '--root') ?? '.');
  return existsSync(path.resolve(root, optionValue(args, '--cache-dir') ?? DEFAULT_CACHE_DIR));
}

/** The value of `--name value` or `--name=value`, as commander reads them. */
function optionValue(args, name) {
  for (const [i, arg] of args.entries()) {
    if (arg === name) return args[i + 1];
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return undefined;
}
