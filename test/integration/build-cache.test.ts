import { after, before, test } from 'node:test';
import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { appendFile, link, mkdir, readFile, readdir, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { build } from '../../packages/core/src/build.js';
import type { DocsgenError } from '../../packages/core/src/errors.js';
import { cacheComparison } from '../helpers/cache-comparison.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';
import { assertSameFiles, snapshot } from '../helpers/output-snapshot.js';
import { entryHolding, forgeIndex, intactPayloads, overwritePayload, packedEntries, packedKeys, packFiles, truncateWithin, payloadText, withTextReplaced } from '../helpers/cache-packs.js';
import { writePackSync } from '../../packages/core/src/cache/pack-file.js';
import { OUTPUT_MARKER } from '../../packages/core/src/emit/output-folder.js';

let site: FixtureSite;
const { cacheDir, coldBuild, cachedBuild } = cacheComparison(() => site);

before(async () => {
  site = await copyFixture('basic');
});
after(() => site.remove());

/** The files of a one-entry kind's folder (front matter, search terms). */
async function cacheEntries(kind: 'front-matter' | 'search-terms'): Promise<string[]> {
  const entries = await readdir(path.join(cacheDir(), kind), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** A cache holding exactly the entries of the site as it is, so each doc and page has one. */
async function freshCache(): Promise<void> {
  await rm(cacheDir(), { recursive: true, force: true });
  await cachedBuild();
}

/** The entry (in its pack) of the doc (or page) whose body contains `marker`. */
const entryOf = (marker: string, kind: 'parse' | 'render' = 'parse') => entryHolding(cacheDir(), kind, marker);

/** The payload with `from` replaced by `to`, as many characters: a payload damaged in place that still decodes. */
function replaced(payload: Buffer, from: string, to: string): Buffer {
  const changed = withTextReplaced(payload, from, to);
  assert.ok(payloadText(changed).includes(to), 'the damaged payload still decodes, with the change');
  return changed;
}

test('a build from the cache is byte-identical to a cold build, parses and renders nothing', async () => {
  const cold = await coldBuild();
  const first = await cachedBuild();
  assert.equal(first.stats.parsedDocs, first.stats.docs, 'an empty cache parses every doc');
  assert.equal(first.stats.renderedPages, first.stats.pages, 'and renders every page');
  assert.equal((await packedEntries(cacheDir(), 'parse')).length, first.stats.docs, 'one parse entry per doc');
  assert.equal((await packedEntries(cacheDir(), 'render')).length, first.stats.pages, 'one render entry per page');
  assertSameFiles(first.files, cold, 'from a cold build');
  const second = await cachedBuild();
  assert.equal(second.stats.parsedDocs, 0, 'every doc comes from the cache');
  assert.equal(second.stats.renderedPages, 0, 'every page comes from the cache');
  assertSameFiles(second.files, cold, 'from a cold build');
  for (const kind of ['parse', 'parse-html', 'render']) {
    const names = await readdir(path.join(cacheDir(), kind));
    assert.deepEqual(names.filter((name) => !name.endsWith('.pack')), [], `no temporary files are left behind in ${kind}/`);
  }
});

test('after an edit only the edited doc is parsed and its page rendered, and the output equals a cold build of the edited site', async () => {
  await cachedBuild();
  await site.edit('content/docs/guide/features.md', (text) => text + '\n编辑后新增的一段话，用来检验缓存。\n');
  const cold = await coldBuild();
  const warm = await cachedBuild();
  assert.equal(warm.stats.parsedDocs, 1);
  // The search index changed, and with it the name of the site data file every page points to.
  assert.equal(warm.stats.renderedPages, 1);
  assertSameFiles(warm.files, cold, 'from a cold build');
});

test('an edited partial, named with `_` or in a folder named so, parses the docs again, and the output equals a cold build', async () => {
  await site.write('content/docs/_shared/notice.md', '共享片段：第一版。\n');
  await site.write('content/docs/_footer.md', '页脚片段：第一版。\n');
  await site.write('content/docs/uses-partials.mdx', "---\ntitle: 引用片段\n---\n\nimport Notice from './_shared/notice.md';\nimport Footer from './_footer.md';\n\n<Notice />\n\n<Footer />\n");
  try {
    await cachedBuild();
    for (const [file, text] of [['content/docs/_shared/notice.md', '共享片段：第二版。\n'], ['content/docs/_footer.md', '页脚片段：第二版。\n']]) {
      await site.write(file, text);
      const warm = await cachedBuild();
      assert.ok(warm.stats.parsedDocs > 0, `${file}: the docs are parsed again`);
      const page = warm.files.get('docs/uses-partials/index.html')!.toString('utf8');
      assert.ok(page.includes(text.trim()), `${file}: the page shows the partial as edited`);
      assertSameFiles(warm.files, await coldBuild(), `${file}: from a cold build`);
    }
  } finally {
    for (const file of ['content/docs/_shared', 'content/docs/_footer.md', 'content/docs/uses-partials.mdx']) await rm(site.file(file), { recursive: true, force: true });
  }
});

test('a title edit, which changes every page\'s sidebar, renders every page again', async () => {
  await cachedBuild();
  await site.edit('content/docs/guide/features.md', (text) => text.replace(/^title: .*$/m, 'title: 功能一览'));
  const cold = await coldBuild();
  const warm = await cachedBuild();
  assert.equal(warm.stats.parsedDocs, 1);
  assert.equal(warm.stats.renderedPages, warm.stats.pages);
  assertSameFiles(warm.files, cold, 'from a cold build');
});

test('a render entry holds its page\'s HTML as the UTF-8 bytes of the file written, and nothing else of the page', async () => {
  await freshCache();
  const { files } = await cachedBuild();
  const entries = await packedEntries(cacheDir(), 'render');
  assert.ok(entries.length > 3, 'an entry per page');
  for (const entry of entries) {
    const { value } = deserialize(entry.payload) as { value: { record: { file: string; kind: string }; html: unknown } };
    assert.deepEqual(Object.keys(value).sort(), ['html', 'record'], 'no page data beside the HTML');
    assert.ok(value.html instanceof Uint8Array, 'bytes, not a string (two bytes a character in V8\'s format)');
    assert.ok(Buffer.from(value.html).equals(files.get(value.record.file)!), `${value.record.file} as written`);
  }
});

test('a corrupted rendered page is detected, rendered again and rewritten', async () => {
  await freshCache();
  const cold = await coldBuild();
  const entry = await entryOf('编辑后新增的一段话', 'render');
  await overwritePayload(entry, replaced(entry.payload, '编辑后新增的一段话', '被篡改的缓存内容啊'));
  // Without a previous output to carry pages over from, every page comes from its render entry.
  await rm(site.file('cached'), { recursive: true });
  const result = await cachedBuild();
  assert.equal(result.stats.renderedPages, 1);
  assertSameFiles(result.files, cold, 'from a cold build');
  assert.deepEqual(await intactPayloads(cacheDir(), 'render', entry.key), [entry.payload], 'the entry is rewritten as it was');
});

test('a corrupted entry is detected by its checksum, parsed again and rewritten, never used', async () => {
  await freshCache();
  const cold = await coldBuild();
  const entry = await entryOf('编辑后新增的一段话');
  // Same length, still decodes, only the checksum can tell: a bit flip on disk or a half-synced CI cache.
  await overwritePayload(entry, replaced(entry.payload, '编辑后新增的一段话', '被篡改的缓存内容啊'));
  const afterCorruption = await cachedBuild();
  assert.equal(afterCorruption.stats.parsedDocs, 1, 'the corrupted doc is parsed again');
  assertSameFiles(afterCorruption.files, cold, 'from a cold build');
  assert.deepEqual(await intactPayloads(cacheDir(), 'parse', entry.key), [entry.payload], 'the entry is rewritten as it was');

  // The rewritten copy, the one entry of the pack the rebuild wrote, cut in half (with the pack's index, at its end).
  const rewritten = await entryOf('编辑后新增的一段话');
  assert.equal((await packedEntries(cacheDir(), 'parse')).filter((entry) => entry.file === rewritten.file).length, 1);
  await truncateWithin(rewritten);
  const afterTruncation = await cachedBuild();
  assert.equal(afterTruncation.stats.parsedDocs, 1, 'a truncated entry is parsed again');
  assertSameFiles(afterTruncation.files, cold, 'from a cold build');
  assert.deepEqual(await intactPayloads(cacheDir(), 'parse', entry.key), [entry.payload], 'and rewritten again');
});

test('an entry that passes its checksum but is not in V8\'s format (docsgen\'s JSON entries before) is a miss: parsed again and rewritten', async () => {
  await freshCache();
  const cold = await coldBuild();
  const entry = await entryOf('编辑后新增的一段话');
  const entries = await packedEntries(cacheDir(), 'parse');
  // The pack rewritten with that entry as JSON text, its checksum made for the new bytes: only decoding can tell.
  const asJson = Buffer.from(JSON.stringify(deserialize(entry.payload)));
  const payloads = entries.map(({ key, payload }) => (key === entry.key ? asJson : payload));
  await Promise.all((await packFiles(cacheDir(), 'parse')).map((file) => rm(file)));
  writePackSync(path.join(cacheDir(), 'parse'), 'parse', entries.map(({ key }, i) => ({ key, bytes: payloads[i], checksum: createHash('sha256').update(payloads[i]).digest('hex') })));
  assert.deepEqual(await intactPayloads(cacheDir(), 'parse', entry.key), [asJson]);
  const result = await cachedBuild();
  assert.equal(result.stats.parsedDocs, 1, 'that doc is parsed again, the others come from the pack');
  assertSameFiles(result.files, cold, 'from a cold build');
  const stored = await intactPayloads(cacheDir(), 'parse', entry.key);
  assert.equal(stored.length, 2);
  assert.ok(stored.some((payload) => payload.equals(entry.payload)), 'the entry is rewritten as it was, beside the JSON one');
});

test('an intact entry under another doc\'s key (stale) is rejected', async () => {
  await freshCache();
  const cold = await coldBuild();
  const features = await entryOf('编辑后新增的一段话');
  const other = (await packedEntries(cacheDir(), 'parse')).find((entry) => entry.key !== features.key)!;
  // The other doc's key now points at the features doc's payload, checksums and all: only the key inside it tells.
  await forgeIndex(features.file, (rows) => rows.map((row) => (row[0] === other.key ? [other.key, ...rows.find(([key]) => key === features.key)!.slice(1)] as typeof row : row)));
  const result = await cachedBuild();
  assert.equal(result.stats.parsedDocs, 1);
  assertSameFiles(result.files, cold, 'from a cold build');
});

test('a config change parses every doc again', async () => {
  await cachedBuild();
  await site.edit('site.config.ts', (text) => text.replace("title: '", "title: '新"));
  const result = await cachedBuild();
  assert.equal(result.stats.parsedDocs, result.stats.docs);
  await rm(cacheDir(), { recursive: true, force: true });
});

/** The one front matter entry of the cache folder, its payload decoded; `write` stores a payload with a valid checksum. */
async function frontMatterEntry() {
  const [file, ...others] = await cacheEntries('front-matter');
  assert.equal(others.length, 0, 'one front matter entry for the site');
  const bytes = await readFile(file);
  const checksumLine = bytes.subarray(0, bytes.indexOf(0x0a) + 1);
  const payload = deserialize(bytes.subarray(checksumLine.length)) as { key: string; value: Record<string, [Record<string, unknown>, number, number]> };
  const write = (changed: typeof payload) => {
    const bytes = serialize(changed);
    return writeFile(file, Buffer.concat([Buffer.from(createHash('sha256').update(bytes).digest('hex') + '\n'), bytes]));
  };
  /** The entry with `from` changed to `to` in its payload, its checksum left as it was. */
  const damaged = (from: string, to: string) => Buffer.concat([checksumLine, withTextReplaced(bytes.subarray(checksumLine.length), from, to)]);
  return { file, bytes, payload, write, damaged };
}

test('front matter comes from the cache for files whose bytes are unchanged, and is read anew when they change', async () => {
  await freshCache();
  const entry = await frontMatterEntry();
  const splits = Object.values(entry.payload.value);
  assert.ok(splits.length >= 5, 'every doc of the fixture has its front matter in the entry');
  // A validly checksummed entry that says something else proves the build reads it (the checksum guards against damage, not forgery).
  const features = splits.find(([frontMatter]) => frontMatter.description === '每一种 Markdown 功能。')!;
  features[0].sidebar_label = '缓存里的标签';
  await entry.write(entry.payload);
  const forged = await cachedBuild();
  assert.match(forged.files.get('docs/guide/features/index.html')!.toString(), /缓存里的标签/, 'the sidebar says what the entry says');
  // The file's bytes change: its front matter is read from the file, whatever the entry says.
  await site.edit('content/docs/guide/features.md', (text) => text.replace('description: 每一种', 'description: 每一种的'));
  const cold = await coldBuild();
  assertSameFiles((await cachedBuild()).files, cold, 'from a cold build');
  await site.edit('content/docs/guide/features.md', (text) => text.replace('description: 每一种的', 'description: 每一种'));
});

test('a doc whose bytes are no longer UTF-8 fails a warm build as it fails a cold one, at its file and line: only unchanged bytes are taken as decoded', async () => {
  await freshCache();
  const file = 'content/docs/guide/features.md';
  const intact = await readFile(site.file(file));
  // GBK's 中文 after the text: the rest of the file, front matter included, is as the cache has it.
  await writeFile(site.file(file), Buffer.concat([intact, Buffer.from([0xd6, 0xd0, 0xce, 0xc4])]));
  try {
    const lines = intact.toString('utf8').split('\n').length;
    await assert.rejects(cachedBuild(), (error: DocsgenError) => {
      assert.match(error.format(), new RegExp(`^content/docs/guide/features\\.md:${lines}:1  the file is not valid UTF-8`));
      return true;
    });
  } finally {
    await writeFile(site.file(file), intact);
  }
});

test('a corrupted or truncated front matter entry is detected, read anew and rewritten, never used', async () => {
  await freshCache();
  const cold = await coldBuild();
  const entry = await frontMatterEntry();
  await writeFile(entry.file, entry.damaged('每一种 Markdown 功能', '每一种 Markdown 功效'));
  assertSameFiles((await cachedBuild()).files, cold, 'after a corruption, from a cold build');
  assert.deepEqual(await readFile(entry.file), entry.bytes, 'the entry is rewritten as it was');
  await writeFile(entry.file, entry.bytes.subarray(0, entry.bytes.length >> 1));
  assertSameFiles((await cachedBuild()).files, cold, 'after a truncation, from a cold build');
  assert.deepEqual(await readFile(entry.file), entry.bytes, 'and rewritten again');
});

test('the search index built from cached page terms after an edit equals a cold build\'s; a corrupted term table is detected and rewritten', async () => {
  await freshCache();
  const [table] = await cacheEntries('search-terms');
  const intact = await readFile(table);
  await site.edit('content/docs/guide/features.md', (text) => text + '\n搜索索引缓存检验：独一无二的词语。\n');
  const cold = await coldBuild();
  assertSameFiles((await cachedBuild()).files, cold, 'after an edit, from a cold build');
  const edited = await readFile(table);
  assert.ok(!edited.equals(intact), 'the table now holds the edited page\'s terms');
  const flipped = Buffer.from(edited);
  flipped[flipped.length >> 1] ^= 0x20;
  await writeFile(table, flipped);
  await rm(site.file('cached'), { recursive: true });
  assertSameFiles((await cachedBuild()).files, cold, 'after a corruption, from a cold build');
  const rewritten = await readFile(table);
  assert.ok(!rewritten.equals(flipped), 'the corrupted table is written again');
  await rm(site.file('cached'), { recursive: true });
  assertSameFiles((await cachedBuild()).files, cold, 'from the rewritten table');
  assert.ok((await readFile(table)).equals(rewritten), 'which decodes: every page comes from it and nothing is written');
});

test('entries a build did not use are pruned once an hour old; recent ones (a concurrent build\'s) and temporary files stay', async () => {
  await freshCache();
  await site.edit('content/docs/guide/features.md', (text) => text + '\n修剪缓存之前的一段。\n');
  const first = await cachedBuild();
  assert.equal((await packedKeys(cacheDir(), 'parse')).size, first.stats.docs + 1, 'the edited doc\'s previous entry is younger than an hour: kept');
  const hoursAgo = new Date(Date.now() - 2 * 3600_000);
  // The last pruning too, which is done at most every ten minutes.
  for (const file of [...(await packFiles(cacheDir(), 'parse')), ...(await packFiles(cacheDir(), 'render')), path.join(cacheDir(), 'pruned')]) await utimes(file, hoursAgo, hoursAgo);
  // What another build sharing the folder has just written, and a write in progress.
  const othersKey = 'ab'.padEnd(40, '0');
  const payload = serialize({ key: othersKey, value: {} });
  writePackSync(path.join(cacheDir(), 'parse'), 'parse', [{ key: othersKey, bytes: payload, checksum: createHash('sha256').update(payload).digest('hex') }]);
  const inProgress = path.join(cacheDir(), 'render', 'ab'.padEnd(40, '1') + '.pack.123.x.tmp');
  await writeFile(inProgress, 'x');
  await site.edit('content/docs/guide/features.md', (text) => text.replace('\n修剪缓存之前的一段。\n', '\n修剪缓存之后的一段。\n'));
  const cold = await coldBuild();
  const pruned = await cachedBuild();
  assertSameFiles(pruned.files, cold, 'from a cold build');
  const parseKeys = await packedKeys(cacheDir(), 'parse');
  assert.equal(parseKeys.size, pruned.stats.docs + 1, 'one parse entry per doc (the edited doc\'s two earlier ones gone), plus the recent one of another build');
  assert.ok(parseKeys.has(othersKey), 'a recent entry this build did not use stays');
  assert.equal((await packedKeys(cacheDir(), 'render')).size, pruned.stats.pages, 'one render entry per page, the edited page\'s earlier ones gone');
  assert.ok((await readdir(path.join(cacheDir(), 'render'))).includes(path.basename(inProgress)), 'a temporary file is never touched');
  assertSameFiles((await cachedBuild()).files, cold, 'a build after pruning, from a cold build');
});

/** The inode of a file of the cached build's output: the same inode after a rebuild means the file was carried over, not written. */
const inode = async (file: string) => (await stat(site.file(path.join('cached', file)))).ino;

test('a build reports the files and bytes of its output, written or carried over, though its files are kept in several batches at once', async () => {
  await rm(cacheDir(), { recursive: true, force: true });
  const sizes = (files: Map<string, Buffer>) => [...files].filter(([file]) => file !== OUTPUT_MARKER).reduce((sum, [, bytes]) => sum + bytes.length, 0);
  const first = await cachedBuild();
  assert.equal(first.stats.files, first.files.size - 1, 'every file but the marker');
  assert.equal(first.stats.bytes, sizes(first.files), 'the bytes of every file written');
  await site.edit('content/docs/intro.md', (text) => text + '\n为统计字节数新增的一段话。\n');
  const rebuilt = await cachedBuild();
  assert.ok(rebuilt.stats.renderedPages < rebuilt.stats.pages, 'most pages carried over');
  assert.equal(rebuilt.stats.bytes, sizes(rebuilt.files), 'the bytes of the files written and carried over');
});

test('a rebuild links unchanged files from the previous output and writes the edited page, byte-identical to a cold build', async () => {
  await freshCache();
  const before = { introFolder: await inode('docs/intro'), intro: await inode('docs/intro/index.html'), features: await inode('docs/guide/features/index.html'), logo: await inode('img/logo.svg'), llmsFull: await inode('llms-full.txt') };
  await site.edit('content/docs/guide/features.md', (text) => text + '\n编辑后又新增的一段话。\n');
  const cold = await coldBuild();
  const warm = await cachedBuild();
  assert.equal(warm.stats.renderedPages, 1);
  assertSameFiles(warm.files, cold, 'from a cold build');
  assert.equal(await inode('docs/intro/index.html'), before.intro, 'an unchanged page is carried over');
  assert.equal(await inode('img/logo.svg'), before.logo, 'an unchanged static file too');
  assert.notEqual(await inode('docs/guide/features/index.html'), before.features, 'the edited page is written');
  assert.equal(await inode('docs/intro'), before.introFolder, 'a folder whose files are all unchanged moves whole');
  assert.equal(warm.stats.files, cold.size - 1, 'carried files count as output files (all but the marker)');
  // llms-full.txt is keyed by its docs' keys (not hashed): written when a doc changed, carried over when none did.
  const llmsFull = await inode('llms-full.txt');
  assert.notEqual(llmsFull, before.llmsFull, 'llms-full.txt holds the edited doc: written');
  assertSameFiles((await cachedBuild()).files, cold, 'rebuilt unchanged, from a cold build');
  assert.equal(await inode('llms-full.txt'), llmsFull, 'unchanged: carried over');
});

test('after an edit the search index\'s unchanged files are carried over, the changed ones written under new names', async () => {
  await freshCache();
  const searchFiles = async () => new Map(await Promise.all((await readdir(site.file('cached/assets/search'))).map(async (name) => [name, await inode(`assets/search/${name}`)] as const)));
  const before = await searchFiles();
  await site.edit('content/docs/guide/features.md', (text) => text + '\n搜索文件按内容命名：一段新的文字。\n');
  const cold = await coldBuild();
  const warm = await cachedBuild();
  assertSameFiles(warm.files, cold, 'from a cold build');
  const after = await searchFiles();
  const kept = [...after].filter(([name, ino]) => before.get(name) === ino);
  assert.ok(kept.length > 0, 'files the edit did not change keep their inode (carried over)');
  assert.ok([...after.keys()].some((name) => name.startsWith('meta.') && !before.has(name)), 'the meta file, which names the changed files, is new');
  assert.ok(kept.every(([name]) => !name.startsWith('meta.')));
});

test('a file of the previous output that was edited, replaced, deleted or turned into a link is written again, never carried over', async () => {
  await freshCache();
  const cold = await coldBuild();
  const out = (file: string) => site.file(path.join('cached', file));
  // Edited in place, same size (only the inode's modification time tells); edited and grown; replaced by another file; deleted; a symbolic link.
  await writeFile(out('docs/intro/index.html'), (await readFile(out('docs/intro/index.html'), 'utf8')).replace('<title>', '<titlf>'));
  await appendFile(out('__data/_site.json'), ' ');
  await rm(out('docs/guide/long/index.html'));
  await writeFile(out('docs/guide/long/index.html'), 'not what docsgen wrote');
  await rm(out('sitemap.xml'));
  await rm(out('img/logo.svg'));
  await symlink(out('robots.txt'), out('img/logo.svg'));
  // A file added to a folder whose files are all unchanged: that folder must not move into the new output whole.
  await writeFile(out('docs/guide/index-extra.html'), '<script>alert(1)</script>');
  await writeFile(out('assets/planted.js'), 'alert(1)');
  const result = await cachedBuild();
  assertSameFiles(result.files, cold, 'from a cold build');
  assert.equal(result.stats.renderedPages, 0, 'the pages come from the render cache');
});

test('a rebuild over an output that holds page data files of an earlier docsgen leaves none of them, and still carries the pages over', async () => {
  await freshCache();
  const cold = await coldBuild();
  const out = (file: string) => site.file(path.join('cached', file));
  // What builds before client navigation read pages from their HTML wrote beside each page.
  const stale = ['__data/index.json', '__data/docs/intro.json', '__data/docs/guide/features.json', '__data/docs/guide.json'];
  for (const file of stale) {
    await mkdir(path.dirname(out(file)), { recursive: true });
    await writeFile(out(file), '{"kind":"doc"}');
  }
  const intro = await inode('docs/intro/index.html');
  const siteData = await inode('__data/_site.json');
  const result = await cachedBuild();
  assertSameFiles(result.files, cold, 'from a cold build: no page data file is left');
  assert.deepEqual(await readdir(out('__data')), ['_site.json']);
  assert.equal(await inode('docs/intro/index.html'), intro, 'an unchanged page is carried over');
  assert.equal(await inode('__data/_site.json'), siteData, 'the site data too, without the folder it shared with the stale files');
});

test('an output docsgen did not write in this place (no manifest, or copied from elsewhere) carries nothing over', async () => {
  await freshCache();
  const cold = await coldBuild();
  const intro = await inode('docs/intro/index.html');
  await rm(path.join(cacheDir(), 'output'), { recursive: true });
  const result = await cachedBuild();
  assertSameFiles(result.files, cold, 'from a cold build');
  assert.notEqual(await inode('docs/intro/index.html'), intro, 'without the manifest, every file is written');
});

test('a failed rebuild after files were linked leaves the previous output as it was, and a linked file is never written through', async () => {
  await freshCache();
  const previous = await snapshot(site.file('cached'));
  const intro = await inode('docs/intro/index.html');
  // A hard link from outside keeps the previous output's page: writing through a carried file would show here.
  const outside = site.file('intro-copy.html');
  await link(site.file('cached/docs/intro/index.html'), outside);
  const original = await readFile('test/fixtures/basic/content/docs/guide/features.md', 'utf8');
  await site.edit('content/docs/guide/features.md', (text) => text + '\n[坏链接](./no-such-doc.md)\n');
  await assert.rejects(cachedBuild(), /broken link/);
  assertSameFiles(await snapshot(site.file('cached')), previous, 'after the failed build');
  assert.equal(await inode('docs/intro/index.html'), intro);
  assert.ok((await readFile(outside)).equals(previous.get('docs/intro/index.html')!));
  await writeFile(site.file('content/docs/guide/features.md'), original);
  await rm(outside);
});

test('a build killed while moving unchanged files into the new output is undone by the next build', async () => {
  await freshCache();
  const built = await snapshot(site.file('cached'));
  // What a build (pid 999999, gone) leaves when killed after moving docs/intro out of the previous output.
  const previous = site.file('.cached.docsgen-previous-999999-1-abc');
  const staging = site.file('.cached.docsgen-staging-999999-1-abc');
  await rename(site.file('cached'), previous);
  await mkdir(path.join(staging, 'docs'), { recursive: true });
  await writeFile(path.join(staging, '.docsgen-output'), '');
  await rename(path.join(previous, 'docs/intro'), path.join(staging, 'docs/intro'));
  await writeFile(path.join(previous, '.docsgen-carried'), 'docs/intro');
  const cold = await coldBuild();
  assertSameFiles((await cachedBuild()).files, cold, 'from a cold build');
  await rm(site.file('cached'), { recursive: true });
  await rename(site.file('cold'), site.file('cached'));
  // Recovery alone, with a build that fails: the previous output is back as it was.
  await rename(site.file('cached'), previous);
  await mkdir(path.join(staging, 'docs'), { recursive: true });
  await writeFile(path.join(staging, '.docsgen-output'), '');
  await rename(path.join(previous, 'docs/intro'), path.join(staging, 'docs/intro'));
  await writeFile(path.join(previous, '.docsgen-carried'), 'docs/intro');
  await site.edit('content/docs/guide/features.md', (text) => text + '\n[坏链接](./no-such-doc.md)\n');
  await assert.rejects(cachedBuild(), /broken link/);
  assertSameFiles(await snapshot(site.file('cached')), built, 'restored');
  // A previous output whose swap completed (its staging folder is the output now) lacks the files that moved on: never put back.
  await rename(site.file('cached'), previous);
  await rm(path.join(previous, 'docs/intro'), { recursive: true });
  await writeFile(path.join(previous, '.docsgen-carried'), 'docs/intro');
  await assert.rejects(cachedBuild(), /broken link/);
  await assert.rejects(stat(site.file('cached')), { code: 'ENOENT' }, 'no half output restored');
  await site.edit('content/docs/guide/features.md', (text) => text.replace('\n[坏链接](./no-such-doc.md)\n', ''));
  assert.deepEqual((await readdir(site.root)).filter((entry) => entry.includes('docsgen-')), [], 'no leftovers');
});

test('a file of the previous output changed while the build ran fails the swap and leaves that output in place', async () => {
  await freshCache();
  await site.edit('content/docs/guide/features.md', (text) => text + '\n又一段。\n');
  const page = site.file('cached/docs/intro/index.html');
  let tampered = false;
  const building = build({
    root: site.root,
    write: true,
    outDir: 'cached',
    cacheDir: cacheDir(),
    // By the time a page renders, the unchanged ones were checked and chosen to be carried over.
    onProgress: ({ stage }) => {
      if (stage !== 'render' || tampered) return;
      tampered = true;
      appendFileSync(page, '<!-- changed -->');
    },
  });
  await assert.rejects(building, /changed while the build ran/);
  assert.match(await readFile(page, 'utf8'), /<!-- changed -->$/, 'the previous output stays, as it is');
  assert.deepEqual((await readdir(site.root)).filter((entry) => entry.includes('docsgen-')), [], 'no leftovers');
});

test('docs reordered by their categories alone (no doc changed) rewrite llms-full.txt in the new order', async () => {
  await site.write('content/docs/more/_category_.json', '{ "label": "更多", "position": 3 }\n');
  await site.write('content/docs/more/extra.md', '---\ntitle: 附加\n---\n\n附加的一页。\n');
  await freshCache();
  const llmsFull = await readFile(site.file('cached/llms-full.txt'), 'utf8');
  // The new category now comes before the guide: its doc moves up in llms-full.txt.
  await site.edit('content/docs/more/_category_.json', (text) => text.replace('"position": 3', '"position": 1'));
  const cold = await coldBuild();
  const warm = await cachedBuild();
  assert.equal(warm.stats.parsedDocs, 0, 'no doc changed');
  assertSameFiles(warm.files, cold, 'from a cold build');
  assert.notEqual(warm.files.get('llms-full.txt')!.toString('utf8'), llmsFull, 'the order changed');
  await rm(site.file('content/docs/more'), { recursive: true });
});
