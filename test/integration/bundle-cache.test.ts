import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { build } from '../../packages/core/src/build.js';
import { cacheComparison } from '../helpers/cache-comparison.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';
import { assertSameFiles, snapshot } from '../helpers/output-snapshot.js';

// The theme's esbuild bundles (theme/ and the site's React pages) and the compiled site.config.ts are kept in the cache
// folder while nothing they were made from changed (client/theme-bundles.ts, config/load-config.ts,
// cache/stamped-entry.ts). Each test compares a cached build with a build without any cache, byte for byte.

let site: FixtureSite;
const comparison = cacheComparison(() => site);
const { cacheDir, coldBuild } = comparison;
const cachedBuild = async () => (await comparison.cachedBuild()).files;

before(async () => {
  site = await copyFixture('basic');
});
after(() => site.remove());

/** The theme (or config) entry of the cache folder: there is one per working folder, base URL and set of pages. */
async function themeEntry(kind = 'theme'): Promise<string> {
  const names = await readdir(path.join(cacheDir(), kind));
  const entries = names.filter((name) => name.endsWith('.bin'));
  assert.equal(entries.length, 1, `one ${kind} entry, found ${names.join(', ')}`);
  return path.join(cacheDir(), kind, entries[0]);
}

/** The entry's stored bundles; `write` stores changed ones under a valid checksum, as only a forger would. */
async function storedBundles(file: string) {
  const bytes = await readFile(file);
  const keyEnd = bytes.indexOf(0x0a, 65);
  const header = bytes.subarray(65, keyEnd + 1);
  const payload = JSON.parse(bytes.subarray(keyEnd + 1).toString('utf8')) as { stamps: [string, string][]; value: { serverCode: string } & string };
  return {
    payload,
    write: () => {
      const body = Buffer.concat([header, Buffer.from(JSON.stringify(payload))]);
      return writeFile(file, Buffer.concat([Buffer.from(createHash('sha256').update(body).digest('hex') + '\n'), body]));
    },
  };
}

/**
 * A cached build once the files the test wrote are older than the file system clock's margin (files changed after a
 * bundle started are not trusted to be what it read, stamped-entry.ts), then one that must find the stored bundles.
 */
async function settledCache(): Promise<void> {
  await delay(200);
  await cachedBuild();
  await cachedBuild();
  await themeEntry();
  await themeEntry('config');
}

test('an unchanged theme comes from the cache: the stored bundles are what the build uses, and the output equals a cold build', async () => {
  await settledCache();
  const cold = await coldBuild();
  assertSameFiles(await cachedBuild(), cold, 'from a cold build');
  // A validly checksummed entry that says something else shows in the output: the build read it rather than bundling.
  const stored = await storedBundles(await themeEntry());
  // esbuild writes the page's text with \u escapes.
  const escaped = (text: string) => [...text].map((c) => '\\u' + c.charCodeAt(0).toString(16).toUpperCase()).join('');
  const code = stored.payload.value.serverCode;
  assert.ok(code.includes(escaped('测试站点')), 'the home page is in the server bundle');
  stored.payload.value.serverCode = code.replace(escaped('测试站点'), escaped('缓存里的站点'));
  await stored.write();
  const forged = await cachedBuild();
  assert.ok(forged.get('index.html')!.toString('utf8').includes('缓存里的站点'));
});

test('an edited React page is bundled again', async () => {
  await settledCache();
  await site.edit('content/pages/index.tsx', (text) => text.replace('测试站点', '改过的首页'));
  const cold = await coldBuild();
  const warm = await cachedBuild();
  assert.ok(warm.get('index.html')!.toString('utf8').includes('改过的首页'));
  assertSameFiles(warm, cold, 'from a cold build');
});

test('an edit that keeps the file\'s size and modification time is seen (its change time moved)', async () => {
  const file = site.file('content/pages/index.tsx');
  // A whole second, which the file system stores exactly (node sets times in fractional seconds).
  const time = new Date('2024-03-05T00:00:00Z');
  await utimes(file, time, time);
  await settledCache();
  const text = await readFile(file, 'utf8');
  const same = text.replace(/<h1>(..)/, '<h1>新的');
  assert.equal(Buffer.byteLength(same), Buffer.byteLength(text));
  await writeFile(file, same);
  await utimes(file, time, time);
  assert.equal((await stat(file)).mtimeMs, time.getTime());
  const cold = await coldBuild();
  const warm = await cachedBuild();
  assert.ok(warm.get('index.html')!.toString('utf8').includes('<h1>新的'));
  assertSameFiles(warm, cold, 'from a cold build');
});

test('a file added beside an import, which esbuild resolves first, is bundled instead', async () => {
  await site.write('lib/greeting.ts', "export const greeting = '从点 ts 文件来的问候';\n");
  await site.edit('content/pages/index.tsx', (text) => "import { greeting } from '../../lib/greeting';\n" + text.replace('<h1>', '<p>{greeting}</p><h1>'));
  await settledCache();
  assert.ok((await snapshot(site.file('cached'))).get('index.html')!.toString('utf8').includes('从点 ts 文件来的问候'));
  // `./greeting` resolves to greeting.tsx before greeting.ts: nothing the old bundle read changed, only what resolution finds.
  await site.write('lib/greeting.tsx', "export const greeting = '从点 tsx 文件来的问候';\n");
  const cold = await coldBuild();
  const warm = await cachedBuild();
  assert.ok(warm.get('index.html')!.toString('utf8').includes('从点 tsx 文件来的问候'));
  assertSameFiles(warm, cold, 'from a cold build');
});

test('a corrupted or truncated theme entry is detected, bundled again and rewritten, never used', async () => {
  await settledCache();
  const cold = await coldBuild();
  const file = await themeEntry();
  const good = await readFile(file);
  const flipped = Buffer.from(good);
  flipped[flipped.length - 10] ^= 1;
  await writeFile(file, flipped);
  assertSameFiles(await cachedBuild(), cold, 'after a flipped bit');
  assert.ok((await readFile(file)).equals(good), 'the entry is rewritten as it was');
  await writeFile(file, good.subarray(0, good.length >> 1));
  assertSameFiles(await cachedBuild(), cold, 'after truncation');
  assert.ok((await readFile(file)).equals(good), 'the entry is rewritten as it was');
});

test('the compiled config comes from the cache until the config or a file it imports changes', async () => {
  await site.write('site-title.ts', "export const siteTitle = '测试站点';\n");
  await site.edit('site.config.ts', (text) => "import { siteTitle } from './site-title';\n" + text.replace("title: '测试站点',", 'title: siteTitle,'));
  await settledCache();
  const stored = await storedBundles(await themeEntry('config'));
  assert.ok(stored.payload.stamps.some(([where]) => where.endsWith('site-title.ts')), 'the imported file is among what the entry depends on');
  const forged = stored.payload.value.replace('tagline: "\\u7528', 'tagline: "\\u4ece\\u7f13\\u5b58\\u6765\\u7684 \\u7528');
  assert.notEqual(forged, stored.payload.value, 'the tagline is in the compiled config');
  (stored.payload as { value: string }).value = forged;
  await stored.write();
  assert.ok((await cachedBuild()).get('index.html')!.toString('utf8').includes('从缓存来的 用'), 'the build ran the stored code');

  await site.write('site-title.ts', "export const siteTitle = '改名的站点';\n");
  const cold = await coldBuild();
  const warm = await cachedBuild();
  assert.ok(warm.get('index.html')!.toString('utf8').includes('改名的站点'));
  assertSameFiles(warm, cold, 'from a cold build');
});

test('the first build\'s config entry serves the next build, though that first build made node_modules/.cache after stamping it', async () => {
  const fresh = await copyFixture('basic');
  try {
    const freshCache = fresh.file('node_modules/.cache/docsgen');
    const buildFresh = () => build({ root: fresh.root, write: true, outDir: 'cached', cacheDir: freshCache });
    // As in a project whose packages are installed, with an empty output folder: what the first build adds to the site's
    // folder is only the cache under node_modules (the root folder's names are stamped too).
    await mkdir(fresh.file('node_modules/react'), { recursive: true });
    await mkdir(fresh.file('cached'));
    await delay(200);
    await buildFresh();
    const names = await readdir(path.join(freshCache, 'config'));
    assert.equal(names.length, 1, `one config entry, found ${names.join(', ')}`);
    const stored = await storedBundles(path.join(freshCache, 'config', names[0]));
    (stored.payload as { value: string }).value = stored.payload.value.replace('tagline: "\\u7528', 'tagline: "\\u4ece\\u7f13\\u5b58\\u6765\\u7684 \\u7528');
    await stored.write();
    assert.ok((await readFile(fresh.file('cached/index.html'), 'utf8')).includes('用'), 'the tagline is on the home page');
    await buildFresh();
    assert.ok((await readFile(fresh.file('cached/index.html'), 'utf8')).includes('从缓存来的 用'), 'the second build ran the entry the first stored');
  } finally {
    await fresh.remove();
  }
});
