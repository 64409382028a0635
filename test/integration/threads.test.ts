import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from '../../packages/core/src/build.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';
import { assertSameFiles, snapshot } from '../helpers/output-snapshot.js';

let site: FixtureSite;

before(async () => {
  site = await copyFixture('basic');
});
after(() => site.remove());

test('parsing and rendering on worker threads writes the same bytes as one thread, pages in the same order', async () => {
  const one = await build({ root: site.root, write: true, outDir: 'one', threads: 1 });
  const reference = await snapshot(site.file('one'));
  for (const threads of [2, 3]) {
    const result = await build({ root: site.root, write: true, outDir: `threads-${threads}`, threads });
    assert.deepEqual(result.pages.map((page) => page.file), one.pages.map((page) => page.file), `page order with ${threads} threads`);
    assert.equal(result.stats.files, one.stats.files);
    assertSameFiles(await snapshot(site.file(`threads-${threads}`)), reference, `with ${threads} threads`);
  }
});
