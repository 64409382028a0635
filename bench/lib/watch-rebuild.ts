import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { measuredEnv, type TimedRun } from './measure.js';

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU of one process, all its threads, in milliseconds. */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function peakRssOf(pid: number): Promise<number> {
  return Number(/^VmHWM:\s+(\d+)/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
}

/**
 * `docsgen build --watch` after one edit: the process is started and builds once (not measured), then `edit` is made
 * and the time taken until the process reports the rebuild it started, so the watcher's notice and batching count.
 * CPU is the process's own during that time; peak RSS is the process's peak over its whole life, the first build's
 * included (what keeping it running costs).
 */
export async function watchRebuild(cli: string, args: string[], cwd: string, edit: () => Promise<void>): Promise<TimedRun> {
  const child = spawn(process.execPath, [cli, 'build', '--watch', ...args], { cwd, env: measuredEnv({ NODE_ENV: 'production' }), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let notify: (() => void) | undefined;
  const onOutput = (chunk: Buffer) => {
    output += chunk;
    notify?.();
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      notify = () => {
        if (pattern.test(output)) resolve();
        else if (/docsgen: error/.test(output)) reject(new Error(`build --watch failed:\n${output}`));
      };
      child.once('exit', () => reject(new Error(`build --watch exited:\n${output}`)));
      notify();
    });
  try {
    await printed(/watching for changes/);
    // The edit comes a moment after the first build, as an author's would, not while its last writes settle.
    await new Promise((resolve) => setTimeout(resolve, 500));
    output = '';
    const load = loadavg()[0];
    const cpuBefore = await cpuMsOf(child.pid!);
    const start = performance.now();
    await edit();
    await printed(/after a change of/);
    const wallMs = performance.now() - start;
    const cpuMs = (await cpuMsOf(child.pid!)) - cpuBefore;
    return { wallMs, cpuMs, peakRssBytes: await peakRssOf(child.pid!), load };
  } finally {
    child.kill('SIGINT');
    await exited;
  }
}
