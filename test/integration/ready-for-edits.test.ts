import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build, createBuildCache } from '../../packages/core/src/build.js';
import { readyForEdits } from '../../packages/core/src/markdown/parse-stage.js';
import { withFixture } from '../helpers/fixtures.js';

/** What `build --watch` does between its first build and the first edit, when the disk cache held every doc. */

const idle = () => new Promise((resolve) => setImmediate(resolve));

test('a kept build that parsed nothing gets its Markdown processor made once idle, and the first edit parses with it', async () => {
  await withFixture('basic', async (site) => {
    const cacheDir = site.file('node_modules/.cache/docsgen');
    await build({ root: site.root, write: true, outDir: 'out', cacheDir });
    const cache = createBuildCache();
    const first = await build({ root: site.root, write: true, outDir: 'out', cacheDir, cache });
    assert.equal(first.stats.parsedDocs, 0, 'every doc came from the disk cache');
    assert.equal(cache.processor, undefined, 'nothing made the processor during the build');

    readyForEdits(cache);
    assert.equal(cache.processor, undefined, 'readying waits until the process is idle');
    await idle();
    const readied = cache.processor;
    assert.ok(readied, 'the processor is made before any edit');
    readyForEdits(cache);
    await idle();
    assert.equal(cache.processor, readied, 'readied once');

    await site.edit('content/docs/intro.md', (text) => text.replace('正文。', '修改后的正文。'));
    const edited = await build({ root: site.root, write: true, outDir: 'out', cacheDir, cache });
    assert.equal(edited.stats.parsedDocs, 1);
    assert.equal(cache.processor, readied, 'the edit parsed with the readied processor');
    assert.equal(cache.warmUp, undefined, 'a build that parsed a doc leaves nothing to ready');
    assert.match(await site.read('out/docs/intro/index.html'), /修改后的正文。/);
  });
});

test('a build that parsed docs leaves nothing to ready, and readying that fails is left to the build that parses the doc', async () => {
  await withFixture('basic', async (site) => {
    const cache = createBuildCache();
    const result = await build({ root: site.root, write: true, outDir: 'out', cacheDir: site.file('node_modules/.cache/docsgen'), cache });
    assert.equal(result.stats.parsedDocs, result.stats.docs);
    assert.equal(cache.warmUp, undefined);

    let ran = false;
    cache.warmUp = () => {
      ran = true;
      throw new Error('a doc that no longer parses');
    };
    readyForEdits(cache);
    await idle();
    assert.ok(ran);
  });
});
