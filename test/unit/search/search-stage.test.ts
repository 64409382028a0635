import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { openParseCache } from '../../../packages/core/src/cache/parse-cache.js';
import { hash } from '../../../packages/core/src/hash.js';
import type { ParsedDoc } from '../../../packages/core/src/markdown/parse-docs.js';
import { buildSearchIndex } from '../../../packages/core/src/search/build-search-index.js';
import { prepareSearchIndex } from '../../../packages/core/src/search/search-stage.js';
import { parseSiteDocs } from '../../helpers/search-docs.js';

test('the search index built on a worker thread (large sites, while pages render) is the one built here, file for file', async () => {
  const { docs, baseUrl } = await parseSiteDocs();
  const input = { docs, baseUrl, synonyms: [['配网', '联网配置']], dictionary: ['设备影子'] };
  const here = buildSearchIndex(input);
  // Every doc of this site counts as "large" here, so the worker really runs.
  const onWorker = await prepareSearchIndex({ docCount: docs.length, dictionary: input.dictionary }, { minDocsForWorker: 1 }).start(input)();
  assert.ok(here.files.length > 10, 'the site has an index of many files');
  assert.equal(onWorker.url, here.url);
  assert.deepEqual(onWorker.files, here.files);
});

test('docs served from the parse cache, whose pairs by word are worked out from their text, give the same index here and on the worker as parsed docs', async () => {
  const { docs, baseUrl } = await parseSiteDocs();
  const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-parse-cache-'));
  try {
    const cache = openParseCache(dir);
    const keys = docs.map((doc) => hash(doc.source.file));
    await cache.store(docs.map((doc, i) => [keys[i], doc]));
    const loaded = await cache.load(keys, docs.map((doc) => doc.source), () => assert.fail('no body is parsed again'));
    const cached = keys.map((key) => loaded.get(key)!);
    assert.equal(cached.length, docs.length);
    cached.forEach((doc, i) => assert.deepEqual(doc.bodyPairs, docs[i].bodyPairs, `${doc.source.file}: the pairs worked out from the text are the parse's`));
    const expected = buildSearchIndex({ docs, baseUrl });
    const fresh = await parseCache(dir, docs, keys);
    assert.deepEqual(buildSearchIndex({ docs: fresh, baseUrl }).files, expected.files, 'built here');
    assert.deepEqual((await prepareSearchIndex({ docCount: docs.length }, { minDocsForWorker: 1 }).start({ docs: await parseCache(dir, docs, keys), baseUrl })()).files, expected.files, 'built on the worker');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the worker started for a large site before its docs are parsed keeps no process alive when the build fails before handing them over', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-search-stage-'));
  try {
    const stage = pathToFileURL(path.resolve('packages/core/src/search/search-stage.ts')).href;
    const script = path.join(dir, 'prepare.mjs');
    // The worker answers the docs it is given: it is alive and waiting for them when the script's last line has run.
    await writeFile(script, `import { prepareSearchIndex } from ${JSON.stringify(stage)};\nprepareSearchIndex({ docCount: 1 }, { minDocsForWorker: 1 }).start({ docs: [], baseUrl: '/' })().then(() => console.log('answered'));\nprepareSearchIndex({ docCount: 1 }, { minDocsForWorker: 1 });\nconsole.log('prepared');\n`);
    // Were the waiting worker to hold the process, it would not exit and the timeout would kill it.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 20_000 });
    assert.deepEqual(stdout.trim().split('\n'), ['prepared', 'answered']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** The docs as a warm build gets them from the cache, before anything read their pairs. */
async function parseCache(dir: string, docs: ParsedDoc[], keys: string[]): Promise<ParsedDoc[]> {
  const loaded = await openParseCache(dir).load(keys, docs.map((doc) => doc.source), () => assert.fail('no body is parsed again'));
  return keys.map((key) => loaded.get(key)!);
}
