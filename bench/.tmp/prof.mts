import lunr from "lunr";
import { parseSiteDocs } from '/work/main/test/helpers/search-docs.ts';
import { buildSearchIndex } from '/work/main/packages/core/src/search/build-search-index.ts';
const { docs, baseUrl } = await parseSiteDocs();
const d = buildSearchIndex({ docs, baseUrl }).data!;
let t = performance.now();
lunr.TokenSet.fromArray(d.index.terms);
console.log('tokenset', performance.now() - t);
t = performance.now();
const b = new lunr.TokenSet.Builder(); for (const w of d.index.terms) b.insert(w); b.finish();
console.log('builder', performance.now() - t);
t = performance.now();
const { createSearchEngine } = await import('/work/main/theme/client/search-engine.ts');
const e = createSearchEngine(d);
console.log('engine', performance.now() - t);
for (const q of ['码', '固件升级', '签名算法', 'getDeviceList']) { t = performance.now(); e.search(q); console.log(q, performance.now() - t); }
