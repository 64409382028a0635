import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openBinaryEntry } from '../../../packages/core/src/cache/entry-store.js';
import { validateConfig } from '../../../packages/core/src/config/load-config.js';
import { validatedConfig } from '../../../packages/core/src/config/validated-config.js';
import { DocsgenError } from '../../../packages/core/src/errors.js';
import { minimalConfig } from '../../helpers/site-config.js';

const valid = { ...minimalConfig, search: { synonyms: [[' 配网 ', '联网配置']] } };

/** validateConfig, counting its calls. */
function counting() {
  const calls = { count: 0 };
  return { calls, validate: (raw: unknown) => (calls.count++, validateConfig(raw, 'site.config.ts')) };
}

const entries = (dir: string) => {
  try {
    return readdirSync(path.join(dir, 'validated-config')).filter((name) => name.endsWith('.bin'));
  } catch {
    return [];
  }
};

async function withCache(run: (dir: string) => void | Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'validated-config-'));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a plain configuration is validated once, then read from the cache folder, the same as validating it', () =>
  withCache((dir) => {
    const { calls, validate } = counting();
    const first = validatedConfig(structuredClone(valid), dir, validate);
    assert.deepEqual(first, validateConfig(valid, 'site.config.ts'));
    assert.deepEqual(first.search.synonyms, [['配网', '联网配置']], 'transforms applied');
    const second = validatedConfig(structuredClone(valid), dir, validate);
    assert.equal(calls.count, 1, 'the second time from the cache');
    assert.deepEqual(second, first);
    validatedConfig({ ...structuredClone(valid), title: '另一个站点' }, dir, validate);
    assert.equal(calls.count, 2, 'another configuration is validated');
  }));

test('what the cache says is what the build gets (it is read), and a damaged entry is validated again and rewritten', () =>
  withCache((dir) => {
    const { calls, validate } = counting();
    validatedConfig(structuredClone(valid), dir, validate);
    const [name] = entries(dir);
    const entry = openBinaryEntry(dir, 'validated-config', name.replace(/\.bin$/, ''));
    const stored = JSON.parse(entry.load()!.toString('utf8')) as { title: string };
    entry.store(Buffer.from(JSON.stringify({ ...stored, title: '缓存里的站点' })));
    assert.equal(validatedConfig(structuredClone(valid), dir, validate).title, '缓存里的站点');
    const file = path.join(dir, 'validated-config', name);
    const bytes = readFileSync(file);
    bytes[bytes.length - 2] ^= 0x01;
    writeFileSync(file, bytes);
    assert.equal(validatedConfig(structuredClone(valid), dir, validate).title, '站点');
    assert.equal(calls.count, 2, 'validated again');
    assert.equal(validatedConfig(structuredClone(valid), dir, validate).title, '站点');
    assert.equal(calls.count, 2, 'and the entry rewritten');
  }));

test('a configuration that is not plain data (a function, a date, undefined) is validated every time and never stored', () =>
  withCache((dir) => {
    const { calls, validate } = counting();
    const editUrl = () => 'https://example.com/edit';
    for (const raw of [{ ...valid, editUrl }, { ...valid, favicon: undefined }, { ...valid, navbar: { ...valid.navbar, when: new Date(0) } }]) {
      const before = calls.count;
      for (let i = 0; i < 2; i++) {
        try {
          validatedConfig(raw, dir, validate);
        } catch (error) {
          assert.ok(error instanceof DocsgenError, String(error));
        }
      }
      assert.equal(calls.count, before + 2);
    }
    assert.deepEqual(entries(dir), []);
    assert.equal(validatedConfig({ ...valid, editUrl }, dir, validate).editUrl, editUrl, 'the function is the validated value');
  }));

test('an invalid configuration fails every time, with its message, and nothing is stored', () =>
  withCache((dir) => {
    for (let i = 0; i < 2; i++) assert.throws(() => validatedConfig({ ...valid, baseUrl: 'docscenter' }, dir, counting().validate), /baseUrl: must start and end with "\/"/);
    assert.deepEqual(entries(dir), []);
  }));

test('without a cache folder the configuration is validated as it is', () => {
  const { calls, validate } = counting();
  validatedConfig(structuredClone(valid), undefined, validate);
  validatedConfig(structuredClone(valid), undefined, validate);
  assert.equal(calls.count, 2);
});
