import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { copyFixture, repoRoot, type FixtureSite } from '../helpers/fixtures.js';

let site: FixtureSite;
before(async () => {
  site = await copyFixture('basic');
});
after(() => site.remove());

function docsgen(...args: string[]) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), '--root', site.root, ...args], { encoding: 'utf8', env: { ...process.env, NODE_ENV: '' } });
}

test('build prints pages, links, files and timings, and writes the output folder', () => {
  const result = docsgen('build', '--out', 'public');
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /docsgen built 8 pages \(5 docs\), checked \d+ links, \d+ files \(\d+ KiB\) in \d+ ms/);
  assert.match(result.stdout, /stages \(ms\): config \d+, scan \d+/);
  assert.ok(existsSync(site.file('public/docs/intro/index.html')));
});

test('build keeps its cache in node_modules/.cache/docsgen, elsewhere with --cache-dir, nowhere with --no-cache', async () => {
  const defaultCache = site.file('node_modules/.cache/docsgen');
  await rm(defaultCache, { recursive: true, force: true });
  assert.equal(docsgen('build', '--out', 'cached', '--no-cache').status, 0);
  assert.ok(!existsSync(defaultCache), '--no-cache writes no cache');
  assert.equal(docsgen('build', '--out', 'cached').status, 0);
  const kinds = ['config', 'front-matter', 'output', 'parse', 'parse-html', 'pruned', 'render', 'search-terms', 'theme', 'validated-config'];
  assert.deepEqual(readdirSync(defaultCache).sort(), kinds);
  assert.equal(docsgen('build', '--out', 'cached', '--cache-dir', 'ci-cache').status, 0);
  assert.deepEqual(readdirSync(site.file('ci-cache')).sort(), kinds);
  const rebuilt = docsgen('build', '--out', 'cached', '--cache-dir', 'ci-cache');
  assert.equal(rebuilt.status, 0, rebuilt.stderr);
  assert.equal(docsgen('build', '--out', 'cached', '--threads', '0').status, 1, '--threads takes a whole number from 1');
  await rm(site.file('ci-cache'), { recursive: true, force: true });
  await rm(defaultCache, { recursive: true, force: true });
});

test('the compiled CLI builds a Docusaurus site whose config enumerates a package docsgen does not run (strict mode, as the sources are)', async () => {
  // The CLI is compiled to CommonJS for V8's code cache; a banner line above esbuild's "use strict" once left it sloppy,
  // and a sloppy function behind the stand-in module broke Object.keys and spreads of it.
  const docusaurus = await copyFixture('docusaurus-site');
  try {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), '--root', docusaurus.root, 'build'], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /docsgen built \d+ pages/);
  } finally {
    await docusaurus.remove();
  }
});

test('check writes nothing', () => {
  const result = docsgen('check');
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /docsgen checked 8 pages/);
  assert.ok(!existsSync(site.file('build')));
});

test('a user mistake is one clear message with exit code 1 and no stack trace', async () => {
  await site.edit('content/docs/intro.md', (text) => text + '\n[坏](./broken.md)\n');
  const result = docsgen('check');
  assert.equal(result.status, 1);
  assert.match(result.stderr, /^docsgen: error: 1 broken link\n  content\/docs\/intro\.md:13:1  \.\/broken\.md  → no doc at that path/);
  assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
  await site.edit('content/docs/intro.md', (text) => text.replace('\n[坏](./broken.md)\n', ''));
});

test('--verbose shows the stack trace of an unexpected error', async () => {
  await site.write('content/pages/broken.tsx', 'throw new Error("boom");\nexport default function P() { return null; }\n');
  const quiet = docsgen('check');
  assert.equal(quiet.status, 1);
  assert.doesNotMatch(quiet.stderr, /\n\s+at /);
  const verbose = docsgen('--verbose', 'check');
  assert.equal(verbose.status, 1);
  assert.match(verbose.stderr, /boom/);
  assert.match(verbose.stderr, /\n\s+at /);
  await rm(site.file('content/pages/broken.tsx'));
});

test('build refuses a folder docsgen did not create and replaces it with --force', async () => {
  await site.write('mine/notes.txt', '我的笔记');
  const refused = docsgen('build', '--out', 'mine');
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /^docsgen: error: --out "mine": is a folder docsgen did not create[^\n]*\n  hint: choose another folder, or pass --force/);
  assert.equal(await site.read('mine/notes.txt'), '我的笔记');
  const forced = docsgen('build', '--out', 'mine', '--force');
  assert.equal(forced.status, 0, forced.stderr);
  assert.ok(existsSync(site.file('mine/.docsgen-output')) && !existsSync(site.file('mine/notes.txt')));
});

test('serve on a port in use or an unknown host exits 1 with a clear message', async () => {
  const blocker = http.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = blocker.address() as { port: number };
    const inUse = spawnSync(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), '--root', site.root, 'serve', '--port', String(port)], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(inUse.status, 1, 'the process ends with exit code 1');
    assert.match(inUse.stderr, new RegExp(`^docsgen: error: cannot serve on 127\\.0\\.0\\.1:${port}: the port is in use\\n  hint: `));
    const badHost = spawnSync(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), '--root', site.root, 'serve', '--port', '0', '--host', 'no-such-host.invalid'], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(badHost.status, 1);
    assert.match(badHost.stderr, /^docsgen: error: cannot serve on no-such-host\.invalid:0: this machine has no address "no-such-host\.invalid"/);
    assert.doesNotMatch(inUse.stderr + badHost.stderr, /\n\s+at /, 'no stack trace');
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});

test('serve with 256 file descriptors survives 245 live-reload tabs and an edit', { timeout: 120_000 }, async () => {
  const child = spawn('bash', ['-c', `ulimit -n 256 && exec "${process.execPath}" "${path.join(repoRoot, 'bin/docsgen.js')}" --root "${site.root}" serve --port 0`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const connections: http.ClientRequest[] = [];
  try {
    while (!/serving (http:\/\/\S+)/.test(output)) {
      if (child.exitCode !== null) assert.fail(`serve exited: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const url = new URL(/serving (http:\/\/\S+)/.exec(output)![1]);
    const statuses = await Promise.all(
      Array.from({ length: 245 }, () =>
        new Promise<number>((resolve) => {
          const request = http.get({ host: url.hostname, port: url.port, path: url.pathname + '__docsgen/events' }, (response) => resolve(response.statusCode ?? 0));
          request.on('error', () => resolve(0));
          connections.push(request);
        }),
      ),
    );
    assert.ok(statuses.filter((status) => status === 200).length > 0, 'live reload connects');
    await site.edit('content/docs/intro.md', (text) => text + '\n编辑之后。\n');
    while (!output.includes('rebuilt after')) {
      if (child.exitCode !== null) assert.fail(`serve died: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const page = await fetch(new URL('docs/intro/', url));
    assert.equal(page.status, 200);
    assert.match(await page.text(), /编辑之后/);
    assert.equal(child.exitCode, null, 'serve is still running');
  } finally {
    connections.forEach((request) => request.destroy());
    child.kill('SIGTERM');
    await exited;
    await site.edit('content/docs/intro.md', (text) => text.replace('\n编辑之后。\n', ''));
  }
});

test('build --watch builds, rebuilds after an edit, reports a failed build and goes on, and ends with exit 0 on Ctrl+C', { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), '--root', site.root, 'build', '--watch', '--out', 'watched'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp) => {
    // Bounded, so that a failure ends this test rather than leaving it polling (and the shared site edited) for ever.
    const deadline = Date.now() + 20_000;
    while (!pattern.test(output)) {
      if (child.exitCode !== null) assert.fail(`build --watch exited: ${output}`);
      if (Date.now() > deadline) assert.fail(`build --watch never printed ${pattern}: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const intro = await site.read('content/docs/intro.md');
  try {
    await waitFor(/docsgen built 8 pages[^]*watching for changes/);
    await site.edit('content/docs/intro.md', (text) => text + '\n[坏链接](./missing.md)\n');
    await waitFor(/docsgen: error after content\/docs\/intro\.md: .*broken link[^]*content\/docs\/intro\.md:\d+:\d+ {2}\.\/missing\.md[^]*the previous output is unchanged; watching goes on/);
    assert.doesNotMatch(readFileSync(site.file('watched/docs/intro/index.html'), 'utf8'), /坏链接/);
    await site.edit('content/docs/intro.md', (text) => text.replace('[坏链接](./missing.md)', '监视中的编辑。'));
    await waitFor(/docsgen rebuilt 8 pages .* in \d+ ms\n.*\n {2}after a change of: content\/docs\/intro\.md/);
    assert.match(readFileSync(site.file('watched/docs/intro/index.html'), 'utf8'), /监视中的编辑。/);
    assert.doesNotMatch(output, /\n\s+at /, 'no stack trace');
    child.kill('SIGINT');
    assert.equal(await exited, 0, output);
  } finally {
    child.kill('SIGKILL');
    // The other tests build this site too.
    await site.write('content/docs/intro.md', intro);
  }
});

test('build --watch refuses the project, a parent or the content folder as --out at once, with exit 1, and deletes nothing', () => {
  for (const out of ['.', '..', 'content']) {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), '--root', site.root, 'build', '--watch', '--out', out], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(result.status, 1, `--out ${out}: ${result.stdout}${result.stderr}`);
    assert.match(result.stderr, new RegExp(`docsgen: error: --out "${out.replace('.', '\\.')}": (is the project folder itself|is a parent of the project folder|is inside the content folder)`));
    assert.doesNotMatch(result.stdout, /watching for changes/);
  }
  assert.ok(existsSync(site.file('site.config.ts')) && existsSync(site.file('content/docs/intro.md')), 'the project is intact');
});

test('--version and -v print the version of the package, nothing else', () => {
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  for (const flag of ['--version', '-v']) {
    const result = docsgen(flag);
    assert.equal(result.status, 0, flag);
    assert.equal(result.stdout, `${version}\n`, flag);
  }
});

test('an invalid option is rejected', () => {
  const result = docsgen('serve', '--port', 'eighty');
  assert.equal(result.status, 1);
  assert.match(result.stderr, /a port is a whole number/);
});

test('npm install links the docsgen command, so `npx docsgen` and the npm scripts find it', () => {
  const linked = path.join(repoRoot, 'node_modules/.bin/docsgen');
  const result = spawnSync(linked, ['--root', site.root, 'check'], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /docsgen checked \d+ pages/);
});

/** A private mount namespace (root only) can make docsgen's own folders read-only for one process and nobody else. */
const canUnshare = process.getuid?.() === 0 && spawnSync('unshare', ['-m', '--propagation', 'private', 'true']).status === 0;

test('build and check work with docsgen installed read-only (a global install, a container image)', { skip: !canUnshare && 'needs root for a private read-only mount' }, () => {
  const readOnly = ['bin', 'dist', 'packages', 'theme', 'node_modules'].map((dir) => path.join(repoRoot, dir));
  const mounts = readOnly.map((dir) => `mount --bind "${dir}" "${dir}" && mount -o remount,ro,bind "${dir}"`).join(' && ');
  const cli = `"${process.execPath}" "${path.join(repoRoot, 'bin/docsgen.js')}" --root "${site.root}"`;
  // The probe proves the mounts took: without them the test would pass whatever the build writes.
  const script = `${mounts} && ! touch "${path.join(repoRoot, 'theme/.probe')}" 2>/dev/null && ${cli} check && ${cli} build --out read-only-install --threads 2`;
  const result = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', script], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /docsgen checked \d+ pages[\s\S]*docsgen built \d+ pages/);
  assert.ok(existsSync(site.file('read-only-install/index.html')), 'the React home page rendered');
  assert.ok(existsSync(site.file('read-only-install/docs/intro/index.html')));
});

/** Pids of processes whose command line holds every one of `parts`. */
function processesWith(...parts: string[]): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return parts.every((part) => command.includes(part));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The nice value of each thread of a process, by thread id (the 19th field of /proc/<pid>/task/<tid>/stat). */
function niceByThread(pid: number): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    nice.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return nice;
}

test('on one or two cores, V8\'s own threads run at a lower priority than the thread that builds and than the threads that write, in one process', { skip: availableParallelism() > 2 || process.platform !== 'linux' ? 'only on one or two cores, on Linux (reads /proc)' : false }, async () => {
  const cli = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), '--root', site.root, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      cli.stdout!.on('data', (chunk: Buffer) => {
        output += chunk;
        if (output.includes('serving http://')) resolve();
      });
      cli.on('exit', () => reject(new Error(`serve exited: ${output}`)));
    });
    assert.deepEqual(processesWith(site.root, 'serve'), [cli.pid], 'no second process does the work');
    const nice = niceByThread(cli.pid!);
    assert.equal(nice.get(cli.pid!), 0, 'the main thread keeps its priority');
    const others = [...nice].filter(([tid]) => tid !== cli.pid);
    // V8's four background threads at least; libuv's four file I/O threads, started once the CLI read its first file,
    // keep the main thread's priority (they write the output).
    assert.ok(others.filter(([, value]) => value === 10).length >= 4, `threads at nice 10: ${JSON.stringify(others)}`);
    assert.ok(others.filter(([, value]) => value === 0).length >= 4, `threads at nice 0: ${JSON.stringify(others)}`);
  } finally {
    cli.kill('SIGKILL');
  }
});
