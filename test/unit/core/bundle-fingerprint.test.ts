import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleFingerprint, FINGERPRINTS_FILE, recordedFingerprint, recordFingerprints, workerFile } from '../../../packages/core/src/worker-file.js';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const BUNDLES = ['cli.cjs', 'parse-worker.js', 'render-worker.js', 'search-worker.js'];

test('the CLI build records each bundle\'s hash, and a build uses the record instead of hashing the bundle', () => {
  for (const name of ['cli', 'parse-worker', 'render-worker', 'search-worker'] as const) {
    const file = fileURLToPath(workerFile(name));
    const actual = sha1(readFileSync(file, 'utf8'));
    assert.equal(recordedFingerprint(file), actual, `dist/${FINGERPRINTS_FILE} holds ${name}'s hash for the bundle as it is`);
    assert.equal(bundleFingerprint(name), actual);
  }
});

test('a recorded hash answers only while the bundle keeps its size and time; a rewritten bundle or a damaged record is hashed again', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'fingerprint-'));
  try {
    const dist = path.join(dir, 'dist');
    mkdirSync(dist);
    for (const name of BUNDLES) writeFileSync(path.join(dist, name), `export const name = '${name}';\n`);
    recordFingerprints(dist);
    const cli = path.join(dist, 'cli.cjs');
    assert.equal(recordedFingerprint(cli), sha1("export const name = 'cli.cjs';\n"));

    // A copy keeping the files' times (how the benchmark runs a copy of the CLI) keeps the record.
    cpSync(dist, path.join(dir, 'kept'), { recursive: true, preserveTimestamps: true });
    assert.equal(recordedFingerprint(path.join(dir, 'kept', 'cli.cjs')), sha1("export const name = 'cli.cjs';\n"));
    // A bundle whose time differs from the record's by more than a millisecond is hashed.
    const shifted = JSON.parse(readFileSync(path.join(dist, FINGERPRINTS_FILE), 'utf8'));
    shifted['cli.cjs'].mtimeMs -= 5;
    writeFileSync(path.join(dir, 'kept', FINGERPRINTS_FILE), JSON.stringify(shifted));
    assert.equal(recordedFingerprint(path.join(dir, 'kept', 'cli.cjs')), undefined, 'another modification time is not trusted');

    // A record naming another hash for the same size and time proves that the record is what answers.
    const record = JSON.parse(readFileSync(path.join(dist, FINGERPRINTS_FILE), 'utf8'));
    record['cli.cjs'].hash = 'f'.repeat(40);
    writeFileSync(path.join(dist, FINGERPRINTS_FILE), JSON.stringify(record));
    assert.equal(recordedFingerprint(cli), 'f'.repeat(40));

    writeFileSync(cli, 'export const name = "rewritten";\n');
    assert.equal(recordedFingerprint(cli), undefined, 'a rewritten bundle (another size) is not trusted to its record');

    record['parse-worker.js'].hash = 'not a hash';
    writeFileSync(path.join(dist, FINGERPRINTS_FILE), JSON.stringify(record));
    assert.equal(recordedFingerprint(path.join(dist, 'parse-worker.js')), undefined, 'a damaged hash is not used');
    writeFileSync(path.join(dist, FINGERPRINTS_FILE), '{"render-worker.js": {"sta');
    assert.equal(recordedFingerprint(path.join(dist, 'render-worker.js')), undefined, 'nor a truncated record');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
