import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyFixture, repoRoot, type FixtureSite } from '../helpers/fixtures.js';

// bin/load-cli.js runs the compiled CLI from V8's code cache, kept in dist/code-cache/. Each test works on a copy of
// bin/ and dist/ inside the repository (so the copy resolves the same node_modules), never on the CLI other tests run.
let cli: string;
let site: FixtureSite;
before(async () => {
  cli = mkdtempSync(path.join(repoRoot, '.tmp-tests', 'cli-'));
  cpSync(path.join(repoRoot, 'bin'), path.join(cli, 'bin'), { recursive: true });
  cpSync(path.join(repoRoot, 'dist'), path.join(cli, 'dist'), { recursive: true, filter: (file) => !file.endsWith('.map') && !file.includes('code-cache') });
  site = await copyFixture('basic');
});
after(async () => {
  rmSync(cli, { recursive: true, force: true });
  await site.remove();
});

const cacheDir = () => path.join(cli, 'dist/code-cache');
const cacheFiles = () => readdirSync(cacheDir(), { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(cacheDir(), entry.name));

function docsgen(args: string[], nodeOptions: string[] = []) {
  return spawnSync(process.execPath, [...nodeOptions, path.join(cli, 'bin/docsgen.js'), ...args], { encoding: 'utf8', env: { ...process.env, NODE_ENV: '' } });
}

function check(nodeOptions: string[] = [], cacheOptions = ['--no-cache']) {
  const result = docsgen(['--root', site.root, 'check', ...cacheOptions], nodeOptions);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /docsgen checked 8 pages/);
}

/** The one cache file, with what identifies its write. */
function theCache(): { file: string; bytes: Buffer; written: number } {
  const files = cacheFiles();
  assert.equal(files.length, 1, `one cache file: ${files.join(', ')}`);
  return { file: files[0], bytes: readFileSync(files[0]), written: statSync(files[0]).mtimeMs };
}

test('the first command that runs to its end and succeeds writes the code cache, the next one writes it again with what it compiled; later runs use it as it is', () => {
  rmSync(cacheDir(), { recursive: true, force: true });
  const version = docsgen(['--version']);
  assert.equal(version.status, 0, version.stderr);
  assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
  assert.throws(() => readdirSync(cacheDir()), 'a --version run leaves no cache (it would hold none of the build code)');
  const failed = docsgen(['--root', path.join(site.root, 'content'), 'check']);
  assert.equal(failed.status, 1, 'no site.config.ts there');
  assert.throws(() => readdirSync(cacheDir()), 'nor does a command that failed (it may have stopped before the build)');
  check();
  const first = theCache();
  assert.match(path.basename(first.file), /^cli-[0-9a-f]{40}-first\.bin$/);
  assert.ok(first.bytes.length > 100_000, 'the cache holds the bytecode of the compiled functions');
  // With the persistent cache: code the first command did not run (writing and reading cache entries).
  check([], []);
  const complete = theCache();
  assert.equal(complete.file, first.file.replace(/-first\.bin$/, '.bin'), 'written again, the first one removed');
  assert.ok(complete.bytes.length > first.bytes.length, 'holding what the second command compiled too');
  check();
  check([], []);
  assert.equal(docsgen(['--version']).status, 0);
  const after = theCache();
  assert.equal(after.written, complete.written, 'then it is not written again');
  assert.ok(after.bytes.equals(complete.bytes));
});

test('a corrupted or truncated cache is never given to V8: the CLI runs without it and writes a good one', () => {
  check();
  const good = theCache();
  const corrupted = Buffer.from(good.bytes);
  for (let i = 1000; i < corrupted.length; i += 4096) corrupted[i] ^= 0xff;
  for (const damaged of [corrupted, good.bytes.subarray(0, good.bytes.length >> 1), Buffer.alloc(0)]) {
    writeFileSync(good.file, damaged);
    const version = docsgen(['--version']);
    assert.equal(version.status, 0, `--version runs with a damaged cache: ${version.stderr}`);
    assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
    check();
    const rewritten = theCache();
    assert.equal(rewritten.file.replace(/-first\.bin$/, '.bin'), good.file, 'the cache of this CLI, written by the first command after the damage (or again by the next)');
    assert.ok(!rewritten.bytes.equals(damaged), 'the damaged cache was replaced');
    const checksum = createHash('sha1').update(rewritten.bytes.subarray(20)).digest();
    assert.ok(checksum.equals(rewritten.bytes.subarray(0, 20)), 'the new cache carries its checksum');
  }
});

test('a cache of another CLI text is left alone and removed once the new one is written', () => {
  check();
  const old = theCache();
  appendFileSync(path.join(cli, 'dist/cli.cjs'), '\n// another version of the CLI\n');
  check();
  const fresh = theCache();
  assert.notEqual(fresh.file, old.file, 'the cache is named by the CLI text it was made from');
});

test('a CLI file rewritten in place, its size the same, gets a cache of its own (the cache is named by its stamp)', () => {
  check();
  const old = theCache();
  const compiled = path.join(cli, 'dist/cli.cjs');
  const text = readFileSync(compiled, 'latin1');
  const at = text.lastIndexOf('SOFTWARE.');
  assert.ok(at > 0, 'a licence comment near the end to change');
  writeFileSync(compiled, text.slice(0, at) + 'SOFTWARX.' + text.slice(at + 9), 'latin1');
  assert.equal(statSync(compiled).size, Buffer.byteLength(text, 'latin1'));
  check();
  const fresh = theCache();
  assert.notEqual(fresh.file, old.file, 'V8 checks only the length of the text, so the same-sized file must not find the old cache');
});

test('the compiled CLI is ASCII and its module function, so the loader reads it as Latin-1 and compiles it as it is', () => {
  const text = readFileSync(path.join(cli, 'dist/cli.cjs'));
  const outside = text.findIndex((byte) => byte > 0x7f);
  assert.equal(outside, -1, `a byte outside ASCII at ${outside}`);
  assert.match(text.toString('latin1'), /^\(function \(exports, require, module, __filename, __dirname\) \{'use strict';\n/);
});

test('a cache V8 rejects (made with other V8 flags) is replaced by one for the flags of the run', () => {
  check();
  const plain = theCache();
  check(['--stack-size=2000']);
  check(['--stack-size=2000']);
  const other = theCache();
  assert.ok(!other.bytes.equals(plain.bytes), 'written again for the other flags');
  check(['--stack-size=2000']);
  assert.equal(theCache().written, other.written, 'and then used as it is');
});

test('without the compiled CLI (no npm install yet) the command says what to do', () => {
  const compiled = path.join(cli, 'dist/cli.cjs');
  const kept = readFileSync(compiled);
  rmSync(compiled);
  try {
    const result = docsgen(['--version']);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^docsgen: error: .*dist[\\/]cli\.cjs is missing\n  hint: run npm install in .* \(it compiles the CLI\)\n$/);
  } finally {
    writeFileSync(compiled, kept);
  }
});
