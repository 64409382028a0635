import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement, type ReactElement } from 'react';
import { bundleClient, bundlePages, buildClientFiles, buildThemeServer, importThemeServer, themeDir, themeWithPages } from '../../packages/core/src/client/bundle-theme.js';
import { defaultDir, readPrebuiltClient } from '../../packages/core/src/client/prebuilt-client.js';
import { defaultDir as themeServerDir, readPrebuiltThemeServer } from '../../packages/core/src/client/prebuilt-theme-server.js';

// `npm test` compiles the CLI first, which compiles the client bundle into dist/client/ and the theme's server code into
// dist/theme-server/ (scripts/build-cli.mjs).
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

/**
 * Checks, on a copy of a prebuilt folder, that `read` uses it as it is, and neither once its manifest says that `input`
 * changed (its stamp altered by `alter`) nor once `part` is missing.
 */
async function assertUsedOnlyWhileCurrent(dir: string, read: (copy: string) => unknown, input: string, alter: (stamp: string) => string, part: string): Promise<void> {
  const copy = await mkdtemp(path.join(tmpdir(), 'docsgen-prebuilt-'));
  try {
    await cp(dir, copy, { recursive: true });
    assert.ok(read(copy), 'an unchanged copy is used');
    const manifest = JSON.parse(await readFile(path.join(copy, 'manifest.json'), 'utf8')) as { stamps: [string, string][] };
    const entry = manifest.stamps.find(([file]) => file === input)!;
    // As if the input had been edited after the CLI was compiled.
    entry[1] = alter(entry[1]);
    await writeFile(path.join(copy, 'manifest.json'), JSON.stringify(manifest));
    assert.equal(read(copy), undefined);
    await rm(path.join(copy, part));
    assert.equal(read(copy), undefined);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

test('a prebuilt bundle whose inputs changed since, or that is missing, is not used', () =>
  assertUsedOnlyWhileCurrent(defaultDir(), (copy) => readPrebuiltClient(workingDir, copy), 'theme/client/entry.tsx', (stamp) => stamp.replace(/^\d+/, (size) => String(Number(size) + 1)), 'manifest.json'));

test('the theme server compiled with the CLI is byte for byte the one esbuild makes now, from any working folder', async () => {
  const prebuilt = readPrebuiltThemeServer(workingDir);
  assert.ok(prebuilt, 'dist/theme-server/ holds current code');
  const elsewhere = process.cwd();
  process.chdir(tmpdir());
  try {
    const fresh = await buildThemeServer();
    assert.equal(prebuilt.code, fresh.code);
    assert.deepEqual(prebuilt.inputs, fresh.inputs);
  } finally {
    process.chdir(elsewhere);
  }
  assert.ok(prebuilt.inputs.includes(path.join(themeDir(), 'server.tsx')));
});

test('a prebuilt theme server whose inputs changed since, or that is missing, is not used', () =>
  assertUsedOnlyWhileCurrent(themeServerDir(), (copy) => readPrebuiltThemeServer(workingDir, copy), 'theme/components/DocSidebar.tsx', (stamp) => stamp.replace(/:[\d.]+$/, (time) => `:${Number(time.slice(1)) + 1}`), 'server.cjs'));

test('the site\'s pages, bundled apart from the theme, join its exports in their order and render with its React', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'docsgen-pages-'));
  try {
    await writeFile(path.join(folder, 'b.tsx'), "export const title = 'B';\nexport default function B() { return <p>second</p>; }\n");
    await writeFile(path.join(folder, 'a.tsx'), "import { useState } from 'react';\nexport default function A() { const [text] = useState('first'); return <p>{text}</p>; }\n");
    const pages = await bundlePages([
      { file: 'pages/b.tsx', absolutePath: path.join(folder, 'b.tsx') },
      { file: 'pages/a.tsx', absolutePath: path.join(folder, 'a.tsx') },
    ]);
    assert.ok(pages.inputs.includes(path.join(folder, 'a.tsx')));
    const theme = await importThemeServer(themeWithPages((await buildThemeServer()).code, pages.code));
    assert.deepEqual(theme.pages.map((page) => page.file), ['pages/b.tsx', 'pages/a.tsx']);
    assert.equal((theme.pages[0].module as { title?: string }).title, 'B');
    // A hook in a page runs through the theme's React: with a second copy it throws.
    const html = theme.pages.map((page) => theme.renderStatic(createElement(page.module.default as () => ReactElement))).join('');
    assert.equal(html, '<p>second</p><p>first</p>');
    assert.equal(typeof theme.renderApp, 'function');
    assert.deepEqual((await importThemeServer(themeWithPages('exports.renderStatic = 1;', (await bundlePages([])).code))).pages, []);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
