// Runs one docsgen command in this process and reports its peak memory on stderr, for the benchmark.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../dist/cli.js');
await main(process.argv);
process.stderr.write(`\nBENCH ${JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS })}\n`);
