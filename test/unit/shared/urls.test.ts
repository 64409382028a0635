import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docRoute, trimHtmlSuffix } from '../../../packages/shared/src/urls.js';

test('doc ids map to routes, index docs to their folder', () => {
  assert.equal(docRoute('/docscenter/docs/', 'api/signature'), '/docscenter/docs/api/signature/');
  assert.equal(docRoute('/docscenter/docs/', 'api/index'), '/docscenter/docs/api/');
  assert.equal(docRoute('/docscenter/docs/', 'index'), '/docscenter/docs/');
});

test('.html and /index.html are trimmed to the bare path', () => {
  assert.equal(trimHtmlSuffix('/docscenter/docs/a/index.html'), '/docscenter/docs/a/');
  assert.equal(trimHtmlSuffix('/docscenter/docs/a.html'), '/docscenter/docs/a/');
  assert.equal(trimHtmlSuffix('/docscenter/docs/a/'), undefined);
});
