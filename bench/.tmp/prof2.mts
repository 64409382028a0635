import { parseSiteDocs } from '/work/main/test/helpers/search-docs.ts';
import { buildSearchIndex } from '/work/main/packages/core/src/search/build-search-index.ts';
const { docs, baseUrl } = await parseSiteDocs();
const d = buildSearchIndex({ docs, baseUrl }).data!;
const { createSearchEngine, lunrIndex } = await import('/work/main/theme/client/search-engine.ts');
for (let i = 0; i < 3; i++) { const t = performance.now(); lunrIndex(d.index); console.log('lunrIndex', performance.now() - t); }
const json = JSON.stringify(d); let t = performance.now(); JSON.parse(json); console.log('parse', performance.now() - t);
