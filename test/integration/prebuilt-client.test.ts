import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleClient, buildClientFiles, themeDir } from '../../packages/core/src/client/bundle-theme.js';
import { defaultDir, readPrebuiltClient } from '../../packages/core/src/client/prebuilt-client.js';

// `npm test` compiles the CLI first, which compiles the client bundle into dist/client/ (scripts/build-cli.mjs).
const workingDir = path.dirname(themeDir());

test('the client bundle compiled with the CLI is byte for byte the one esbuild makes now', async () => {
  const prebuilt = readPrebuiltClient(workingDir);
  assert.ok(prebuilt, 'dist/client/ holds a current bundle');
  const fresh = await buildClientFiles();
  assert.deepEqual(
    prebuilt.files.map((file) => [file.path, Buffer.from(file.contents).toString('base64')]),
    fresh.files.map((file) => [file.path, Buffer.from(file.contents).toString('base64')]),
  );
  assert.deepEqual(prebuilt.metafile, fresh.metafile);
});

test('the client bundle is the same at any base URL and from any working folder', async () => {
  const prebuilt = readPrebuiltClient(workingDir)!;
  const elsewhere = process.cwd();
  process.chdir(tmpdir());
  try {
    for (const baseUrl of ['/docscenter/', '/']) {
      const client = await bundleClient({ baseUrl });
      assert.deepEqual(client.files.map((file) => file.path), prebuilt.files.map((file) => file.path));
      assert.match(client.entryUrl, new RegExp(`^${baseUrl}assets/client\\.\\w+\\.js$`));
    }
  } finally {
    process.chdir(elsewhere);
  }
  // Chunks import each other relative to their own URL, so the same files serve any base URL.
  const entry = prebuilt.files.find((file) => file.path.startsWith('assets/client.'))!;
  const imports = [...Buffer.from(entry.contents).toString('utf8').matchAll(/(?:from|import\()\s*"([^"]+)"/g)].map((m) => m[1]);
  assert.ok(imports.length > 0);
  for (const specifier of imports) assert.match(specifier, /^\.\/chunk\.\w+\.js$/);
});

test('a prebuilt bundle whose inputs changed since, or that is missing, is not used', async () => {
  const copy = await mkdtemp(path.join(tmpdir(), 'docsgen-prebuilt-'));
  try {
    await cp(defaultDir(), copy, { recursive: true });
    assert.ok(readPrebuiltClient(workingDir, copy), 'an unchanged copy is used');
    const manifest = JSON.parse(await readFile(path.join(copy, 'manifest.json'), 'utf8')) as { stamps: [string, string][] };
    const entry = manifest.stamps.find(([file]) => file === 'theme/client/entry.tsx')!;
    // As if theme/client/entry.tsx had been edited after the CLI was compiled.
    entry[1] = entry[1].replace(/^\d+/, (size) => String(Number(size) + 1));
    await writeFile(path.join(copy, 'manifest.json'), JSON.stringify(manifest));
    assert.equal(readPrebuiltClient(workingDir, copy), undefined);
    await rm(path.join(copy, 'manifest.json'));
    assert.equal(readPrebuiltClient(workingDir, copy), undefined);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
});
