// Runs one docsgen command as bin/docsgen.js does and reports the peak memory of its process on stderr, for the benchmark.
import { yieldBackgroundThreads } from '../bin/background-threads.js';
import { runCli } from '../bin/load-cli.js';

process.env.NODE_ENV ??= 'production';
yieldBackgroundThreads();
await runCli(process.argv);
process.stderr.write(`\nBENCH ${JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS })}\n`);
