import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateConfig } from '../../../packages/core/src/config/load-config.js';
import { DocsgenError } from '../../../packages/core/src/errors.js';
import { minimalConfig } from '../../helpers/site-config.js';

const valid = minimalConfig;

function errorOf(raw: unknown): DocsgenError {
  try {
    validateConfig(raw, 'site.config.ts');
  } catch (error) {
    assert.ok(error instanceof DocsgenError);
    return error;
  }
  assert.fail('expected the configuration to be rejected');
}

test('a valid configuration gets the spec defaults', () => {
  const config = validateConfig(valid, 'site.config.ts');
  assert.equal(config.locale, 'zh-Hans');
  assert.deepEqual(config.colorMode, { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false });
  assert.deepEqual(config.progressBar, { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800, showSpinner: false });
  assert.deepEqual(config.tableOfContents, { minHeadingLevel: 2, maxHeadingLevel: 3 });
});

test('an invalid value names its key path and what was expected', () => {
  const error = errorOf({ ...valid, baseUrl: 'docscenter' });
  assert.match(error.message, /baseUrl: must start and end with "\/"/);
  assert.equal(error.location?.file, 'site.config.ts');
  const nested = errorOf({ ...valid, progressBar: { minimum: 2 } });
  assert.match(nested.message, /progressBar\.minimum: .*1/);
});

test('an unknown navbar item type is a configuration error naming the item', () => {
  const error = errorOf({ ...valid, navbar: { ...valid.navbar, items: [valid.navbar.items[0], { type: 'dropdownMenu', label: 'x' }] } });
  assert.match(error.message, /navbar\.items\[1\]: unknown item type "dropdownMenu" \(expected one of: doc, link, localeDropdown, colorModeToggle, search\)/);
});

test('unknown keys are reported, not ignored', () => {
  const error = errorOf({ ...valid, titel: 'typo' });
  assert.match(error.message, /unknown key "titel"/);
});
