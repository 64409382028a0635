'use strict';
// Runs one docsgen command as bin/docsgen.js does (CommonJS too, for the same reason: bin/background-threads.js) and
// reports the peak memory of its process on stderr, for the benchmark.
const { yieldBackgroundThreads } = require('../bin/background-threads.js');

yieldBackgroundThreads();
process.env.NODE_ENV ??= 'production';
require('../bin/load-cli.js')
  .runCli(process.argv)
  .then(() => process.stderr.write(`\nBENCH ${JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS })}\n`));
