import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { build } from '../../packages/core/src/build.js';
import type { InputWatcher } from '../../packages/core/src/content/build-on-change.js';
import { watch } from '../../packages/core/src/watch.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';
import { assertSameFiles, snapshot } from '../helpers/output-snapshot.js';

/** `build --watch` as a person uses it: edits while it runs, each followed by the output a one-shot build would write. */

interface BuildEvent {
  ok: boolean;
  changed: string[];
  parsed?: number;
  rendered?: number;
  message?: string;
}

let site: FixtureSite;
let watcher: InputWatcher;
const events: BuildEvent[] = [];

before(async () => {
  site = await copyFixture('basic');
  watcher = await watch({
    root: site.root,
    outDir: 'watched',
    cacheDir: site.file('node_modules/.cache/docsgen'),
    onBuilt: (result, _ms, changed) => events.push({ ok: true, changed, parsed: result.stats.parsedDocs, rendered: result.stats.renderedPages }),
    onFailed: (error, changed) => events.push({ ok: false, changed, message: error.format() }),
    log: (message) => events.push({ ok: false, changed: [], message }),
  });
});
after(async () => {
  await watcher.close();
  await site.remove();
});

/** Makes a change, waits until the builds after it have seen every file it changed, and returns those builds. */
async function buildsAfter(change: () => Promise<void>, files: string[]): Promise<BuildEvent[]> {
  const before = events.length;
  await change();
  const deadline = Date.now() + 20_000;
  const seen = () => new Set(events.slice(before).flatMap((event) => event.changed));
  while (!files.every((file) => seen().has(file))) {
    assert.ok(Date.now() < deadline, `no build after a change of ${files.join(', ')}: ${JSON.stringify(events.slice(before))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await watcher.settled();
  return events.slice(before);
}

/** The output of a one-shot build without any cache of the site as it is now: what the watched output must equal. */
async function oneShotOutput(): Promise<Map<string, Buffer>> {
  await build({ root: site.root, write: true, outDir: 'one-shot' });
  return snapshot(site.file('one-shot'));
}

test('the first build writes the output folder, before any change', async () => {
  assert.deepEqual(events, [{ ok: true, changed: [], parsed: 5, rendered: 8 }]);
  assertSameFiles(await snapshot(site.file('watched')), await oneShotOutput(), 'after the first watched build');
});

test('an edited doc is built again on its own, and the output equals a one-shot build of the same files', async () => {
  const builds = await buildsAfter(() => site.edit('content/docs/intro.md', (text) => text.replace('正文。', '修改后的正文。')), ['content/docs/intro.md']);
  assert.deepEqual(builds, [{ ok: true, changed: ['content/docs/intro.md'], parsed: 1, rendered: 1 }]);
  assert.match(await site.read('watched/docs/intro/index.html'), /修改后的正文。/);
  assertSameFiles(await snapshot(site.file('watched')), await oneShotOutput(), 'after an edit');
});

test('an edit that keeps the file\'s size and puts back its modification time is still built', async () => {
  const file = site.file('content/docs/intro.md');
  // touch copies times to the nanosecond, which node's utimes cannot.
  const times = site.file('times-of-intro');
  execFileSync('touch', ['-r', file, times]);
  const builds = await buildsAfter(async () => {
    // 修改后 and 改过后 are the same number of bytes in UTF-8.
    await site.edit('content/docs/intro.md', (text) => text.replace('修改后的正文。', '改过后的正文。'));
    execFileSync('touch', ['-m', '-r', times, file]);
  }, ['content/docs/intro.md']);
  assert.equal((await stat(file, { bigint: true })).mtimeNs, (await stat(times, { bigint: true })).mtimeNs);
  assert.deepEqual(builds.at(-1), { ok: true, changed: ['content/docs/intro.md'], parsed: 1, rendered: 1 });
  assert.match(await site.read('watched/docs/intro/index.html'), /改过后的正文。/);
});

test('a new doc, a renamed doc title and a changed site title are built as a one-shot build would', async () => {
  const builds = await buildsAfter(async () => {
    await site.write('content/docs/guide/added.md', '---\ntitle: 新增的页面\n---\n\n回到[简介](../intro.md)。\n');
    await site.edit('content/docs/guide/features.md', (text) => text.replace('title: 功能演示', 'title: 功能全览'));
    await site.edit('site.config.ts', (text) => text.replace(/title: '([^']*)'/, "title: '$1（已改名）'"));
  }, ['content/docs/guide/added.md', 'content/docs/guide/features.md', 'site.config.ts']);
  assert.ok(builds.length >= 1 && builds.every((event) => event.ok), JSON.stringify(builds));
  assert.deepEqual(new Set(builds.flatMap((event) => event.changed)), new Set(['content/docs/guide/added.md', 'content/docs/guide/features.md', 'site.config.ts']));
  const watched = await snapshot(site.file('watched'));
  assert.match(String(watched.get('docs/guide/added/index.html')), /新增的页面/);
  // On a page whose sidebar shows the renamed doc (closed folders are not rendered).
  assert.match(String(watched.get('docs/guide/long/index.html')), /功能全览/);
  assert.match(String(watched.get('docs/intro/index.html')), /（已改名）/);
  assertSameFiles(watched, await oneShotOutput(), 'after a new doc, a new title and a new config');
});

test('a Markdown option added to the config applies to docs parsed before it', async () => {
  await buildsAfter(() => site.write('content/docs/guide/release.md', '---\ntitle: 发布说明\n---\n\n:::release\n\n新版本已发布。\n\n:::\n'), ['content/docs/guide/release.md']);
  const builds = await buildsAfter(() => site.edit('site.config.ts', (text) => text.replace("  url: '", "  markdown: { admonitionKeywords: ['release'] },\n  url: '")), ['site.config.ts']);
  assert.ok(builds.every((event) => event.ok), JSON.stringify(builds));
  const watched = await snapshot(site.file('watched'));
  assert.match(String(watched.get('docs/guide/release/index.html')), /class="admonition admonition-release"/);
  assertSameFiles(watched, await oneShotOutput(), 'after a Markdown option was added');
});

test('a failed build is reported with file and line, leaves the output as it was, and the next change builds again', async () => {
  const output = await snapshot(site.file('watched'));
  const failed = await buildsAfter(() => site.edit('content/docs/intro.md', (text) => text + '\n[坏链接](./broken.md)\n'), ['content/docs/intro.md']);
  assert.equal(failed.length, 1);
  assert.equal(failed[0].ok, false);
  assert.match(failed[0].message!, /content\/docs\/intro\.md:\d+:\d+ {2}\.\/broken\.md {2}→ no doc at that path/);
  assertSameFiles(await snapshot(site.file('watched')), output, 'after a failed build');

  const mended = await buildsAfter(() => site.edit('content/docs/intro.md', (text) => text.replace('[坏链接](./broken.md)', '[好链接](./guide/features.md)')), ['content/docs/intro.md']);
  assert.deepEqual(mended, [{ ok: true, changed: ['content/docs/intro.md'], parsed: 1, rendered: 1 }]);
  assert.match(await readFile(site.file('watched/docs/intro/index.html'), 'utf8'), /好链接/);
});

test('what the build writes into its cache folder, even one inside the content folder, starts no build', async () => {
  const other = await copyFixture('basic');
  const builds: string[][] = [];
  const inContent = await watch({
    root: other.root,
    outDir: 'watched',
    cacheDir: other.file('content/docs/.cache'),
    onBuilt: (_result, _ms, changed) => builds.push(changed),
    onFailed: (error) => assert.fail(error.format()),
    log: (message) => assert.fail(message),
  });
  try {
    // Each build writes cache entries there; had the watcher taken them for edits, every build would start another.
    await other.edit('content/docs/intro.md', (text) => text + '\n又一段。\n');
    await inContent.settled();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await inContent.settled();
    assert.deepEqual(builds, [[], ['content/docs/intro.md']]);
  } finally {
    await inContent.close();
    await other.remove();
  }
});

test('in a Docusaurus project whose first build fails, the docs folder is watched, and mending the doc builds the site', async () => {
  const docusaurus = await copyFixture('docusaurus-site');
  const builds: BuildEvent[] = [];
  await docusaurus.edit('docs/intro.md', (text) => text + '\n[坏链接](./missing.md)\n');
  const watching = await watch({
    root: docusaurus.root,
    outDir: 'watched',
    onBuilt: (_result, _ms, changed) => builds.push({ ok: true, changed }),
    onFailed: (error, changed) => builds.push({ ok: false, changed, message: error.format() }),
    log: (message) => assert.fail(message),
  });
  try {
    assert.equal(builds.length, 1);
    assert.match(builds[0].message ?? '', /docs\/intro\.md:\d+:\d+ {2}\.\/missing\.md/);
    await docusaurus.edit('docs/intro.md', (text) => text.replace('\n[坏链接](./missing.md)\n', ''));
    const deadline = Date.now() + 20_000;
    while (builds.length < 2) {
      assert.ok(Date.now() < deadline, 'no build after the doc was mended');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await watching.settled();
    assert.deepEqual(builds.slice(1), [{ ok: true, changed: ['docs/intro.md'] }]);
  } finally {
    await watching.close();
    await docusaurus.remove();
  }
});

test('an edit made while the first build runs is built after it: watching starts before that build', async () => {
  const other = await copyFixture('basic');
  const builds: string[][] = [];
  let edited = false;
  const watching = await watch({
    root: other.root,
    outDir: 'watched',
    // The edit is made in the middle of the first build, as an author saving right after starting the command would.
    onProgress: () => {
      if (edited) return;
      edited = true;
      appendFileSync(other.file('content/docs/intro.md'), '\n启动时的编辑。\n');
    },
    onBuilt: (_result, _ms, changed) => builds.push(changed),
    onFailed: (error) => assert.fail(error.format()),
    log: (message) => assert.fail(message),
  });
  try {
    const deadline = Date.now() + 20_000;
    while (builds.length < 2) {
      assert.ok(Date.now() < deadline, `no build after the edit made during the first: ${JSON.stringify(builds)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await watching.settled();
    assert.deepEqual(builds, [[], ['content/docs/intro.md']]);
    assert.match(await other.read('watched/docs/intro/index.html'), /启动时的编辑。/);
  } finally {
    await watching.close();
    await other.remove();
  }
});
