import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
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

test('a recorded hash answers only while the bundle keeps its stamp; a rewritten bundle or a damaged record is hashed again', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'fingerprint-'));
  try {
    for (const name of BUNDLES) writeFileSync(path.join(dir, name), `export const name = '${name}';\n`);
    recordFingerprints(dir);
    const cli = path.join(dir, 'cli.cjs');
    assert.equal(recordedFingerprint(cli), sha1("export const name = 'cli.cjs';\n"));

    // A record naming another hash for the same stamp proves that the record is what answers.
    const record = JSON.parse(readFileSync(path.join(dir, FINGERPRINTS_FILE), 'utf8'));
    record['cli.cjs'].hash = 'f'.repeat(40);
    writeFileSync(path.join(dir, FINGERPRINTS_FILE), JSON.stringify(record));
    assert.equal(recordedFingerprint(cli), 'f'.repeat(40));

    // A size of its own, so that the stamp differs whatever the clock's resolution.
    writeFileSync(cli, 'export const name = "rewritten";\n');
    assert.equal(recordedFingerprint(cli), undefined, 'a rewritten bundle is not trusted to its record');

    record['parse-worker.js'].hash = 'not a hash';
    writeFileSync(path.join(dir, FINGERPRINTS_FILE), JSON.stringify(record));
    assert.equal(recordedFingerprint(path.join(dir, 'parse-worker.js')), undefined, 'a damaged hash is not used');
    writeFileSync(path.join(dir, FINGERPRINTS_FILE), '{"render-worker.js": {"sta');
    assert.equal(recordedFingerprint(path.join(dir, 'render-worker.js')), undefined, 'nor a truncated record');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
