import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createSearchEngine } from '../../theme/client/search-engine.js';
import { OBJECTS, TOPICS, VERBS } from '../corpus.js';
import { summarize, type Summary } from './stats.js';

export interface SearchFigures {
  /** The index folder, assets/search/. */
  dir: string;
  files: number;
  raw: number;
  gzip: number;
  metaGzip: number;
  /** The term shards t<n>.json: the postings, what a search engine's index is. */
  postingsGzip: number;
  /** The page files p<n>.json: titles, headings and excerpts, what the results show. */
  pageFilesGzip: number;
  /** Bytes (gzip) a first query transfers: the meta file and the titles (fetched on focus), its shards and the page files of the 8 results a dropdown shows. */
  firstQuery: Summary;
  /** Bytes a second, different query transfers after the first one (only shards and page files not fetched yet). */
  secondQuery: Summary;
  /** Different queries timed (BENCH_QUERIES), and how many of them find at least one page. */
  queries: number;
  matching: number;
  /**
   * Wall time of each query as the first one of a fresh engine (its files already read from disk but not
   * parsed): parsing the meta file, its shards and its page files, matching, ranking, excerpts. What the worker
   * does for a first query, less the network.
   */
  cold: Summary;
  /** The process's CPU time (user + system) over the same first queries: what load on the machine cannot inflate. */
  coldCpu: Summary;
  /** Wall time of the same query repeated on that engine, its shards and page files already parsed. */
  warm: Summary;
  warmCpu: Summary;
}

const fixture = (name: string) =>
  (JSON.parse(readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8')) as { query: string }[]).map((q) => q.query);
/**
 * The queries a search figure is measured on: the relevance fixtures' queries as developers type them (questions,
 * error codes, API names, partial words, typos), and the synthetic corpus's own words the same ways (bench/corpus.ts),
 * so that at every size most queries find pages, many of them thousands.
 */
export const BENCH_QUERIES = [
  ...new Set([
    ...fixture('search-queries.json'),
    ...fixture('search-queries-extra.json'),
    ...['设备', '固件升级', '访问令牌', 'deviceId', 'region', '回调', '推送', '错误码', 'sdk', '签名', '网关子设备', '低功耗唤醒', '激活码 购买', 'token'],
    ...TOPICS,
    ...OBJECTS,
    ...VERBS.map((verb, i) => verb + OBJECTS[(i * 3) % OBJECTS.length]),
    ...TOPICS.map((topic, i) => `怎么${VERBS[i % VERBS.length]}${topic}`),
    ...['getDeviceList', 'getDevcieList', 'xy_iot_init', 'createLivePlayer', 'createLivePlayr', 'XYWebSDK', 'product_key', 'onSuccess', 'XYCallback'],
    ...['指数退避重试', '错误码 1009', 'Unix 毫秒时间戳', '主线程', '法兰克福 数据中心', '网络抖动 自动重连', '回调返回', '第 3 部分', '细节'],
  ]),
];
const QUERIES = BENCH_QUERIES;

/**
 * The sharded index of a built site: its size, what a first and a second query transfer (gzip level 9, as a
 * static host serves it), and query time through the theme's own engine (the code the search worker runs).
 */
export async function searchFigures(siteDir: string): Promise<SearchFigures | undefined> {
  const dir = path.join(siteDir, 'assets', 'search');
  const names = await readdir(dir).catch(() => [] as string[]);
  const metaFile = names.find((name) => name.startsWith('meta.'));
  if (!metaFile) return undefined;
  const texts = new Map<string, string>();
  for (const name of names) texts.set(name, await readFile(path.join(dir, name), 'utf8'));
  const gzipped = new Map([...texts].map(([name, text]) => [name, gzipSync(text, { level: 9 }).length]));
  const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
  const engine = () => {
    const requested: string[] = [];
    const search = createSearchEngine(async (name) => {
      requested.push(name);
      return JSON.parse(texts.get(name)!) as unknown;
    }, metaFile);
    return { search, requested };
  };
  const bytes = (names: string[]) => sum(names.map((name) => gzipped.get(name)!));
  const first: number[] = [];
  const second: number[] = [];
  const [cold, coldCpu, warm, warmCpu]: number[][] = [[], [], [], []];
  const timed = async (run: () => Promise<unknown>, wall: number[], cpu: number[]) => {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await run();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  };
  let matching = 0;
  for (const [i, query] of QUERIES.entries()) {
    const fresh = engine();
    await timed(async () => {
      if ((await fresh.search.search(query, { limit: 8 })).total) matching++;
    }, cold, coldCpu);
    first.push(bytes(fresh.requested));
    await timed(() => fresh.search.search(query, { limit: 8 }), warm, warmCpu);
    const seen = fresh.requested.length;
    await fresh.search.search(QUERIES[(i + 1) % QUERIES.length], { limit: 8 });
    second.push(bytes(fresh.requested.slice(seen)));
  }
  return {
    dir: path.relative(siteDir, dir),
    files: texts.size,
    raw: sum([...texts.values()].map((text) => Buffer.byteLength(text))),
    gzip: sum(gzipped.values()),
    metaGzip: gzipped.get(metaFile)!,
    postingsGzip: sum([...gzipped].filter(([name]) => name.startsWith('t.')).map(([, bytes]) => bytes)),
    pageFilesGzip: sum([...gzipped].filter(([name]) => name.startsWith('p.') || name.startsWith('titles.')).map(([, bytes]) => bytes)),
    firstQuery: summarize(first),
    secondQuery: summarize(second),
    queries: QUERIES.length,
    matching,
    cold: summarize(cold),
    coldCpu: summarize(coldCpu),
    warm: summarize(warm),
    warmCpu: summarize(warmCpu),
  };
}
