'use strict';
const { readdirSync } = require('node:fs');
const { availableParallelism, setPriority } = require('node:os');

/** How much less CPU time node's and V8's own threads get than the thread that builds, when both want it (a nice value). */
const BACKGROUND_NICE = 10;

/**
 * On one or two cores, V8's four background threads (the optimizing compiler, the collector's helpers) crowd out the
 * one thread that builds. Node sets how many there are only from its command line (`--v8-pool-size`), which the CLI
 * did by starting itself again with `--v8-pool-size=1`, a second process that cost about 50 ms of every cold build.
 * Instead, the threads this process has when the CLI starts run at a lower priority than the main thread: V8's, its
 * delayed-task thread and node's signal thread, the only ones then, as bin/docsgen.js is CommonJS (loading an ES module
 * would already have started libuv's file I/O threads). They still run whenever a core is free. Threads started later
 * keep the main thread's priority: the build's workers, and libuv's threads, which write the output (lowered too, they
 * made the render stage of a 2,000-page build 5–10 % slower, waiting for its writes).
 *
 * Cold builds of 206 pages, 8 alternating runs in the same folder on tmpfs: 0.725 s relaunched, 0.70 s this way (0.70 s
 * at nice 19 too), 0.66 s for the unreachable ideal of one process started with `--v8-pool-size=1`, and 0.77 s leaving
 * the threads be; rebuilds after one edit 0.33 s either way; 2,000 pages cold 3.03 s relaunched, 3.01 s this way (4
 * alternating runs). Linux only, where setpriority takes a thread's id and /proc lists a process's threads.
 */
function yieldBackgroundThreads() {
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

exports.yieldBackgroundThreads = yieldBackgroundThreads;
