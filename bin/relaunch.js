import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
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
  if (!needsSmallV8Pool({ cores: availableParallelism(), args: process.argv.slice(2), env: process.env })) {
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

/** Whether this process should start again with `--v8-pool-size=1`: on one or two cores, once, for what builds. */
function needsSmallV8Pool({ cores, args, env }) {
  return cores <= 2 && !env[RELAUNCHED] && !args.some((arg) => PRINT_AND_EXIT.has(arg));
}
