// Search benchmark over the real docs: index size (raw, gzip), build time, query latency (median, p95), and relevance, per tokenizer variant.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { CjkMode } from '@docsgen/shared';
import { buildSearchIndex } from '../packages/core/src/search/build-search-index.js';
import { createSearchEngine } from '../theme/client/search-engine.js';
import { parseSiteDocs } from '../test/helpers/search-docs.js';

const queries = JSON.parse(readFileSync(new URL('../test/fixtures/search-queries.json', import.meta.url), 'utf8')) as { query: string; expect: string[] }[];
const { docs, baseUrl } = await parseSiteDocs();
const idByRoute = new Map(docs.map((doc) => [doc.source.route, doc.source.id]));
const ids = new Set(idByRoute.values());
const present = queries.filter((q) => q.expect.some((id) => ids.has(id)));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

console.log(`${docs.length} docs, ${present.length} relevance queries`);
for (const cjk of ['bigram', 'bigram+unigram'] as CjkMode[]) {
  const builds: number[] = [];
  let result = buildSearchIndex({ docs, baseUrl, tokenizer: { cjk } });
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    result = buildSearchIndex({ docs, baseUrl, tokenizer: { cjk } });
    builds.push(performance.now() - start);
  }
  const json = result.files[0].contents as string;
  const loadStart = performance.now();
  const engine = createSearchEngine(result.data!, { cjk });
  const load = performance.now() - loadStart;
  const latencies: number[] = [];
  let top1 = 0;
  let top3 = 0;
  for (let round = 0; round < 5; round++) {
    for (const q of present) {
      const start = performance.now();
      const hits = engine.search(q.query, 10);
      latencies.push(performance.now() - start);
      if (round) continue;
      const top = hits.map((hit) => idByRoute.get(hit.route)!);
      if (q.expect.includes(top[0])) top1++;
      if (top.slice(0, 3).some((id) => q.expect.includes(id))) top3++;
    }
  }
  const data = result.data!;
  console.log(
    `${cjk.padEnd(15)} index ${kib(Buffer.byteLength(json))} raw, ${kib(gzipSync(json).length)} gzip (postings ${kib(gzipSync(JSON.stringify(data.index)).length)} gzip, ${data.index.terms.length} terms, ${data.sections.length} sections)` +
      ` | build median ${percentile(builds, 0.5).toFixed(0)} ms | client load ${load.toFixed(0)} ms` +
      ` | query median ${percentile(latencies, 0.5).toFixed(2)} ms, p95 ${percentile(latencies, 0.95).toFixed(2)} ms | top-1 ${top1}/${present.length}, top-3 ${top3}/${present.length}`,
  );
}
