import { spawn } from 'node:child_process';
import { appendFile, readFile, readdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { mb } from './stats.js';

/** One process run: wall time from spawn to exit (so process start counts) and peak RSS of its whole tree. */
export interface ProcessRun {
  wallMs: number;
  peakRssBytes: number;
  stdout: string;
  stderr: string;
}

/** The process and its descendants (node plus esbuild's service), from a scan of every process's parent. */
async function processTree(rootPid: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      parents.set(pid, Number(/^PPid:\s+(\d+)/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0));
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p; p = parents.get(p)) if (p === rootPid) return true;
    return false;
  };
  return [...parents.keys()].filter(inTree);
}

async function rssOf(pids: number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) {
    try {
      total += Number(/^VmRSS:\s+(\d+)/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

/**
 * The environment every measured build runs in: this process's, less NODE_EXTRA_CA_CERTS. This machine sets that so
 * npm reaches the registry through its proxy, and node then parses the whole certificate bundle as each process starts:
 * `node -e 0` takes 0.12 s with it and 0.04 s without. No build here needs the network, and a developer's machine
 * seldom sets it, so no system is measured with it.
 */
export function measuredEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/**
 * Runs a command to completion while polling its tree's memory. Polling can miss a short peak, so callers
 * that get an exact getrusage figure from the process itself (build-child.cjs) take the larger of the two.
 */
export function runMeasured(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; pollMs?: number } = {}): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? measuredEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    let peak = 0;
    let polling = false;
    let polls = 0;
    let tree: number[] = [];
    // Memory is read every 50 ms, but the tree is looked for in all of /proc only every 20th time: the poller
    // shares the machine with the build it measures, and a full scan every 50 ms cost a 3 s build 0.7 s.
    const timer = setInterval(() => {
      const pid = child.pid;
      if (polling || pid === undefined) return;
      polling = true;
      (polls++ % 20 === 0 ? processTree(pid).then((found) => (tree = found)) : Promise.resolve(tree))
        .then((pids) => rssOf(pids.length ? pids : [pid]))
        .then((bytes) => (peak = Math.max(peak, bytes)))
        .finally(() => (polling = false));
    }, options.pollMs ?? 50);
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - start;
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${stderr.slice(-4000)}\n${stdout.slice(-2000)}`));
      resolve({ wallMs, peakRssBytes: peak, stdout, stderr });
    });
  });
}

/** A build as the peer and thread benchmarks report it. */
export interface TimedRun {
  wallMs: number;
  /** User + system time of the whole process tree (every descendant the process waited for). */
  cpuMs: number;
  peakRssBytes: number;
  /** One-minute load average when the run started: the machine is shared. */
  load: number;
}

/** A timed run as the benchmarks log it: `1.23 s wall, 2.34 s CPU, 345 MB, load 0.12`. */
export function timedLine(b: TimedRun): string {
  return `${(b.wallMs / 1000).toFixed(2)} s wall, ${(b.cpuMs / 1000).toFixed(2)} s CPU, ${mb(b.peakRssBytes)}, load ${b.load.toFixed(2)}`;
}

/** The corpus page the warm benchmarks edit (relative to a corpus root). */
const EDITED_PAGE = path.join('docs', 'api', 'signature.md');

/**
 * One edit, as an author makes it: a paragraph (another each run) appended to the corpus page EDITED_PAGE, `rebuild`
 * run, the page put back.
 */
export async function afterOneEdit<T>(root: string, run: number, rebuild: () => Promise<T>): Promise<T> {
  const edited = path.join(root, EDITED_PAGE);
  const original = await readFile(edited, 'utf8');
  await appendFile(edited, `\n编辑后的段落，第 ${run + 1} 次运行。\n`);
  const result = await rebuild();
  await writeFile(edited, original);
  return result;
}

export interface TimedBuild extends TimedRun {
  /** What a docsgen build printed as its stage times (`config 18, scan 77, …`), when it did. */
  stages?: string;
}

/**
 * Runs a node script under /usr/bin/time for its tree's CPU time. Its %M (the largest single process) is a
 * floor for the tree's peak, which polling every 50 ms can miss on a short build.
 */
export async function runTimed(script: string, args: string[], cwd: string): Promise<TimedBuild> {
  const load = loadavg()[0];
  const run = await runMeasured('/usr/bin/time', ['-f', 'CPU %U %S %M', process.execPath, script, ...args], {
    cwd,
    env: measuredEnv({ NODE_ENV: 'production', NO_UPDATE_NOTIFIER: '1' }),
  });
  const cpu = /CPU ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(run.stderr);
  if (!cpu) throw new Error(`no CPU time from /usr/bin/time:\n${run.stderr.slice(-2000)}`);
  const stages = /stages \(ms\): (.*)/.exec(run.stdout)?.[1];
  return { wallMs: run.wallMs, cpuMs: (Number(cpu[1]) + Number(cpu[2])) * 1000, peakRssBytes: Math.max(run.peakRssBytes, Number(cpu[3]) * 1024), load, stages };
}
