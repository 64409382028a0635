import { afterEach, beforeEach, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { link, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../packages/core/src/build.js';
import { stagingWriter } from '../../packages/core/src/emit/staging-writes.js';
import { serve } from '../../packages/core/src/serve.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';
import { startStaticServer } from '../helpers/static-server.js';

// Each doc's Markdown copy is published twice (`<route-without-slash>.md` and `<route>index.md`); the second name is a
// hard link to the first. These tests hold what readers get from both names through builds, rebuilds and tampering.
let site: FixtureSite;
const named = 'docs/guide/writing.md';
const inFolder = 'docs/guide/writing/index.md';
const output = (file: string) => site.file(path.join('build', file));
const cacheDir = () => site.file('node_modules/.cache/docsgen');
const rebuild = () => build({ root: site.root, write: true, cacheDir: cacheDir() });

beforeEach(async () => {
  site = await copyFixture('readers');
});
afterEach(async () => {
  mock.restoreAll();
  await site.remove();
});

async function inode(file: string): Promise<{ ino: number; nlink: number }> {
  const info = await stat(output(file));
  return { ino: info.ino, nlink: info.nlink };
}

test('both names of a copy are one file, and a static host serves the same bytes at both URLs', async () => {
  await rebuild();
  const [a, b] = [await inode(named), await inode(inFolder)];
  assert.equal(a.ino, b.ino, 'one inode');
  assert.equal(a.nlink, 2);
  await assertSameCopyAtBothUrls(await startStaticServer(site.file('build')));
});

test('docsgen serve, which keeps the output in memory, serves the same copy at both URLs', async () => {
  await assertSameCopyAtBothUrls(await serve({ root: site.root, port: 0, host: '127.0.0.1', log: () => undefined }));
});

/** Fetches the copy at both its URLs from the server, which it closes: both answer 200 with the same text. */
async function assertSameCopyAtBothUrls(server: { url: string; close(): Promise<void> }): Promise<void> {
  try {
    const [first, second] = await Promise.all([named, inFolder].map((file) => fetch(server.url + file)));
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    const text = await first.text();
    assert.match(text, /^# 全部写法\n/);
    assert.equal(await second.text(), text);
  } finally {
    await server.close();
  }
}

test('an edit of the doc changes both names, written as a new file: the previous one is never written through', async () => {
  await rebuild();
  const before = await readFile(output(named), 'utf8');
  // A second name for the previous copy, outside the output: a write through either name of it would show here.
  const held = site.file('held.md');
  await link(output(inFolder), held);
  await site.edit('content/docs/guide/writing.md', (text) => text + '\n追加的一段。\n');
  await rebuild();
  const after = await readFile(output(named), 'utf8');
  assert.match(after, /追加的一段。\n$/);
  assert.equal(await readFile(output(inFolder), 'utf8'), after);
  assert.equal(await readFile(held, 'utf8'), before, 'the previous copy is untouched');
  assert.equal((await inode(named)).ino, (await inode(inFolder)).ino);
  assert.notEqual((await inode(named)).ino, (await stat(held)).ino);
});

test('a rebuild with nothing changed carries both names over, still one file', async () => {
  await rebuild();
  const first = await inode(named);
  await rebuild();
  assert.deepEqual(await inode(named), first, 'moved, not written');
  assert.deepEqual(await inode(inFolder), first);
});

test('one name replaced by hand is written again on its own; the other name keeps its bytes', async () => {
  await rebuild();
  const text = await readFile(output(named), 'utf8');
  await writeFile(output('tampered'), 'changed by hand\n');
  await rename(output('tampered'), output(named));
  await rebuild();
  assert.equal(await readFile(output(named), 'utf8'), text);
  assert.equal(await readFile(output(inFolder), 'utf8'), text);
});

test('a copy changed in place through one name (both names see it) is written again under both', async () => {
  await rebuild();
  const text = await readFile(output(named), 'utf8');
  await fs.promises.appendFile(output(inFolder), 'appended in place\n');
  assert.notEqual(await readFile(output(named), 'utf8'), text, 'the names share the file');
  await rebuild();
  assert.equal(await readFile(output(named), 'utf8'), text);
  assert.equal(await readFile(output(inFolder), 'utf8'), text);
});

test('where the file system has no hard links, the second name is written as a file of its own', async () => {
  mock.method(fs, 'link', (_existing: string, _file: string, done: (error: NodeJS.ErrnoException) => void) => {
    done(Object.assign(new Error('operation not permitted'), { code: 'EPERM' }));
  });
  await build({ root: site.root, write: true });
  const [a, b] = [await inode(named), await inode(inFolder)];
  assert.notEqual(a.ino, b.ino);
  assert.equal(a.nlink, 1);
  assert.equal(await readFile(output(named), 'utf8'), await readFile(output(inFolder), 'utf8'));
  assert.match(await readFile(output(named), 'utf8'), /^# 全部写法\n/);
});

test('the staging writer links a file to the one it names only when that one is written in the same call', async () => {
  const staging = site.file('staging');
  await fs.promises.mkdir(staging);
  const write = stagingWriter(staging);
  // The writer is given absolute paths, already checked to lie in the staging folder (emit-site.ts).
  const at = (file: string) => path.join(staging, file);
  await write([
    { path: at('a/b/c.md'), contents: 'x' },
    { path: at('a/b/c/index.md'), contents: 'x', sameAs: at('a/b/c.md') },
  ]);
  // Its namesake came in an earlier call (or was carried over, and is not in the staging folder yet): written on its own.
  await write([{ path: at('a/d/index.md'), contents: 'y', sameAs: at('a/b/c.md') }]);
  const ino = async (file: string) => (await stat(path.join(staging, file))).ino;
  assert.equal(await ino('a/b/c/index.md'), await ino('a/b/c.md'));
  assert.notEqual(await ino('a/d/index.md'), await ino('a/b/c.md'));
  assert.equal(await readFile(path.join(staging, 'a/d/index.md'), 'utf8'), 'y');
  assert.equal(await readFile(path.join(staging, 'a/b/c.md'), 'utf8'), 'x');
  await rm(staging, { recursive: true });
});
