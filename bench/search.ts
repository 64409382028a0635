// Relevance of our search alone over the real docs (quick, no other engine): top-1, top-5 and MRR on test/fixtures/search-queries*.json.
import { readFileSync } from 'node:fs';
import { buildSearchIndex } from '../packages/core/src/search/build-search-index.js';
import { loadConfig } from '../packages/core/src/config/load-config.js';
import { createSearchEngine } from '../theme/client/search-engine.js';
import { memoryIndex, parseSiteDocs, repoRoot } from '../test/helpers/search-docs.js';

const load = (name: string) => JSON.parse(readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url), 'utf8')) as { query: string; expect: string[] }[];
const queries = [...load('search-queries.json'), ...load('search-queries-extra.json')];
const { docs, baseUrl } = await parseSiteDocs();
const { config } = await loadConfig(repoRoot);
const idByRoute = new Map(docs.map((doc) => [doc.source.route, doc.source.id]));
const ids = new Set(idByRoute.values());
const present = queries.filter((q) => q.expect.some((id) => ids.has(id)));
const index = memoryIndex(buildSearchIndex({ docs, baseUrl, ...config.search }));
const engine = createSearchEngine(index.read, index.metaFile);
let top1 = 0;
let top5 = 0;
let reciprocal = 0;
for (const q of present) {
  const { hits } = await engine.search(q.query, { limit: 10 });
  const rank = hits.findIndex((hit) => q.expect.includes(idByRoute.get(hit.route)!));
  if (rank === 0) top1++;
  if (rank >= 0 && rank < 5) top5++;
  if (rank >= 0) reciprocal += 1 / (rank + 1);
  if (rank < 0 || rank >= 5) console.log(`miss: ${q.query} → ${hits.slice(0, 3).map((hit) => idByRoute.get(hit.route)).join(', ')}`);
}
const pct = (n: number) => `${((100 * n) / present.length).toFixed(1)} %`;
console.log(`${present.length} queries: top-1 ${pct(top1)}, top-5 ${pct(top5)}, MRR ${(reciprocal / present.length).toFixed(3)}`);
