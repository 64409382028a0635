import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { test } from 'node:test';
import { loadPreviousOutput, nextManifest } from '../../../packages/core/src/emit/previous-output.js';

test('the manifest gives back each page\'s ids and links as noted, strings shared between pages stored once; a link number out of range is not trusted', async () => {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'docsgen-manifest-'));
  const outDir = path.join(cacheDir, 'out');
  try {
    const sidebar = ['/docs/a/', '/docs/b/', '/docs/c/#节'];
    const next = nextManifest(cacheDir, outDir);
    next.page('k1', { ids: new Set(['一', 'two']), hrefs: [...sidebar, '#一', '/docs/a/'] });
    next.page('k2', { ids: new Set(['two']), hrefs: [...sidebar, '#two'] });
    next.page('k3', { ids: new Set(), hrefs: [] });
    await next.save();
    const previous = await loadPreviousOutput(cacheDir, outDir);
    assert.deepEqual(previous.pageLinks('k1'), { ids: new Set(['一', 'two']), hrefs: [...sidebar, '#一', '/docs/a/'] });
    assert.deepEqual(previous.pageLinks('k2'), { ids: new Set(['two']), hrefs: [...sidebar, '#two'] });
    assert.deepEqual(previous.pageLinks('k3'), { ids: new Set(), hrefs: [] });
    assert.equal(previous.pageLinks('k4'), undefined);

    const [folder] = await readdir(path.join(cacheDir, 'output'));
    const [name] = await readdir(path.join(cacheDir, 'output', folder));
    const file = path.join(cacheDir, 'output', folder, name);
    const entry = deserialize((await readFile(file)).subarray(65)) as { key: string; value: { strings: string[]; pages: Record<string, [number[], number[]]> } };
    assert.equal(entry.value.strings.filter((s) => s === '/docs/a/').length, 1, 'a link on two pages is one string');
    entry.value.pages.k2[1].push(entry.value.strings.length);
    const forged = serialize(entry);
    await writeFile(file, Buffer.concat([Buffer.from(createHash('sha256').update(forged).digest('hex') + '\n'), forged]));
    const again = await loadPreviousOutput(cacheDir, outDir);
    assert.equal(again.pageLinks('k2'), undefined, 'a page naming a string that is not there is not carried');
    assert.ok(again.pageLinks('k1'));
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
});
