import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs, { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../packages/core/src/build.js';
import { stageOutput } from '../../packages/core/src/emit/emit-site.js';
import { DocsgenError } from '../../packages/core/src/errors.js';
import { withFixture, repoRoot, type FixtureSite } from '../helpers/fixtures.js';
import { docsgenErrorMatching as refused } from '../helpers/docsgen-error.js';

/** What a careless `--out` used to delete: the project's own files. */
async function projectFiles(site: FixtureSite): Promise<string[]> {
  return Promise.all(['site.config.ts', 'content/docs/intro.md', 'content/docs/guide/features.md', 'static/img/logo.svg'].map((file) => site.read(file)));
}

const withSite = (work: (site: FixtureSite) => Promise<void>) => withFixture('basic', work);

for (const [outDir, reason] of [
  ['.', /--out "\.": is the project folder itself/],
  ['', /--out "": the output folder is empty/],
  ['  ', /the output folder is empty/],
  ['content', /--out "content": holds the content folder|is inside the content folder/],
  ['content/docs', /is inside the content folder/],
  ['static', /is inside the static folder/],
  ['static/site', /is inside the static folder/],
] as const) {
  test(`--out ${JSON.stringify(outDir)} is refused and the project is untouched`, () =>
    withSite(async (site) => {
      const before = await projectFiles(site);
      const entries = (await readdir(site.root)).sort();
      await assert.rejects(build({ root: site.root, outDir, write: true }), refused(reason));
      assert.deepEqual(await projectFiles(site), before);
      assert.deepEqual((await readdir(site.root)).sort(), entries, 'nothing was added or removed beside the project files');
    }));
}

test('--out .. (a parent of the project) is refused; the sibling projects stay', () =>
  withSite(async (site) => {
    const project = site.file('workspace/project');
    await mkdir(project, { recursive: true });
    await cp(path.join(repoRoot, 'test/fixtures/basic'), project, { recursive: true });
    await site.write('workspace/sibling/notes.md', '别删我\n');
    await assert.rejects(build({ root: project, outDir: '..', write: true }), refused(/is a parent of the project folder/));
    assert.equal(await site.read('workspace/sibling/notes.md'), '别删我\n');
    assert.ok(existsSync(path.join(project, 'site.config.ts')));
    // The same through an absolute path.
    await assert.rejects(build({ root: project, outDir: site.root, write: true }), refused(/is a parent of the project folder/));
  }));

test('an existing file is refused, even with force', () =>
  withSite(async (site) => {
    await site.write('README.md', '# 说明\n');
    await assert.rejects(build({ root: site.root, outDir: 'README.md', write: true, force: true }), refused(/is a file, not a folder/));
    assert.equal(await site.read('README.md'), '# 说明\n');
  }));

test('a folder that holds a site.config.ts is refused, even with force', () =>
  withSite(async (site) => {
    await site.write('other/site.config.ts', 'export default {};\n');
    await site.write('other/keep.txt', 'x');
    await assert.rejects(build({ root: site.root, outDir: 'other', write: true, force: true }), refused(/holds a site\.config\.ts/));
    assert.equal(await site.read('other/keep.txt'), 'x');
  }));

test('a non-empty folder docsgen did not create is refused unless forced', () =>
  withSite(async (site) => {
    await site.write('public/important.txt', '重要');
    await assert.rejects(build({ root: site.root, outDir: 'public', write: true }), refused(/docsgen did not create .*\n  hint: choose another folder, or pass --force/));
    assert.equal(await site.read('public/important.txt'), '重要');
    await build({ root: site.root, outDir: 'public', write: true, force: true });
    assert.ok(!existsSync(site.file('public/important.txt')), 'forced: the folder is replaced');
    assert.ok(existsSync(site.file('public/.docsgen-output')), 'and now carries the marker');
    // From now on the folder is docsgen's: no --force needed.
    await site.write('content/docs/new.md', '---\ntitle: 新\n---\n新页\n');
    await build({ root: site.root, outDir: 'public', write: true });
    assert.ok(existsSync(site.file('public/docs/new/index.html')));
  }));

test('an output written before the marker existed is still replaced', () =>
  withSite(async (site) => {
    await build({ root: site.root, write: true });
    await rm(site.file('build/.docsgen-output'));
    await build({ root: site.root, write: true });
    assert.ok(existsSync(site.file('build/.docsgen-output')));
  }));

test('files beside the output whose names start with ".build." are left alone', () =>
  withSite(async (site) => {
    await site.write('.build.env', 'SECRET=1\n');
    await site.write('.build.cache/data', 'cache');
    await site.write('.site.bak/index.html', 'backup');
    await site.write('.build.docsgen-staging-1-1-abc/note', 'not docsgen’s: no marker');
    await build({ root: site.root, write: true });
    await build({ root: site.root, outDir: 'site', write: true });
    await build({ root: site.root, outDir: 'site', write: true });
    assert.equal(await site.read('.build.env'), 'SECRET=1\n');
    assert.equal(await site.read('.build.cache/data'), 'cache');
    assert.equal(await site.read('.site.bak/index.html'), 'backup');
    assert.equal(await site.read('.build.docsgen-staging-1-1-abc/note'), 'not docsgen’s: no marker');
  }));

test('a build killed between its two renames gets the old site back on the next build', () =>
  withSite(async (site) => {
    await build({ root: site.root, write: true });
    const deadPid = deadProcessId();
    await rename(site.file('build'), site.file(`.build.docsgen-previous-${deadPid}-1-abc`));
    await site.edit('content/docs/intro.md', (text) => text + '\n[坏](./nope.md)\n');
    await assert.rejects(build({ root: site.root, write: true }), refused(/broken link/));
    assert.ok(existsSync(site.file('build/docs/intro/index.html')), 'the old site is back in place');
    assert.deepEqual((await readdir(site.root)).filter((entry) => entry.startsWith('.build.')), []);
  }));

test('a build leaves the staging folder of another build that is still running alone', () =>
  withSite(async (site) => {
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const staging = `.build.docsgen-staging-${running.pid}-1-abc`;
      await site.write(`${staging}/.docsgen-output`, '');
      await site.write(`${staging}/docs/intro/index.html`, '<p>half written</p>');
      await build({ root: site.root, write: true });
      assert.equal(await site.read(`${staging}/docs/intro/index.html`), '<p>half written</p>');
    } finally {
      running.kill();
    }
  }));

test('builds into one output at the same time all succeed and leave one complete site', () =>
  withSite(async (site) => {
    await build({ root: site.root, write: true });
    const results = await Promise.allSettled([1, 2, 3].map(() => build({ root: site.root, write: true })));
    assert.deepEqual(results.map((result) => result.status), ['fulfilled', 'fulfilled', 'fulfilled'], results.map((r) => (r.status === 'rejected' ? String(r.reason) : '')).join(' '));
    assert.match(await site.read('build/docs/intro/index.html'), /<\/html>/);
    assert.deepEqual((await readdir(site.root)).filter((entry) => entry.startsWith('.build.')), []);
  }));

test('an empty lock left by a build killed as it took the lock does not stop later builds', { timeout: 60_000 }, () =>
  withSite(async (site) => {
    await build({ root: site.root, write: true });
    await site.write('.build.docsgen-lock', '');
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(site.file('.build.docsgen-lock'), minuteAgo, minuteAgo);
    await site.edit('content/docs/intro.md', (text) => text + '\n锁之后。\n');
    await build({ root: site.root, write: true });
    assert.match(await site.read('build/docs/intro/index.html'), /锁之后/);
    assert.ok(!existsSync(site.file('.build.docsgen-lock')), 'the lock is released');
  }));

/** mount(8) needs root; elsewhere the two tests below are skipped. */
const canMount = process.getuid?.() === 0 && spawnSync('mount', ['--version']).status === 0;

test('an output folder that is a mount point (a Docker volume) has its contents replaced', { skip: !canMount && 'needs root to mount' }, () =>
  withSite(async (site) => {
    await mkdir(site.file('build'));
    assert.equal(spawnSync('mount', ['-t', 'tmpfs', 'tmpfs', site.file('build')]).status, 0);
    try {
      await build({ root: site.root, write: true });
      await site.write('content/docs/second.md', '---\ntitle: 第二\n---\n第二页\n');
      await writeFile(site.file('build/stale.txt'), 'left by the first build');
      await build({ root: site.root, write: true, force: true });
      const entries = await readdir(site.file('build'));
      assert.ok(entries.includes('404.html') && entries.includes('.docsgen-output'));
      assert.ok(existsSync(site.file('build/docs/second/index.html')), 'the new site is in the mounted folder');
      assert.ok(!entries.includes('stale.txt'), 'nothing of the old contents is mixed in');
      assert.deepEqual(entries.filter((entry) => entry.startsWith('.docsgen-')), ['.docsgen-output']);
    } finally {
      spawnSync('umount', ['-l', site.file('build')]);
    }
  }));

test('into a mount point, rebuilds with the cache are whole and mix nothing in (its copied files never match their stamps, so nothing is carried)', { skip: !canMount && 'needs root to mount' }, () =>
  withSite(async (site) => {
    await mkdir(site.file('build'));
    assert.equal(spawnSync('mount', ['-t', 'tmpfs', 'tmpfs', site.file('build')]).status, 0);
    try {
      const cacheDir = site.file('node_modules/.cache/docsgen');
      await build({ root: site.root, write: true, cacheDir });
      const before = await readFile(site.file('build/docs/intro/index.html'));
      await site.write('content/docs/second.md', '---\ntitle: 第二\n---\n第二页\n');
      await build({ root: site.root, write: true, cacheDir });
      assert.ok(existsSync(site.file('build/docs/second/index.html')), 'the new page is in the mounted folder');
      assert.ok((await readFile(site.file('build/docs/intro/index.html'))).length > 0);
      assert.notDeepEqual(await readFile(site.file('build/docs/intro/index.html')), before, 'the sidebar changed, so the page was rendered again');
      await site.edit('content/docs/second.md', (text) => text + '\n又一段。\n');
      await build({ root: site.root, write: true, cacheDir });
      assert.match(await readFile(site.file('build/docs/second/index.html'), 'utf8'), /又一段/);
      assert.ok(existsSync(site.file('build/docs/intro/index.html')), 'an unchanged page is there');
      assert.deepEqual((await readdir(site.file('build'))).filter((entry) => entry.startsWith('.docsgen-')), ['.docsgen-output']);
    } finally {
      spawnSync('umount', ['-l', site.file('build')]);
    }
  }));

test('an old output that cannot be removed (read-only inside) does not fail later builds', { skip: !canMount && 'needs root to mount' }, () =>
  withSite(async (site) => {
    await build({ root: site.root, write: true });
    const readOnly = site.file('build/readonly');
    await mkdir(readOnly);
    assert.equal(spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro', 'tmpfs', readOnly]).status, 0);
    const mounts = () => readFile('/proc/self/mounts', 'utf8').then((text) => text.split('\n').filter((line) => line.includes(site.root)).map((line) => line.split(' ')[1]));
    try {
      await build({ root: site.root, write: true });
      await build({ root: site.root, write: true });
      assert.ok(existsSync(site.file('build/docs/intro/index.html')));
      assert.ok(!existsSync(site.file('build/readonly')), 'the new output is the new site only');
    } finally {
      for (const mount of await mounts()) spawnSync('umount', ['-l', mount]);
    }
  }));

/** The pid of a process that has exited, as a build killed earlier would have left in its folder names. */
function deadProcessId(): number {
  return Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout);
}

test('the output writer refuses any path that leaves the output folder', () =>
  withSite(async (site) => {
    const output = await stageOutput(site.file('build'));
    try {
      // A folder beside the staging one whose name begins with its name is outside it too.
      const sibling = `../${path.basename(output.dir)}-beside/escaped.txt`;
      for (const bad of ['../escaped.txt', 'docs/../../escaped.txt', site.file('escaped.txt'), sibling, '.', 'docs/..', '']) {
        await assert.rejects(output.write([{ path: bad, contents: 'x' }]), refused(/is outside the output folder/), bad);
      }
      assert.ok(!existsSync(site.file('escaped.txt')));
      assert.ok(!existsSync(path.join(path.dirname(output.dir), `${path.basename(output.dir)}-beside`)));
      await output.write([{ path: 'docs/../inside.txt', contents: 'x' }]);
      assert.ok(existsSync(path.join(output.dir, 'inside.txt')), 'a path that stays inside once normalised is written');
    } finally {
      await output.discard();
    }
  }));

test('a build that fails while files are being written leaves no staging folder behind', () =>
  withSite(async (site) => {
    const output = await stageOutput(site.file('build'));
    // A slow disk: the folders of a write still being made when the build fails and discards the staging folder.
    const makeFolder = fs.mkdir;
    const slowMkdir = mock.method(fs, 'mkdir', (...args: Parameters<typeof fs.mkdir>) => setTimeout(() => makeFolder(...args), 100));
    try {
      const writing = output.write([{ path: 'docs/page/index.html', contents: 'x' }]);
      writing.catch(() => undefined);
      await output.discard();
      await writing.catch(() => undefined);
    } finally {
      slowMkdir.mock.restore();
    }
    // Whatever a write left under way would land now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const beside = (await readdir(site.root)).filter((name) => name.includes('docsgen-'));
    assert.deepEqual(beside, [], 'the staging folder is gone once discard has returned');
    assert.ok(!existsSync(site.file('build')), 'no output appeared');
  }));

test('a page file that fails to be written after the pages have rendered fails the build, and the previous output stays', () =>
  withSite(async (site) => {
    await build({ root: site.root, write: true });
    const before = await site.read('build/docs/intro/index.html');
    await site.edit('content/docs/intro.md', (text) => `${text}\n\n编辑后的段落。\n`);
    const unhandled: unknown[] = [];
    const noteUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', noteUnhandled);
    const writeFile = fs.writeFile;
    // A slow disk that then reports an error: the failure comes while the build checks links and builds the search index.
    const failing = mock.method(fs, 'writeFile', (file: string, contents: string | Uint8Array, done: (error: NodeJS.ErrnoException | null) => void) => {
      if (!file.endsWith(path.join('docs', 'intro', 'index.html'))) return writeFile(file, contents, done);
      setTimeout(() => done(Object.assign(new Error(`EIO: i/o error, write '${file}'`), { code: 'EIO' })), 300);
    });
    try {
      await assert.rejects(build({ root: site.root, write: true }), /EIO: i\/o error/);
    } finally {
      failing.mock.restore();
      process.off('unhandledRejection', noteUnhandled);
    }
    assert.equal(failing.mock.callCount() > 0, true, 'the page was written again');
    assert.equal(await site.read('build/docs/intro/index.html'), before, 'the previous output is as it was');
    assert.deepEqual((await readdir(site.root)).filter((name) => name.includes('docsgen-')), [], 'no staging folder is left');
    assert.deepEqual(unhandled, []);
  }));

test('the hint names a folder the build would accept: build, or beside the content when the content is the project', () =>
  withSite(async (site) => {
    await assert.rejects(build({ root: site.root, outDir: 'content/docs/out', write: true }), refused(/hint: pass an output folder outside it, such as --out build/));
    await site.edit('site.config.ts', (text) => text.replace('defineConfig({', "defineConfig({\n  contentDir: '.',"));
    const suggestion = `..${path.sep}${path.basename(site.root)}-build`;
    await assert.rejects(build({ root: site.root, outDir: 'build', write: true }), (error: unknown) => {
      assert.ok(error instanceof DocsgenError);
      assert.ok(error.format().includes(`--out "build": is inside the content folder (.)`), error.format());
      assert.ok(error.format().includes(`such as --out ${suggestion}`), error.format());
      return true;
    });
    assert.ok(existsSync(path.join(site.root, 'site.config.ts')));
  }));
