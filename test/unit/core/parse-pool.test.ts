import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../packages/core/src/config/load-config.js';
import { scanContent } from '../../../packages/core/src/content/scan-content.js';
import { createCodeHighlighter } from '../../../packages/core/src/markdown/highlighter.js';
import { createMarkdownProcessor } from '../../../packages/core/src/markdown/parse-docs.js';
import { defaultParseThreads, parseMany } from '../../../packages/core/src/markdown/parse-pool.js';
import { DocsgenError } from '../../../packages/core/src/errors.js';
import { buildRoutes } from '../../../packages/core/src/site/build-routes.js';
import { copyFixture } from '../../helpers/fixtures.js';

test('docs parsed on worker threads come back complete, in order, and equal to parsing here', async () => {
  const site = await copyFixture('basic');
  try {
    const { config, root } = await loadConfig(site.root);
    const content = await scanContent({ root, config, includeDrafts: true });
    const options = { config, routesByDocsPath: buildRoutes(content).routesByDocsPath, processor: () => createMarkdownProcessor(createCodeHighlighter()) };
    const here = await parseMany(content.docs, options);
    const onWorkers = await parseMany(content.docs, { ...options, threads: 2 });
    assert.deepEqual(onWorkers.map((doc) => doc.source.file), content.docs.map((doc) => doc.file));
    assert.deepEqual(onWorkers, here);
  } finally {
    await site.remove();
  }
});

test('every failing doc is reported, whichever thread parsed it', async () => {
  const site = await copyFixture('basic');
  try {
    const bad = Array.from({ length: 6 }, (_, i) => `content/docs/deep-${i}.md`);
    // Long enough to be shared out between the threads before the fixture's docs.
    for (const file of bad) await site.write(file, '---\ntitle: 深\n---\n' + '> '.repeat(40) + '引用\n\n' + '正文。'.repeat(5_000) + '\n');
    const { config, root } = await loadConfig(site.root);
    const content = await scanContent({ root, config, includeDrafts: true });
    const options = { config, routesByDocsPath: buildRoutes(content).routesByDocsPath, processor: () => createMarkdownProcessor(createCodeHighlighter()) };
    for (const threads of [1, 2]) {
      await assert.rejects(parseMany(content.docs, { ...options, threads }), (error: unknown) => {
        assert.ok(error instanceof DocsgenError);
        const message = error.format();
        for (const file of bad) assert.match(message, new RegExp(`${file.replace(/[.]/g, '\\.')}:4  block quotes and lists are nested 40 levels deep`), `${threads} threads: ${file} is reported`);
        return true;
      });
    }
  } finally {
    await site.remove();
  }
});

test('threads with nothing left to parse finish too: three threads on a site smaller than one batch', { timeout: 30_000 }, async () => {
  const site = await copyFixture('basic');
  try {
    const { config, root } = await loadConfig(site.root);
    const content = await scanContent({ root, config, includeDrafts: true });
    const options = { config, routesByDocsPath: buildRoutes(content).routesByDocsPath, processor: () => createMarkdownProcessor(createCodeHighlighter()) };
    const docs = content.docs.slice(0, 3);
    assert.equal(docs.length, 3);
    // One batch for three threads: a worker parses it, the other worker and this thread get none, and all must still finish.
    const parsed = await parseMany(docs, { ...options, threads: 3 });
    assert.deepEqual(parsed, await parseMany(docs, options));
  } finally {
    await site.remove();
  }
});

test('by default docs are parsed on one thread per core, up to four, only for large sites on three cores or more', () => {
  assert.equal(defaultParseThreads(5_000_000, 2), 1, 'two cores: no parse worker, however large the site');
  assert.equal(defaultParseThreads(5_000_000, 3), 3);
  assert.equal(defaultParseThreads(5_000_000, 16), 4);
  assert.equal(defaultParseThreads(1_499_999, 8), 1, 'a small site: starting workers costs more than it saves');
  assert.equal(defaultParseThreads(1_500_000, 8), 4);
});
