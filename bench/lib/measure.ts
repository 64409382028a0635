import { spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';

/** One process run: wall time from spawn to exit (so process start counts) and peak RSS of its whole tree. */
export interface ProcessRun {
  wallMs: number;
  peakRssBytes: number;
  stdout: string;
  stderr: string;
}

/** Sums VmRSS over a process and its descendants; /proc is the only view that covers child processes too. */
async function treeRss(rootPid: number): Promise<number> {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      parents.set(pid, Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      rss.set(pid, Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  for (const [pid, bytes] of rss) {
    for (let p: number | undefined = pid; p; p = parents.get(p)) {
      if (p === rootPid) {
        total += bytes;
        break;
      }
    }
  }
  return total;
}

/**
 * Runs a command to completion while polling its tree's memory. Polling can miss a short peak, so callers
 * that get an exact getrusage figure from the process itself (build-child.mjs) take the larger of the two.
 */
export function runMeasured(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; pollMs?: number } = {}): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    let peak = 0;
    let polling = false;
    const timer = setInterval(() => {
      if (polling || child.pid === undefined) return;
      polling = true;
      treeRss(child.pid)
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
