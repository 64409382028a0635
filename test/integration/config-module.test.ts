import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../packages/core/src/config/load-config.js';
import { withFixture } from '../helpers/fixtures.js';

// site.config.ts is compiled by esbuild and run as an ES module from a data: URL (config/load-config.ts), not from a file.

test('site.config.ts finds itself through import.meta (url, dirname, filename), as a config that reads files beside it expects', () =>
  withFixture('basic', async (site) => {
    await site.edit('site.config.ts', (text) =>
      `import { fileURLToPath } from 'node:url';\nconst here = [fileURLToPath(import.meta.url), import.meta.dirname, import.meta.filename].join('|');\n` +
      text.replace("tagline: '用于集成测试的小站点'", 'tagline: here'),
    );
    const { config } = await loadConfig(site.root);
    const file = site.file('site.config.ts');
    assert.equal(config.tagline, [file, path.dirname(file), file].join('|'));
  }));

test('the configuration module runs on every load, its compiled code from the cache or not (serve loads it for each rebuild)', () =>
  withFixture('basic', async (site) => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'config-module-'));
    try {
      await site.edit('site.config.ts', (text) =>
        `const loads = ((globalThis as { configLoads?: number }).configLoads ?? 0) + 1;\n(globalThis as { configLoads?: number }).configLoads = loads;\n` +
        text.replace("tagline: '用于集成测试的小站点'", 'tagline: `load ${loads}`'),
      );
      const taglines = [];
      for (let i = 0; i < 3; i++) taglines.push((await loadConfig(site.root, { cacheDir })).config.tagline);
      assert.deepEqual(taglines, ['load 1', 'load 2', 'load 3']);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  }));
