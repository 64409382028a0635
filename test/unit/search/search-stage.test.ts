import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSearchIndex } from '../../../packages/core/src/search/build-search-index.js';
import { startSearchIndex } from '../../../packages/core/src/search/search-stage.js';
import { parseSiteDocs } from '../../helpers/search-docs.js';

test('the search index built on a worker thread (large sites, while pages render) is the one built here, file for file', async () => {
  const { docs, baseUrl } = await parseSiteDocs();
  const input = { docs, baseUrl, synonyms: [['配网', '联网配置']], dictionary: ['设备影子'] };
  const here = buildSearchIndex(input);
  // Every doc of this site counts as "large" here, so the worker really runs.
  const onWorker = await startSearchIndex(input, { minDocsForWorker: 1 })();
  assert.ok(here.files.length > 10, 'the site has an index of many files');
  assert.equal(onWorker.url, here.url);
  assert.deepEqual(onWorker.files, here.files);
});
