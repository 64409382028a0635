// Runs one docsgen command as bin/docsgen.js does (relaunched the same way) and reports the peak memory of
// the process that did the work on stderr, for the benchmark.
import { runCli } from '../bin/load-cli.js';
import { relaunchWithSmallV8Pool } from '../bin/relaunch.js';

process.env.NODE_ENV ??= 'production';
if (!relaunchWithSmallV8Pool(import.meta.url)) {
  await runCli(process.argv);
  process.stderr.write(`\nBENCH ${JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS })}\n`);
}
