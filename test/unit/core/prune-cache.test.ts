import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPackStore } from '../../../packages/core/src/cache/pack-store.js';
import { pruneCache, pruneOthers, PRUNE_GRACE_MS, PRUNE_INTERVAL_MS } from '../../../packages/core/src/cache/prune-cache.js';

const key = (digit: string) => digit.repeat(40);

test('a one-entry kind keeps its current entry and the recent ones, and drops the others once old enough', async () => {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'prune-'));
  try {
    const old = new Date(Date.now() - 2 * PRUNE_GRACE_MS);
    const write = (file: string, aged: boolean) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'x');
      if (aged) utimesSync(file, old, old);
      return file;
    };
    // Flat (search-terms/<key>.bin) and by prefix (front-matter/<xx>/<key>.v8; `.json` before entries were in V8's format).
    const current = write(path.join(cacheDir, 'search-terms', key('a') + '.bin'), true);
    const stale = write(path.join(cacheDir, 'search-terms', key('b') + '.bin'), true);
    const recent = write(path.join(cacheDir, 'search-terms', key('c') + '.bin'), false);
    const temporary = write(path.join(cacheDir, 'search-terms', key('d') + '.bin.77.x.tmp'), true);
    assert.equal(pruneOthers(cacheDir, 'search-terms', key('a')), 1);
    assert.deepEqual([current, stale, recent, temporary].map((file) => existsSync(file)), [true, false, true, true]);
    const nested = write(path.join(cacheDir, 'front-matter', 'ee', key('e') + '.v8'), true);
    const legacy = write(path.join(cacheDir, 'front-matter', 'ee', key('e') + '.json'), true);
    const kept = write(path.join(cacheDir, 'front-matter', 'ff', key('f') + '.v8'), true);
    assert.equal(pruneOthers(cacheDir, 'front-matter', key('f')), 2);
    assert.deepEqual([nested, legacy, kept].map((file) => existsSync(file)), [false, false, true]);
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
});

test('the cache folder is pruned at most every ten minutes: unused old entries stay until then, and go after', async () => {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'docsgen-prune-'));
  try {
    const old = new Date(Date.now() - 2 * PRUNE_GRACE_MS);
    const none = { parse: [], render: [] };
    const now = Date.now();
    assert.equal(pruneCache(cacheDir, none, now), 0, 'nothing to prune yet');
    openPackStore(cacheDir, 'parse', () => true).storeOne(key('a'), { doc: 'a' });
    const [pack] = readdirSync(path.join(cacheDir, 'parse')).map((name) => path.join(cacheDir, 'parse', name));
    await utimes(pack, old, old);
    // An entry file of docsgen before packs (`<kind>/<prefix>/<key>.json`), which no build reads any more.
    const legacy = path.join(cacheDir, 'render', 'aa', key('a') + '.json');
    await mkdir(path.dirname(legacy), { recursive: true });
    await writeFile(legacy, 'x');
    await utimes(legacy, old, old);
    assert.equal(pruneCache(cacheDir, none, now + PRUNE_INTERVAL_MS - 1000), 0, 'within ten minutes of the last pruning: not pruned');
    assert.ok(existsSync(pack) && existsSync(legacy));
    assert.equal(pruneCache(cacheDir, none, now + PRUNE_INTERVAL_MS + 1000), 2, 'ten minutes later: pruned');
    assert.ok(!existsSync(pack) && !existsSync(legacy));
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
});

test('pruning also drops the manifests of other output folders and the temporary files of abandoned writes, once an hour old', async () => {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'docsgen-prune-'));
  try {
    const old = new Date(Date.now() - 2 * PRUNE_GRACE_MS);
    const write = async (relative: string, aged: boolean) => {
      const file = path.join(cacheDir, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'x');
      if (aged) await utimes(file, old, old);
      return file;
    };
    const ours = await write(`output/aa/${key('a')}.v8`, true);
    const otherFolder = await write(`output/bb/${key('b')}.v8`, true);
    const recentFolder = await write(`output/cc/${key('c')}.v8`, false);
    // A pack and a one-entry kind's entry whose builds were killed mid-write, and one being written now.
    const abandonedPack = await write('render/pack.4242.k3j.tmp', true);
    const abandonedEntry = await write(`front-matter/dd/${key('d')}.v8.4242.x9.tmp`, true);
    const inProgress = await write('parse/pack.4343.q1.tmp', false);
    const removed = pruneCache(cacheDir, { parse: [], render: [], outputManifest: key('a') });
    assert.deepEqual(
      [ours, otherFolder, recentFolder, abandonedPack, abandonedEntry, inProgress].map((file) => existsSync(file)),
      [true, false, true, false, false, true],
    );
    assert.equal(removed, 3);
    // A build that writes no output (`check`) keeps every manifest.
    const another = await write(`output/ee/${key('e')}.v8`, true);
    pruneCache(cacheDir, { parse: [], render: [] }, Date.now() + PRUNE_INTERVAL_MS + 1000);
    assert.ok(existsSync(another) && existsSync(ours));
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
});
