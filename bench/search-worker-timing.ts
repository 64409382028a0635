// The worker timing of one built site in a process of its own (bench/search-scale.ts runs it): the benchmark's own
// process holds what it built, and its garbage collection paused the static server it ran in that process
// (p95 35 ms against 23 ms for the same site in the same minute). Prints the WorkerTimes as JSON.
import { workerTimes } from './lib/search-worker-timing.js';
import { BENCH_QUERIES } from './lib/search.js';

const [siteDir] = process.argv.slice(2);
if (!siteDir) throw new Error('usage: search-worker-timing.ts <built site folder>');
process.stdout.write(JSON.stringify(await workerTimes(siteDir, '/docscenter/', BENCH_QUERIES)));
