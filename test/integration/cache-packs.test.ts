import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../packages/core/src/build.js';
import { packFiles, packedKeys } from '../helpers/cache-packs.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';
import { assertSameFiles, snapshot } from '../helpers/output-snapshot.js';

// The parse, parse-html and render entries of a build go into a few pack files (cache/pack-store.ts), not a file each.

let site: FixtureSite;
let other: FixtureSite;

before(async () => {
  [site, other] = await Promise.all([copyFixture('basic'), copyFixture('basic')]);
});
after(async () => {
  await site.remove();
  await other.remove();
});

/** The kinds holding what a build keeps of its docs and pages (the others hold the config and the theme's bundles). */
const DOC_KINDS = ['parse', 'parse-html', 'render', 'front-matter', 'search-terms', 'output'];

/** How many files each of DOC_KINDS has. */
async function filesPerKind(cacheDir: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const kind of DOC_KINDS) {
    const entries = await readdir(path.join(cacheDir, kind), { recursive: true, withFileTypes: true });
    counts[kind] = entries.filter((entry) => entry.isFile()).length;
  }
  return counts;
}

test('a cold build writes a file per kind, not per doc: forty more docs add no cache file', async () => {
  const cacheDir = site.file('cold-cache');
  const first = await build({ root: site.root, write: true, outDir: 'out', cacheDir });
  const counts = await filesPerKind(cacheDir);
  assert.deepEqual(counts, Object.fromEntries(DOC_KINDS.map((kind) => [kind, 1])));
  for (const kind of ['parse', 'parse-html', 'render']) {
    assert.equal((await packFiles(cacheDir, kind)).length, 1, `one ${kind} pack`);
    assert.equal((await packedKeys(cacheDir, kind)).size, kind === 'render' ? first.stats.pages : first.stats.docs, `an entry per ${kind === 'render' ? 'page' : 'doc'}`);
  }
  for (let i = 0; i < 40; i++) await site.write(`content/docs/more/page-${i}.md`, `---\ntitle: 第 ${i} 页\n---\n第 ${i} 页的正文。\n`);
  await rm(cacheDir, { recursive: true });
  const larger = await build({ root: site.root, write: true, outDir: 'out', cacheDir });
  assert.equal(larger.stats.docs, first.stats.docs + 40);
  assert.deepEqual(await filesPerKind(cacheDir), counts, `as many files for ${larger.stats.docs} docs as for ${first.stats.docs}`);
  assert.equal((await packedKeys(cacheDir, 'parse')).size, larger.stats.docs);
  await rm(site.file('content/docs/more'), { recursive: true });
  await rm(cacheDir, { recursive: true });
});

test('two builds of different sites writing one cache folder at once both find all their entries afterwards', async () => {
  const cacheDir = site.file('shared-cache');
  await other.edit('content/docs/guide/features.md', (text) => text + '\n另一个站点独有的一段话。\n');
  const cold = await Promise.all([site, other].map(async (each) => {
    await build({ root: each.root, write: true, outDir: 'cold' });
    return snapshot(each.file('cold'));
  }));
  // The sites share most docs' keys, so one may find some of the other's entries already written: both write packs.
  await Promise.all([site, other].map((each) => build({ root: each.root, write: true, outDir: 'cached', cacheDir })));
  assert.ok((await packFiles(cacheDir, 'render')).length >= 2, 'each build wrote its own render pack');
  for (const [i, each] of [site, other].entries()) {
    // Without a previous output every page comes from its render entry.
    await rm(each.file('cached'), { recursive: true });
    const again = await build({ root: each.root, write: true, outDir: 'cached', cacheDir });
    assert.equal(again.stats.parsedDocs, 0, 'every doc from the shared cache');
    assert.equal(again.stats.renderedPages, 0, 'every page from the shared cache');
    assertSameFiles(await snapshot(each.file('cached')), cold[i], 'from a cold build');
  }
});
