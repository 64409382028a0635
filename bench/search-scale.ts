// The sharded search index at corpus sizes (SIZES=200,2000,10000 by default): build time of the index stage, files,
// bytes, what a first and a second query transfer, query time (bench/lib/search.ts). Corpora go to bench/.corpus/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../packages/core/src/build.js';
import { writeCorpus } from './corpus.js';
import { searchFigures } from './lib/search.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
for (const pages of (process.env.SIZES ?? '200,2000,10000').split(',').map(Number)) {
  const root = path.join(HERE, '.corpus', `search-${pages}`);
  await writeCorpus({ pages, dir: root });
  const result = await build({ root, outDir: path.join(root, 'out'), write: true });
  console.log(JSON.stringify({ pages, searchStageMs: result.stats.timings.search, ...(await searchFigures(path.join(root, 'out'))) }));
}
