import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createSearchEngine } from '../../theme/client/search-engine.js';
import { summarize, type Summary } from './stats.js';

export interface SearchFigures {
  /** The index folder, assets/search/<hash>/. */
  dir: string;
  files: number;
  raw: number;
  gzip: number;
  metaGzip: number;
  /** Bytes (gzip) a first query transfers: meta.json, its shards and the page files of the 8 results a dropdown shows. */
  firstQuery: Summary;
  /** Bytes a second, different query transfers after the first one (only shards and page files not fetched yet). */
  secondQuery: Summary;
  /** Time of a query on a fresh engine (its files already read from disk but not parsed), as a first query in the worker. */
  cold: Summary;
  /** Time of the same queries again, shards already decoded. */
  warm: Summary;
}

const QUERIES = ['设备', '固件升级', '访问令牌', 'deviceId', 'region', '回调', '推送', '错误码', 'sdk', '签名', '设备绑定失败', '网关子设备', '低功耗唤醒', '激活码 购买', 'token'];

/** The queries a search figure is measured on. */
export const BENCH_QUERIES = QUERIES;

/**
 * The sharded index of a built site: its size, what a first and a second query transfer (gzip level 9, as a
 * static host serves it), and query time through the theme's own engine (the code the search worker runs).
 */
export async function searchFigures(siteDir: string): Promise<SearchFigures | undefined> {
  const root = path.join(siteDir, 'assets', 'search');
  const [hash] = await readdir(root).catch(() => [] as string[]);
  if (!hash) return undefined;
  const dir = path.join(root, hash);
  const texts = new Map<string, string>();
  for (const name of await readdir(dir)) texts.set(name, await readFile(path.join(dir, name), 'utf8'));
  const gzipped = new Map([...texts].map(([name, text]) => [name, gzipSync(text, { level: 9 }).length]));
  const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
  const engine = () => {
    const requested: string[] = [];
    const search = createSearchEngine(async (name) => {
      requested.push(name);
      return JSON.parse(texts.get(name)!) as unknown;
    });
    return { search, requested };
  };
  const bytes = (names: string[]) => sum(names.map((name) => gzipped.get(name)!));
  const first: number[] = [];
  const second: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  for (const [i, query] of QUERIES.entries()) {
    const fresh = engine();
    const start = performance.now();
    await fresh.search.search(query, { limit: 8 });
    cold.push(performance.now() - start);
    first.push(bytes(fresh.requested));
    const seen = fresh.requested.length;
    await fresh.search.search(QUERIES[(i + 1) % QUERIES.length], { limit: 8 });
    second.push(bytes(fresh.requested.slice(seen)));
    for (let round = 0; round < 3; round++) {
      const again = performance.now();
      await fresh.search.search(query, { limit: 8 });
      warm.push(performance.now() - again);
    }
  }
  return {
    dir: path.relative(siteDir, dir),
    files: texts.size,
    raw: sum([...texts.values()].map((text) => Buffer.byteLength(text))),
    gzip: sum(gzipped.values()),
    metaGzip: gzipped.get('meta.json')!,
    firstQuery: summarize(first),
    secondQuery: summarize(second),
    cold: summarize(cold),
    warm: summarize(warm),
  };
}
