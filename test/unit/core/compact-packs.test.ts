import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { compactPacks, MAX_SMALL_PACKS, SMALL_PACK_BYTES } from '../../../packages/core/src/cache/compact-packs.js';
import { openPackStore } from '../../../packages/core/src/cache/pack-store.js';
import { overwritePayload, packedEntries, packFiles, withCacheFolder } from '../../helpers/cache-packs.js';

const GRACE = 60_000;
const key = (n: number) => n.toString(16).padStart(40, '0');
/** An entry of about `size` bytes. */
const value = (n: number, size = 100) => ({ n, text: 'x'.repeat(size) });
const open = (dir: string) => openPackStore<{ n: number }>(dir, 'render', (entry) => typeof entry.n === 'number');
const folderOf = (dir: string) => path.join(dir, 'render');
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** Stores entries as one pack and returns its file. */
async function pack(dir: string, numbers: number[], size = 100): Promise<string> {
  const before = new Set(await packFiles(dir, 'render'));
  await open(dir).store(numbers.map((n) => [key(n), value(n, size)]));
  return (await packFiles(dir, 'render')).find((file) => !before.has(file))!;
}

function age(file: string, ms: number): void {
  const when = new Date(Date.now() - ms);
  utimesSync(file, when, when);
}

async function storedNumbers(dir: string): Promise<number[]> {
  const found = await open(dir).load(range(0, 1200).map(key));
  return [...found.values()].map((entry) => entry.n).sort((a, b) => a - b);
}

test('pruning keeps every live entry and drops the dead ones: a dead pack is deleted, a mostly dead one rewritten, a recent one left alone', () =>
  withCacheFolder(async (dir) => {
    const allDead = await pack(dir, [0, 1, 2]);
    const mostlyDead = await pack(dir, [3, 4, 5]);
    const recent = await pack(dir, [6, 7]);
    age(allDead, 2 * GRACE);
    age(mostlyDead, 2 * GRACE);
    const used = new Set([key(4)]);
    const dropped = compactPacks(folderOf(dir), { kind: 'render', used, now: Date.now(), graceMs: GRACE });
    assert.equal(dropped, 5, 'entries 0, 1, 2, 3 and 5');
    assert.deepEqual(await storedNumbers(dir), [4, 6, 7], 'the used entry and the recent pack\'s, which may be a concurrent build\'s');
    const files = await packFiles(dir, 'render');
    assert.ok(files.includes(recent), 'the recent pack is not rewritten');
    assert.ok(!files.includes(allDead) && !files.includes(mostlyDead));
    assert.equal(files.length, 2);
  }));

test('a large pack with a few dead entries is kept as it is; once more than half of it is dead it is rewritten with the live half', () =>
  withCacheFolder(async (dir) => {
    const size = Math.ceil((2 * SMALL_PACK_BYTES) / 100);
    const large = await pack(dir, range(0, 100), size);
    age(large, 2 * GRACE);
    assert.ok(statSync(large).size >= SMALL_PACK_BYTES);
    const compact = (used: number[]) => compactPacks(folderOf(dir), { kind: 'render', used: new Set(used.map(key)), now: Date.now(), graceMs: GRACE });
    assert.equal(compact(range(1, 99)), 0, 'one dead entry of a hundred: not worth copying the pack');
    assert.deepEqual(await packFiles(dir, 'render'), [large]);
    assert.equal(compact(range(60, 40)), 60);
    const [rewritten] = await packFiles(dir, 'render');
    assert.notEqual(rewritten, large);
    assert.deepEqual(await storedNumbers(dir), range(60, 40));
  }));

test('small packs (one per warm rebuild) are merged once there are too many; the merged pack holds every entry once, damaged ones left out', () =>
  withCacheFolder(async (dir) => {
    for (const n of range(0, MAX_SMALL_PACKS)) await pack(dir, [n, n + 100]);
    assert.equal(compactPacks(folderOf(dir), { kind: 'render', now: Date.now(), graceMs: GRACE }), 0);
    assert.equal((await packFiles(dir, 'render')).length, MAX_SMALL_PACKS, 'not yet too many');
    // The same entry again (a rebuild after a damaged copy), and one pack more than allowed.
    await pack(dir, [3]);
    const [damaged] = (await packedEntries(dir, 'render')).filter((entry) => entry.key === key(105));
    await overwritePayload(damaged, Buffer.from(damaged.payload.toString('latin1').replace('xxx', 'yyy'), 'latin1'));
    assert.equal(compactPacks(folderOf(dir), { kind: 'render', now: Date.now(), graceMs: GRACE }), 2, 'the duplicate and the damaged entry');
    assert.equal((await packFiles(dir, 'render')).length, 1);
    const expected = [...range(0, MAX_SMALL_PACKS), ...range(100, MAX_SMALL_PACKS).filter((n) => n !== 105)];
    assert.deepEqual(await storedNumbers(dir), expected.sort((a, b) => a - b));
    assert.equal((await packedEntries(dir, 'render')).length, expected.length, 'each entry once');
  }));

test('a hundred warm rebuilds, each adding a pack and pruning, leave a bounded number of packs holding what the last build used', () =>
  withCacheFolder(async (dir) => {
    await pack(dir, range(0, 50));
    for (let build = 1; build <= 100; build++) {
      // Each rebuild edits one page: a new entry, the page's previous entry dead.
      await pack(dir, [1000 + build]);
      for (const file of await packFiles(dir, 'render')) age(file, 2 * GRACE);
      const used = new Set([...range(1, 49), 1000 + build].map(key));
      compactPacks(folderOf(dir), { kind: 'render', used, now: Date.now(), graceMs: GRACE });
      assert.ok((await packFiles(dir, 'render')).length <= MAX_SMALL_PACKS + 1, `build ${build}: ${readdirSync(folderOf(dir)).length} packs`);
    }
    const keys = (await packedEntries(dir, 'render')).map((entry) => entry.key);
    assert.deepEqual(keys.sort(), [...range(1, 49), 1100].map(key).sort(), 'the dead entries are gone');
  }));
