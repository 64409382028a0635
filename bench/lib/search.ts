import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createSearchEngine } from '../../theme/client/search-engine.js';
import { summarize, type Summary } from './stats.js';

export interface SearchFigures {
  file: string;
  raw: number;
  gzip: number;
  /** Time to load the serialized index, as the browser does on first use. */
  loadMs?: number;
  query?: Summary;
  note?: string;
}

const QUERIES = ['设备', '固件升级', '访问令牌', 'deviceId', 'region', '回调', '推送', '错误码', 'sdk', '签名'];

/**
 * Size of assets/search-index*.json, and query latency through the theme's own search engine (the code the
 * browser runs after fetching the index). If the engine rejects the file, we report size only and say why.
 */
export async function searchFigures(siteDir: string): Promise<SearchFigures | undefined> {
  const assets = path.join(siteDir, 'assets');
  const name = (await readdir(assets)).find((file) => /^search-index.*\.json$/.test(file));
  if (!name) return undefined;
  const body = await readFile(path.join(assets, name));
  const figures: SearchFigures = { file: `assets/${name}`, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  try {
    const loadStart = performance.now();
    const index = createSearchEngine(JSON.parse(body.toString('utf8')));
    figures.loadMs = performance.now() - loadStart;
    const times: number[] = [];
    // Several rounds, so the JIT has warmed up for most samples, as it would after a few keystrokes.
    for (let round = 0; round < 5; round++) {
      for (const query of QUERIES) {
        const start = performance.now();
        index.search(query);
        times.push(performance.now() - start);
      }
    }
    figures.query = summarize(times);
  } catch (error) {
    figures.note = `query latency not measured (${(error as Error).message})`;
  }
  return figures;
}
