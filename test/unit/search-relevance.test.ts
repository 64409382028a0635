import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { buildSearchIndex } from '../../packages/core/src/search/build-search-index.js';
import type { SearchPageTitles } from '../../packages/shared/src/search-index.js';
import { createSearchEngine } from '../../theme/client/search-engine.js';
import { memoryIndex, parseSiteDocs, repoRoot } from '../helpers/search-docs.js';

interface RelevanceQuery {
  query: string;
  /** Doc ids a user would accept as the answer; one of them must be in the top 3. */
  expect: string[];
  /** A documented miss: reported, not asserted. */
  knownMiss?: string;
}

// Parsed once for every test of this file.
const site = parseSiteDocs(repoRoot);

const queries = JSON.parse(readFileSync(new URL('../fixtures/search-queries.json', import.meta.url), 'utf8')) as RelevanceQuery[];

test('the expected page is in the top 3 for Chinese and mixed queries over the real docs', async () => {
  const { docs, baseUrl } = await site;
  const result = buildSearchIndex({ docs, baseUrl });
  assert.match(result.url ?? '', new RegExp(`^${baseUrl}assets/search/meta\\.[0-9a-f]{12}\\.json$`));
  const index = memoryIndex(result);
  const engine = createSearchEngine(index.read, index.metaFile);
  const idByRoute = new Map(docs.map((doc) => [doc.source.route, doc.source.id]));
  const ids = new Set(idByRoute.values());
  // Pages still being written are left out; the assertion below keeps the set large enough to mean something.
  const present = queries.filter((q) => q.expect.some((id) => ids.has(id)));
  const failures: string[] = [];
  let asserted = 0;
  for (const q of present) {
    const top = (await engine.search(q.query, { limit: 3 })).hits.map((hit) => idByRoute.get(hit.route));
    const found = top.some((id) => id !== undefined && q.expect.includes(id));
    if (q.knownMiss) {
      if (!found) console.log(`known miss: ${q.query} → ${top.join(', ')} (${q.knownMiss})`);
      continue;
    }
    asserted++;
    if (!found) failures.push(`${q.query}: got ${top.join(', ')}; expected one of ${q.expect.filter((id) => ids.has(id)).join(', ')}`);
  }
  assert.ok(asserted >= 30, `only ${asserted} queries have their expected pages`);
  assert.deepEqual(failures, []);
});

test('title and heading matches rank before body matches; complete matches before partial', async () => {
  const { docs, baseUrl } = await site;
  const index = memoryIndex(buildSearchIndex({ docs, baseUrl }));
  const engine = createSearchEngine(index.read, index.metaFile);
  const { hits } = await engine.search('签名算法', { limit: 5 });
  assert.equal(hits[0].title.map((p) => p.text).join(''), '签名算法');
  const flags = (await engine.search('激活码 购买', { limit: 10 })).hits.map((hit) => hit.phrase);
  assert.deepEqual(flags, [...flags].sort((a, b) => Number(b) - Number(a)));
  assert.ok(flags[0]);
});

test('drafts and unlisted docs are not indexed', async () => {
  const { docs, baseUrl } = await site;
  const hidden = { ...docs[0], source: { ...docs[0].source, frontMatter: { ...docs[0].source.frontMatter, unlisted: true } } };
  const draft = { ...docs[1], source: { ...docs[1].source, frontMatter: { ...docs[1].source.frontMatter, draft: true } } };
  const { files, meta } = memoryIndex(buildSearchIndex({ docs: [hidden, draft, ...docs.slice(2)], baseUrl }));
  const titles = JSON.parse(files.get(meta.files.titles)!) as SearchPageTitles;
  const routes = new Set(titles.pages.map(([route]) => route));
  assert.ok(!routes.has(docs[0].source.route) && !routes.has(docs[1].source.route));
  assert.equal(routes.size, docs.length - 2);
  assert.equal(meta.files.pages.length, Math.ceil(routes.size / meta.pagesPerFile), 'no page file for them either');
});

test('excerpts and headings carry highlight ranges for the query terms', async () => {
  const { docs, baseUrl } = await site;
  const index = memoryIndex(buildSearchIndex({ docs, baseUrl }));
  const engine = createSearchEngine(index.read, index.metaFile);
  const [hit] = (await engine.search('低功耗', { limit: 1 })).hits;
  const marked = [...hit.title, ...hit.heading, ...hit.excerpt].filter((p) => p.match).map((p) => p.text);
  assert.ok(marked.length > 0 && marked.every((text) => text === '低功耗'), JSON.stringify(marked));
  assert.deepEqual((await engine.search('zzzzqqq')).hits, []);
  assert.ok((await engine.search('码')).hits.length > 0, 'a single character finds the terms that start with it');
});
