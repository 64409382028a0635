import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { entryHolding, intactPayloads, overwritePayload, packedEntries, truncateWithin, withTextReplaced } from '../helpers/cache-packs.js';
import { cacheComparison } from '../helpers/cache-comparison.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';
import { assertSameFiles } from '../helpers/output-snapshot.js';

// A cached doc's body HTML is an entry of its own (`parse-html/`, cache/parse-cache.ts), read only for a page that is
// rendered again or a body that holds cards. Each test compares a cached build with a build without any cache.

let site: FixtureSite;
const { cacheDir, coldBuild, cachedBuild } = cacheComparison(() => site);

before(async () => {
  site = await copyFixture('basic');
});
after(() => site.remove());

/** The intact body entries of the cache, by key. */
async function bodyEntries(): Promise<Map<string, Buffer>> {
  return new Map((await packedEntries(cacheDir(), 'parse-html')).filter((entry) => entry.intact).map((entry) => [entry.key, entry.payload]));
}

/** A cache and an output of the site as it is. */
async function freshCache(): Promise<void> {
  await rm(cacheDir(), { recursive: true, force: true });
  await rm(site.file('cached'), { recursive: true, force: true });
  await cachedBuild();
}

test('after a body edit no other doc\'s body is read: with every body entry gone, only the edited doc\'s comes back, and the output equals a cold build', async () => {
  await freshCache();
  const docs = (await bodyEntries()).size;
  assert.ok(docs > 3);
  await rm(path.join(cacheDir(), 'parse-html'), { recursive: true });
  await site.edit('content/docs/guide/features.md', (text) => text + '\n只改正文的一段话。\n');
  const cold = await coldBuild();
  const warm = await cachedBuild();
  assert.equal(warm.stats.parsedDocs, 1);
  assert.equal(warm.stats.renderedPages, 1);
  assertSameFiles(warm.files, cold, 'from a cold build');
  assert.equal((await bodyEntries()).size, 1, 'only the edited doc needed (and wrote) a body');
});

test('a title edit renders every page: each missing body is parsed again and rewritten, and the output equals a cold build', async () => {
  await freshCache();
  const before = await bodyEntries();
  await rm(path.join(cacheDir(), 'parse-html'), { recursive: true });
  await site.edit('content/docs/guide/features.md', (text) => text.replace(/^title: .*$/m, 'title: 功能总览'));
  const cold = await coldBuild();
  const warm = await cachedBuild();
  assert.equal(warm.stats.renderedPages, warm.stats.pages);
  assertSameFiles(warm.files, cold, 'from a cold build');
  const after = await bodyEntries();
  // The edited doc has a new key and a new entry; every other body is rewritten as it was.
  assert.equal(after.size, before.size);
  assert.equal([...before.keys()].filter((key) => !after.has(key)).length, 1, 'only the edited doc\'s old entry is not made again');
  for (const [key, payload] of before) if (after.has(key)) assert.ok(after.get(key)!.equals(payload), `${key} rewritten as it was`);
});

test('a corrupted or truncated body entry of a page that renders is detected, parsed again and rewritten, never used', async () => {
  await freshCache();
  const entry = await entryHolding(cacheDir(), 'parse-html', '这是介绍页');
  // Same length, still decodes: only the checksum can tell.
  await overwritePayload(entry, withTextReplaced(entry.payload, '这是介绍页', '这是篡改页'));
  // Every page renders again (a new title in every sidebar), so every body is read.
  await site.edit('content/docs/guide/features.md', (text) => text.replace(/^title: .*$/m, 'title: 功能清单'));
  const cold = await coldBuild();
  const afterCorruption = await cachedBuild();
  assertSameFiles(afterCorruption.files, cold, 'from a cold build');
  assert.deepEqual(await intactPayloads(cacheDir(), 'parse-html', entry.key), [entry.payload], 'the entry is rewritten as it was');

  // The rewritten copy (a pack of its own, written when the body was made again), cut in half.
  const rewritten = await entryHolding(cacheDir(), 'parse-html', '这是介绍页');
  assert.equal((await packedEntries(cacheDir(), 'parse-html')).filter((other) => other.file === rewritten.file).length, 1);
  await truncateWithin(rewritten);
  await site.edit('content/docs/guide/features.md', (text) => text.replace(/^title: .*$/m, 'title: 功能列表'));
  const coldAgain = await coldBuild();
  const afterTruncation = await cachedBuild();
  assertSameFiles(afterTruncation.files, coldAgain, 'from a cold build');
  assert.deepEqual(await intactPayloads(cacheDir(), 'parse-html', entry.key), [entry.payload], 'the entry is rewritten as it was');
});
