import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { build } from '../../packages/core/src/build.js';
import { loadConfig } from '../../packages/core/src/config/load-config.js';
import { scanContent } from '../../packages/core/src/content/scan-content.js';
import { docOutputPaths, reserveFiles } from '../../packages/core/src/emit/reserve-output.js';
import { stageOutput } from '../../packages/core/src/emit/emit-site.js';
import { DocsgenError } from '../../packages/core/src/errors.js';
import { withFixture } from '../helpers/fixtures.js';
import { assertSameFiles, snapshot } from '../helpers/output-snapshot.js';

// Into a new output folder, a build makes its docs' files empty in the staging folder while it parses (a worker thread,
// emit/reserve-output.ts), then writes them like any file. What it does not write must not be left behind.

/** Every file and folder under `dir`, relative, with empty files and empty folders marked. */
async function listing(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries.map(async (entry) => {
      const full = path.join(entry.parentPath, entry.name);
      const relative = path.relative(dir, full);
      if (entry.isDirectory()) return (await readdir(full)).length ? relative + '/' : relative + '/ (empty)';
      return (await stat(full)).size ? relative : relative + ' (empty)';
    }),
  );
}

test('a build into a new folder writes what a build into an existing one does, with no empty file or folder', () =>
  withFixture('basic', async (site) => {
    await build({ root: site.root, write: true, outDir: 'fresh' });
    await mkdir(site.file('existing'));
    await build({ root: site.root, write: true, outDir: 'existing' });
    assertSameFiles(await snapshot(site.file('fresh')), await snapshot(site.file('existing')), 'new folder against an existing one');
    const empty = (await listing(site.file('fresh'))).filter((entry) => entry.endsWith('(empty)'));
    assert.deepEqual(empty, [], 'nothing reserved is left empty');
    assert.ok((await stat(site.file('fresh/docs/intro/index.md'))).size > 0, 'a reserved Markdown copy holds its text');
  }));

test('reserved files the build does not write are removed before the swap, with the folders that leaves empty', () =>
  withFixture('basic', async (site) => {
    const outDir = site.file('out');
    const staged = await stageOutput(outDir, { reserve: ['docs/a/index.html', 'docs/a/index.md', 'docs/b/c/index.html'] });
    await staged.write([{ path: 'docs/a/index.html', contents: '<p>a</p>' }]);
    await staged.commit();
    assert.deepEqual((await listing(outDir)).filter((entry) => !entry.startsWith('.docsgen')).sort(), ['docs/', 'docs/a/', 'docs/a/index.html']);
  }));

test('a build that fails while the files are reserved leaves no output folder and no staging folder', () =>
  withFixture('basic', async (site) => {
    // Fails in the parse, after the staging folder was made and while its files are being reserved.
    await site.write('content/docs/deep.md', '---\ntitle: 深\n---\n' + '> '.repeat(40) + '引用\n');
    await assert.rejects(build({ root: site.root, write: true, outDir: 'never' }), DocsgenError);
    assert.equal(existsSync(site.file('never')), false);
    const left = (await readdir(site.root)).filter((name) => name.includes('docsgen-'));
    assert.deepEqual(left, [], 'no staging folder beside the output');
  }));

test('what is reserved is each doc\'s page and Markdown copy, and the build writes all of it', () =>
  withFixture('basic', async (site) => {
    await site.write('content/docs/hidden.md', '---\ntitle: 未列出\nunlisted: true\n---\n正文\n');
    await build({ root: site.root, write: true, outDir: 'out' });
    const { config, root } = await loadConfig(site.root);
    const content = await scanContent({ root, config, includeDrafts: false });
    const reserved = docOutputPaths(content.docs, config.baseUrl);
    assert.ok(reserved.includes('docs/hidden/index.html') && !reserved.includes('docs/hidden/index.md'), 'an unlisted doc has a page and no copy');
    const written = (await listing(site.file('out'))).filter((entry) => /(^|\/)index\.(html|md)$/.test(entry) && entry.startsWith('docs/'));
    // The rest of what is written there are redirect pages, which are no docs.
    assert.deepEqual(reserved.filter((file) => !written.includes(file)), [], 'every reserved file is written');
    const listed = content.docs.filter((doc) => !doc.frontMatter.unlisted && !doc.frontMatter.draft);
    assert.equal(reserved.length, content.docs.length + listed.length, 'a page for each doc, a copy for each listed one');
  }));

/** The nice value of a thread of this process (the 19th field of /proc/self/task/<tid>/stat). */
function niceOf(tid: number | string): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The nice values of this process's threads (a thread that ended meanwhile is left out). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return [niceOf(tid)];
    } catch {
      return [];
    }
  });
}

test('a file the build wrote before the worker reached it is passed over, and the worker makes the rest and is gone once ready settles', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'docsgen-reserve-'));
  try {
    const paths = Array.from({ length: 200 }, (_, i) => `docs/page-${i}/index.html`);
    // The build writes files beside the pages as soon as the Markdown is parsed, while the worker may still be making these.
    await mkdir(path.join(folder, 'docs/page-3'), { recursive: true });
    await writeFile(path.join(folder, 'docs/page-3/index.html'), '<p>written by the build</p>');
    const threadsBefore = readdirSync('/proc/self/task').length;
    await reserveFiles(folder, paths).ready;
    assert.equal(readFileSync(path.join(folder, 'docs/page-3/index.html'), 'utf8'), '<p>written by the build</p>');
    assert.ok(existsSync(path.join(folder, 'docs/page-199/index.html')), 'the files after it are made too');
    if (process.platform === 'linux') assert.ok(readdirSync('/proc/self/task').length <= threadsBefore, 'the worker thread is gone');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('on one or two cores the thread that makes the files runs below the thread that builds', { skip: availableParallelism() > 2 || process.platform !== 'linux' ? 'only on one or two cores, on Linux (reads /proc)' : false }, async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'docsgen-reserve-'));
  try {
    assert.ok(!threadNiceValues().includes(10), 'no thread of the test runs lowered before');
    const reserved = reserveFiles(folder, Array.from({ length: 4000 }, (_, i) => `docs/p${i % 40}/page-${i}/index.html`));
    let lowered = false;
    let done = false;
    void reserved.ready.then(() => (done = true));
    while (!done) {
      lowered ||= threadNiceValues().includes(10);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    assert.ok(lowered, 'a thread at nice 10 while the files were made');
    assert.equal(niceOf(process.pid), 0, 'this thread keeps its priority');
    assert.ok(existsSync(path.join(folder, 'docs/p39/page-3999/index.html')));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
