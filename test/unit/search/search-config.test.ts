import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../../packages/core/src/config/load-config.js';
import { DocsgenError } from '../../../packages/core/src/errors.js';

const valid = {
  title: '站点',
  url: 'https://docs.example.com',
  navbar: { title: '站点', logo: { src: 'img/logo.svg', alt: '标志' }, items: [] },
  footer: { copyright: 'Copyright © 2025' },
};

function messageOf(search: unknown): string {
  try {
    validateConfig({ ...valid, search }, 'site.config.ts');
  } catch (error) {
    assert.ok(error instanceof DocsgenError);
    return error.message;
  }
  return assert.fail('expected the configuration to be rejected');
}

test('search synonyms and dictionary: defaults, valid values, and errors naming the key', () => {
  assert.deepEqual(validateConfig(valid, 'site.config.ts').search, { synonyms: [], dictionary: [] });
  const search = { synonyms: [['配网', '联网配置'], ['OTA', '固件升级']], dictionary: ['物模型'] };
  assert.deepEqual(validateConfig({ ...valid, search }, 'site.config.ts').search, search);
  assert.match(messageOf({ synonyms: [['配网']] }), /search\.synonyms\[0\].*at least two words/);
  assert.match(messageOf({ dictionary: ['OTA'] }), /search\.dictionary\[0\].*two or more Chinese characters/);
  assert.match(messageOf({ stopWords: [] }), /search.*stopWords/);
});
