import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../packages/core/src/config/load-config.js';
import { scanContent } from '../../../packages/core/src/content/scan-content.js';
import { createCodeHighlighter } from '../../../packages/core/src/markdown/highlighter.js';
import { createMarkdownProcessor } from '../../../packages/core/src/markdown/parse-docs.js';
import { parseMany } from '../../../packages/core/src/markdown/parse-pool.js';
import { buildRoutes } from '../../../packages/core/src/site/build-routes.js';
import { copyFixture } from '../../helpers/fixtures.js';

test('docs parsed on worker threads come back complete, in order, and equal to parsing here', async () => {
  const site = await copyFixture('basic');
  try {
    const { config, root } = await loadConfig(site.root);
    const content = await scanContent({ root, config, includeDrafts: true });
    const options = { config, routesByDocsPath: buildRoutes(content).routesByDocsPath, processor: () => createMarkdownProcessor(createCodeHighlighter()) };
    const here = await parseMany(content.docs, options);
    const onWorkers = await parseMany(content.docs, { ...options, minCharsForWorkers: 0 });
    assert.deepEqual(onWorkers.map((doc) => doc.source.file), content.docs.map((doc) => doc.file));
    assert.deepEqual(onWorkers, here);
  } finally {
    await site.remove();
  }
});
