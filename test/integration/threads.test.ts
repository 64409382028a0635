import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../packages/core/src/build.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';

let site: FixtureSite;

before(async () => {
  site = await copyFixture('basic');
});
after(() => site.remove());

async function snapshot(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  return new Map(await Promise.all(files.sort().map(async (file) => [file, await readFile(path.join(dir, file))] as const)));
}

test('parsing and rendering on worker threads writes the same bytes as one thread, pages in the same order', async () => {
  const one = await build({ root: site.root, write: true, outDir: 'one', threads: 1 });
  const reference = await snapshot(site.file('one'));
  for (const threads of [2, 3]) {
    const result = await build({ root: site.root, write: true, outDir: `threads-${threads}`, threads });
    assert.deepEqual(result.pages.map((page) => page.file), one.pages.map((page) => page.file), `page order with ${threads} threads`);
    assert.equal(result.stats.files, one.stats.files);
    const files = await snapshot(site.file(`threads-${threads}`));
    assert.deepEqual([...files.keys()], [...reference.keys()]);
    for (const [file, bytes] of reference) assert.ok(files.get(file)!.equals(bytes), `${file} differs with ${threads} threads`);
  }
});
