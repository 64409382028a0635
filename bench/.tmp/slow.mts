import queries from '/work/main/test/fixtures/search-queries.json' with { type: 'json' };
import { parseSiteDocs } from '/work/main/test/helpers/search-docs.ts';
import { buildSearchIndex } from '/work/main/packages/core/src/search/build-search-index.ts';
import { createSearchEngine } from '/work/main/theme/client/search-engine.ts';
const { docs, baseUrl } = await parseSiteDocs();
const e = createSearchEngine(buildSearchIndex({ docs, baseUrl }).data!);
for (let r = 0; r < 2; r++) { const out: [number,string][] = []; for (const q of queries) { const t = performance.now(); e.search(q.query, 10); out.push([performance.now() - t, q.query]); } console.log(out.sort((a,b)=>b[0]-a[0]).slice(0,6).map(([t,q])=>q+' '+t.toFixed(1)).join(' | ')); }
for (const q of ['码','设','s','设备']) { const t = performance.now(); e.search(q, 10); console.log(q, (performance.now()-t).toFixed(1)); }
