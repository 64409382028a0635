import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { serialize } from 'node:v8';
import { writePackSync } from '../../../packages/core/src/cache/pack-file.js';
import { openPackStore } from '../../../packages/core/src/cache/pack-store.js';
import { forgeIndex, overwritePayload, packedEntries, packFiles, withCacheFolder } from '../../helpers/cache-packs.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const key = (n: number) => n.toString(16).padStart(40, '0');
const value = (n: number) => ({ n, text: `第 ${n} 篇` });
const open = (dir: string, kind = 'parse') => openPackStore<{ n: number; text: string }>(dir, kind, (entry) => typeof entry.n === 'number');

/** A store holding entries 0…count-1 in one pack. */
async function storeRange(dir: string, from: number, count: number, kind = 'parse'): Promise<void> {
  await open(dir, kind).store(Array.from({ length: count }, (_, i) => [key(from + i), value(from + i)]));
}

test('each store call writes one pack; every entry comes back by key, one at a time or together, and missing keys are simply absent', () =>
  withCacheFolder(async (dir) => {
    await storeRange(dir, 0, 50);
    await storeRange(dir, 50, 50);
    open(dir).storeOne(key(100), value(100));
    assert.equal(readdirSync(path.join(dir, 'parse')).length, 3, 'three packs, no folder per key prefix, no temporary file left');
    const store = open(dir);
    const keys = [...Array.from({ length: 101 }, (_, i) => key(i)), key(999)];
    const found = await store.load(keys);
    assert.equal(found.size, 101);
    for (let n = 0; n <= 100; n++) assert.deepEqual(found.get(key(n)), value(n));
    assert.deepEqual(store.loadOne(key(77)), value(77));
    assert.equal(store.loadOne(key(999)), undefined);
    assert.equal((await open(dir, 'render').load([key(1)])).size, 0, 'another kind has its own packs');
  }));

test('a damaged entry is never used: a changed byte loses that entry only, a damaged index or a truncated pack (its index is at its end) the pack', () =>
  withCacheFolder(async (dir) => {
    await storeRange(dir, 0, 20);
    const entries = await packedEntries(dir, 'parse');
    const victim = entries[5];
    const flipped = Buffer.from(victim.payload);
    flipped[flipped.length - 3] ^= 0x01;
    await overwritePayload(victim, flipped);
    const found = await open(dir).load(entries.map((entry) => entry.key));
    assert.equal(found.size, 19);
    assert.ok(!found.has(victim.key));
    assert.equal(open(dir).loadOne(victim.key), undefined);

    const [file] = await packFiles(dir, 'parse');
    const bytes = readFileSync(file);
    const damaged = Buffer.from(bytes);
    damaged[damaged.lastIndexOf('[') + 10] ^= 0x01;
    writeFileSync(file, damaged);
    assert.equal((await open(dir).load(entries.map((entry) => entry.key))).size, 0, 'an index that fails its checksum: the whole pack is left unused');
    writeFileSync(file, bytes.subarray(0, entries[12].start + 4));
    assert.equal((await open(dir).load(entries.map((entry) => entry.key))).size, 0, 'truncated: the whole pack is left unused');
    assert.equal(open(dir).loadOne(entries[0].key), undefined);
  }));

test('a pack read under another name is as good, in another kind\'s folder it is not used, and an index forged to point a key at another\'s payload is caught', () =>
  withCacheFolder(async (dir) => {
    await storeRange(dir, 0, 10);
    const [file] = await packFiles(dir, 'parse');
    renameSync(file, path.join(dir, 'parse', 'f'.repeat(40) + '.pack'));
    assert.equal((await open(dir).load(Array.from({ length: 10 }, (_, i) => key(i)))).size, 10, 'renamed: each entry checks itself');
    mkdirSync(path.join(dir, 'render'));
    copyFileSync(path.join(dir, 'parse', 'f'.repeat(40) + '.pack'), path.join(dir, 'render', 'e'.repeat(40) + '.pack'));
    assert.equal((await open(dir, 'render').load([key(1)])).size, 0, 'a parse pack copied among render packs');
    await forgeIndex(path.join(dir, 'parse', 'f'.repeat(40) + '.pack'), (rows) => rows.map((row, i) => (i === 3 ? [row[0], ...rows[4].slice(1)] as typeof row : row)));
    const found = await open(dir).load(Array.from({ length: 10 }, (_, i) => key(i)));
    assert.equal(found.size, 9);
    assert.ok(!found.has(key(3)), 'key 3 pointed at key 4\'s intact payload');
    assert.deepEqual(found.get(key(4)), value(4));
  }));

test('a pack deleted between the listing and the read, or listed but gone before its index is read, is a miss, not an error', () =>
  withCacheFolder(async (dir) => {
    await storeRange(dir, 0, 10);
    await storeRange(dir, 10, 10);
    const store = open(dir);
    assert.deepEqual(store.loadOne(key(0)), value(0), 'the folder is listed and the indexes read');
    const [first] = (await packedEntries(dir, 'parse')).filter((entry) => entry.key === key(15));
    rmSync(first.file);
    assert.equal(store.loadOne(key(15)), undefined);
    const found = await store.load(Array.from({ length: 20 }, (_, i) => key(i)));
    assert.equal(found.size, 10, 'the other pack still reads');
    // A name in the listing whose file is gone by the time it is opened.
    symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'parse', 'a'.repeat(40) + '.pack'));
    assert.equal((await open(dir).load(Array.from({ length: 20 }, (_, i) => key(i)))).size, 10);
  }));

test('builds writing the same folder at once lose nothing: every entry of every writer is there afterwards, while another process compacts', () =>
  withCacheFolder(async (dir) => {
    const writer = path.join(import.meta.dirname, '../../helpers/pack-writer.ts');
    const run = (...args: string[]) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', writer, dir, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer exited with ${code}`))));
      });
    // Two writers with overlapping keys (the same docs in two CI jobs) and one that only merges small packs meanwhile.
    await Promise.all([run('write', '0', '300'), run('write', '200', '300'), run('compact', '40')]);
    const found = await open(dir).load(Array.from({ length: 500 }, (_, i) => key(i)));
    assert.equal(found.size, 500);
    for (const [k, entry] of found) assert.deepEqual(entry, value(parseInt(k, 16)));
    assert.deepEqual(readdirSync(path.join(dir, 'parse')).filter((name) => !name.endsWith('.pack')), [], 'no temporary file left');
  }));

test('a value comes back as it was stored: a property set to undefined, a Set, a Map, -0 (JSON dropped or changed each)', () =>
  withCacheFolder(async (dir) => {
    const stored = { n: 1, title: undefined, ids: new Set(['a', 'b']), counts: new Map([['词', 2]]), offset: -0, list: [undefined, 1] };
    const store = openPackStore<typeof stored>(dir, 'render', (entry) => typeof entry.n === 'number');
    await store.store([[key(1), stored]]);
    store.storeOne(key(2), stored);
    const reopened = openPackStore<typeof stored>(dir, 'render', (entry) => typeof entry.n === 'number');
    const found = await reopened.load([key(1), key(2)]);
    for (const value of [found.get(key(1)), found.get(key(2)), reopened.loadOne(key(1))]) {
      assert.deepStrictEqual(value, stored);
      assert.ok(Object.hasOwn(value!, 'title'), 'the undefined property is there');
      assert.ok(Object.is(value!.offset, -0));
    }
  }));

test('a payload that passes its checksum but does not decode, or decodes to something else than a keyed object, is a miss', () =>
  withCacheFolder(async (dir) => {
    await storeRange(dir, 0, 4);
    const entries = await packedEntries(dir, 'parse');
    const payloads = [
      Buffer.from(JSON.stringify({ key: key(0), value: value(0) })),
      Buffer.from([0xff, 0x0f, 0x6f, 0x22]),
      serialize(value(2)),
      serialize({ key: key(3), value: 'not an object' }),
    ];
    for (const file of await packFiles(dir, 'parse')) rmSync(file);
    writePackSync(path.join(dir, 'parse'), 'parse', entries.map(({ key }, i) => ({ key, bytes: payloads[i], checksum: sha256(payloads[i]) })));
    assert.equal((await open(dir).load(entries.map((entry) => entry.key))).size, 0);
    for (const entry of entries) assert.equal(open(dir).loadOne(entry.key), undefined);
  }));
