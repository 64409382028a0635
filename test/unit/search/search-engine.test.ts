import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ParsedDoc } from '../../../packages/core/src/markdown/parse-docs.js';
import { buildSearchIndex } from '../../../packages/core/src/search/build-search-index.js';
import { pairsByWord, searchBody } from '../../../packages/core/src/search/pairs-by-word.js';
import type { SearchMeta, SearchPageTitles } from '../../../packages/shared/src/search-index.js';
import { createSearchEngine, type SearchResults } from '../../../theme/client/search-engine.js';
import { minimumPairs, planQuery } from '../../../theme/client/search/query-plan.js';
import { memoryIndex } from '../../helpers/search-docs.js';

/** A parsed doc with only what the search index reads. */
function doc(id: string, title: string, ...sections: [heading: string, text: string][]): ParsedDoc {
  const parts = sections.map(([heading, text], i) => (i === 0 ? { text } : { id: `s${i}`, heading, text }));
  return {
    source: { id, route: `/d/${id}/`, docsPath: `${id}.md`, frontMatter: {} },
    title,
    description: '',
    sections: parts,
    bodyPairs: pairsByWord(searchBody('', parts)),
  } as unknown as ParsedDoc;
}

const DOCS = [
  doc('bind', '设备绑定', ['', '绑定设备前先完成配网。'], ['绑定失败', '返回错误码 1003 时检查令牌。']),
  doc('scatter', '常见问题', ['', '设备列表里可以看到全部设备。用户绑定手机号后即可登录。']),
  doc('network', '联网配置', ['', '通过蓝牙或 Wi-Fi 把联网信息发给设备。']),
  doc('ota', '固件升级', ['', '在控制台创建升级任务，设备下载新固件。']),
  doc('api', '设备列表接口', ['', '调用 getDeviceList 返回设备列表，需要 access token。'], ['XYIoT.init', '初始化 SDK。']),
  ...Array.from({ length: 60 }, (_, i) => doc(`filler${i}`, `说明 ${i}`, ['', `第 ${i} 篇说明，介绍控制台的使用方法和常见设置，包含设备、用户、产品等内容。`])),
];

function engineOver(docs: ParsedDoc[], search: { synonyms?: string[][]; dictionary?: string[]; shardBytes?: number } = {}) {
  const index = memoryIndex(buildSearchIndex({ docs, baseUrl: '/', ...search }));
  return { engine: createSearchEngine(index.read), index };
}

const routes = (results: { hits: { route: string }[] }) => results.hits.map((hit) => hit.route);

test('minimum should match: all of one or two pairs, then at most one pair in three missing', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 9].map(minimumPairs), [1, 2, 2, 3, 4, 4, 5, 6]);
  const [requirement] = planQuery('网关子设备', { synonyms: [], dictionary: [] });
  assert.deepEqual(requirement.alternatives[0].units, [{ kind: 'pairs', text: '网关子设备', pairs: ['网关', '关子', '子设', '设备'], need: 3 }]);
  // Question words frame the query and are not asked for.
  const units = planQuery('怎么绑定设备吗', { synonyms: [], dictionary: [] }).flatMap((r) => r.alternatives[0].units);
  assert.deepEqual(units.map((u) => (u.kind === 'pairs' ? u.text : u.kind)), ['绑定设备']);
});

test('a query with no real match finds nothing; every Latin word is required', async () => {
  const { engine } = engineOver(DOCS);
  assert.deepEqual(await engine.search('完全不存在的词语zzz'), { query: '完全不存在的词语zzz', total: 0, hits: [] });
  assert.equal((await engine.search('设备 zzz')).total, 0, 'a word no page holds empties the results');
  assert.deepEqual(routes(await engine.search('设备 getDeviceList ')), ['/d/api/']);
});

test('a phrase ranks above the same pairs scattered', async () => {
  const { engine } = engineOver(DOCS);
  const results = await engine.search('设备绑定');
  assert.equal(results.hits[0].route, '/d/bind/');
  const scattered = results.hits.findIndex((hit) => hit.route === '/d/scatter/');
  assert.ok(scattered > 0, 'the page holding 设备 and 绑定 apart still matches');
  assert.equal(results.hits[0].phrase, true);
  assert.equal(results.hits[scattered].phrase, false);
});

test('totals are true, not the number shown', async () => {
  const { engine } = engineOver(DOCS);
  const results = await engine.search('控制台', { limit: 5 });
  assert.equal(results.hits.length, 5);
  assert.equal(results.total, 61);
});

test('identifiers: whole, the word being typed as a prefix, a typo one edit away, and parts', async () => {
  const { engine } = engineOver(DOCS);
  assert.deepEqual(routes(await engine.search('getDeviceList ')), ['/d/api/']);
  assert.deepEqual(routes(await engine.search('getDevi')), ['/d/api/'], 'prefix while typing');
  assert.deepEqual(routes(await engine.search('getDevcieList ')), ['/d/api/'], 'transposed letters');
  assert.deepEqual(routes(await engine.search('getDevi ')), [], 'a finished word is not a prefix');
  const [hit] = (await engine.search('XYIoT.init')).hits;
  assert.equal(hit.url, '/d/api/#s1', 'the section whose heading holds the name');
});

test('synonyms from site.config.ts apply at query time, both ways', async () => {
  const synonyms = [['配网', '联网配置'], ['OTA', '固件升级'], ['令牌', 'token']];
  const plain = engineOver(DOCS).engine;
  const { engine } = engineOver(DOCS, { synonyms });
  assert.deepEqual(routes(await plain.search('OTA')), []);
  assert.deepEqual(routes(await engine.search('OTA')), ['/d/ota/']);
  assert.deepEqual(routes(await engine.search('ota ')), ['/d/ota/'], 'case does not matter');
  assert.deepEqual(new Set(routes(await engine.search('联网配置'))), new Set(['/d/network/', '/d/bind/']));
  assert.deepEqual(new Set(routes(await engine.search('令牌'))), new Set(['/d/bind/', '/d/api/']));
  assert.deepEqual(new Set(routes(await engine.search('token '))), new Set(['/d/bind/', '/d/api/']));
  assert.deepEqual(new Set(routes(await engine.search('配网'))), new Set(['/d/bind/', '/d/network/']));
  // A Latin synonym matches whole words only: `tokens` is one typo from token (found), not the synonym 令牌 (not found).
  assert.deepEqual(routes(await engine.search('tokens ')), ['/d/api/']);
});

test('dictionary words are indexed whole and asked for whole', async () => {
  const docs = [doc('a', '甲', ['', '先完成联网配置。']), doc('b', '乙', ['', '设备联网以后再配置。'])];
  const plain = engineOver(docs).engine;
  const { engine } = engineOver(docs, { dictionary: ['联网配置'] });
  assert.deepEqual(new Set(routes(await plain.search('联网配置'))), new Set(['/d/a/', '/d/b/']), 'pairs alone: two of three suffice');
  assert.deepEqual(routes(await engine.search('联网配置')), ['/d/a/']);
});

test('a query fetches meta.json, the titles, its own shards and the shown pages; a second query only what it has not fetched', async () => {
  const { engine, index } = engineOver(DOCS, { shardBytes: 250 });
  const shards = [...index.files.keys()].filter((name) => name.startsWith('t'));
  assert.ok(shards.length > 10, `${shards.length} shards`);
  const { hits } = await engine.search('设备绑定', { limit: 3 });
  const first = [...index.requested];
  assert.deepEqual(first.slice(0, 2), ['meta.json', 'pages.json']);
  assert.ok(first.filter((name) => name.startsWith('t')).length <= 3, first.join(' '));
  const { pages } = JSON.parse(index.files.get('pages.json')!) as SearchPageTitles;
  const { pagesPerFile } = JSON.parse(index.files.get('meta.json')!) as SearchMeta;
  const filesOfShown = new Set(hits.map((hit) => `p${Math.floor(pages.findIndex(([route]) => route === hit.route) / pagesPerFile)}.json`));
  assert.deepEqual(first.filter((name) => /^p\d/.test(name)).sort(), [...filesOfShown].sort(), 'page files only of the results shown');
  await engine.search('设备绑定 1003', { limit: 3 });
  const second = index.requested.slice(first.length);
  assert.ok(second.length >= 1 && second.every((name) => !first.includes(name)), second.join(' '));
});

test('a misspelt identifier fetches the shards of its corrections with its own, in one round', async () => {
  // A term or two per shard: the misspelling's own shards do not hold its correction.
  const { index } = engineOver(DOCS, { shardBytes: 20 });
  let shardsIn = 0;
  const late: string[] = [];
  const engine = createSearchEngine(async (name) => {
    if (!name.startsWith('t')) return index.read(name);
    if (shardsIn) late.push(name);
    const data = await index.read(name);
    shardsIn++;
    return data;
  });
  assert.deepEqual(routes(await engine.search('getDevcieList ')), ['/d/api/']);
  assert.deepEqual(late, [], 'no shard asked for after the first ones arrived');
});

test('an empty query opens the index: meta.json and the titles, nothing else', async () => {
  const { engine, index } = engineOver(DOCS);
  assert.deepEqual(await engine.search(''), { query: '', total: 0, hits: [] });
  assert.deepEqual(index.requested, ['meta.json', 'pages.json']);
});

test('results are shown titled as soon as the shards are in, before their page files arrive', async () => {
  const { index } = engineOver(DOCS);
  let release!: () => void;
  const pageFilesHeld = new Promise<void>((resolve) => (release = resolve));
  const engine = createSearchEngine(async (name) => {
    if (/^p\d/.test(name)) await pageFilesHeld;
    return index.read(name);
  });
  const updates: SearchResults[] = [];
  const done = engine.search('设备绑定', { limit: 3, onPartial: (results) => updates.push(results) });
  while (!updates.length) await new Promise((resolve) => setTimeout(resolve, 1));
  const [titled] = updates;
  assert.equal(titled.hits.length, 2);
  assert.ok(titled.hits.every((hit) => hit.pending && !hit.excerpt.length && !hit.heading.length && hit.url === hit.route));
  assert.deepEqual(titled.hits[0].title.filter((part) => part.match).map((part) => part.text), ['设备绑定']);
  assert.equal(titled.hits[0].section, '');
  release();
  const complete = await done;
  assert.deepEqual(complete.hits.map((hit) => hit.route), titled.hits.map((hit) => hit.route), 'the same results, in the same order');
  assert.ok(complete.hits.every((hit) => !hit.pending && hit.excerpt.length > 0));
  assert.equal(complete.hits[0].url, '/d/bind/#s1', 'the section whose heading holds the query (绑定失败)');
});

test('a three-character run is also met by its last two characters, below the run itself and not as a phrase', async () => {
  const docs = [
    doc('invoice', '费用', ['', '在费用中心申请发票。']),
    doc('develop', '开发者指南', ['', '开发者先创建应用。']),
    doc('both', '报销', ['', '付款后可以开发票。']),
    ...Array.from({ length: 20 }, (_, i) => doc(`filler${i}`, `说明 ${i}`, ['', '控制台的使用方法。'])),
  ];
  const { engine } = engineOver(docs);
  const results = await engine.search('开发票');
  assert.deepEqual(routes(results), ['/d/both/', '/d/invoice/'], 'the page holding only 开发 does not match');
  assert.deepEqual(results.hits.map((hit) => hit.phrase), [true, false]);
  assert.deepEqual(routes(await engine.search('开发者')), ['/d/develop/'], '发者 alone, as 开发者 itself, finds only the page that holds them');
});

test('a pair a body holds only across two words, which no title or heading holds, is not indexed, and a query does not ask for it', async () => {
  // Intl.Segmenter reads 开发|者: 发者 spans two words. Indexed, since a title says 开发者, it is asked for; not indexed, it is not.
  const docs = [doc('develop', '开发指南', ['', '开发者先创建应用。']), doc('both', '报销', ['', '付款后可以开发票。'])];
  assert.deepEqual(routes(await engineOver(docs).engine.search('开发者')), ['/d/develop/', '/d/both/'], 'both hold 开发; develop, whose title holds it, first');
  const titled = [doc('develop', '开发者指南', ['', '开发者先创建应用。']), docs[1]];
  assert.deepEqual(routes(await engineOver(titled).engine.search('开发者')), ['/d/develop/']);
});

test('results stream back as page files arrive, in rank order', async () => {
  const { engine } = engineOver(DOCS);
  const partial: number[] = [];
  const results = await engine.search('设备', { limit: 6, onPartial: (r) => partial.push(r.hits.length) });
  assert.equal(results.hits.length, 6);
  assert.ok(partial.length >= 1 && partial.every((n, i) => i === 0 || n >= partial[i - 1]));
});
