import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashByStamp } from '../../../packages/core/src/worker-file.js';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

test('a bundle\'s hash is remembered by its stamp: rewriting the bundle hashes it again, and a corrupted entry is never used', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'fingerprint-'));
  try {
    const bundle = path.join(dir, 'bundle.js');
    const cacheDir = path.join(dir, 'cache');
    writeFileSync(bundle, 'export const a = 1;\n');
    assert.equal(hashByStamp(bundle, cacheDir), sha1('export const a = 1;\n'));
    const [entry] = readdirSync(path.join(cacheDir, 'fingerprints')).map((name) => path.join(cacheDir, 'fingerprints', name));
    // An entry with a valid checksum naming another hash proves the entry is what answers for an unchanged stamp.
    const payload = Buffer.concat([readFileSync(entry).subarray(65, -40), Buffer.from('f'.repeat(40))]);
    writeFileSync(entry, Buffer.concat([Buffer.from(createHash('sha256').update(payload).digest('hex') + '\n'), payload]));
    assert.equal(hashByStamp(bundle, cacheDir), 'f'.repeat(40), 'the hash comes from the entry');

    writeFileSync(bundle, 'export const a = 22;\n');
    assert.equal(hashByStamp(bundle, cacheDir), sha1('export const a = 22;\n'), 'a rewritten bundle has another stamp and is hashed again');

    // A size of its own, so that its stamp differs whatever the clock's resolution.
    writeFileSync(bundle, 'export const a = 333;\n');
    const third = sha1('export const a = 333;\n');
    assert.equal(hashByStamp(bundle, cacheDir), third);
    const [again] = readdirSync(path.join(cacheDir, 'fingerprints')).map((name) => path.join(cacheDir, 'fingerprints', name)).filter((file) => readFileSync(file).includes(third));
    const corrupted = Buffer.from(readFileSync(again));
    corrupted[corrupted.length - 1] ^= 0x01;
    writeFileSync(again, corrupted);
    assert.equal(hashByStamp(bundle, cacheDir), third, 'a corrupted entry fails its checksum and the bundle is hashed');
    assert.ok(readFileSync(again).includes(third), 'and the entry is written again');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
