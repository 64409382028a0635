import { readdirSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';

/** How much less CPU time node's and V8's own threads get than the thread that builds, when both want it (a nice value). */
const BACKGROUND_NICE = 10;

/**
 * On one or two cores, V8's four background threads (the optimizing compiler, the collector's helpers) crowd out the
 * one thread that builds. Node sets how many there are only from its command line (`--v8-pool-size`), which the CLI
 * did by starting itself again with `--v8-pool-size=1`, a second process that cost about 50 ms of every cold build.
 * Instead, every thread this process has when the CLI starts, all of them node's, V8's and libuv's, runs at a lower
 * priority than the main thread: they still run whenever a core is free, and the build's own workers, started later,
 * keep the main thread's priority. Cold builds of 206 pages, 8 alternating runs in the same folder on tmpfs: 0.725 s
 * relaunched, 0.70 s this way (0.70 s at nice 19 too), 0.66 s for the unreachable ideal of one process started with
 * `--v8-pool-size=1`, and 0.77 s leaving the threads be; rebuilds after one edit 0.33 s either way; 2,000 pages cold
 * 2.90–3.16 s, relaunched or not, within the noise. Linux only, where setpriority takes a thread's id and /proc lists
 * a process's threads.
 */
export function yieldBackgroundThreads() {
  if (process.platform !== 'linux' || availableParallelism() > 2) return;
  let threads;
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    return;
  }
  for (const thread of threads) {
    if (thread === process.pid) continue;
    try {
      setPriority(thread, BACKGROUND_NICE);
    } catch {
      // A thread that ended meanwhile.
    }
  }
}
