import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';

const JS_BUDGET = 70 * 1024;
const CSS_BUDGET = 15 * 1024;

let site: BrowserSite;
before(async () => {
  site = await startBrowserSite();
});
after(() => site.close());

test(`a doc page's first load needs at most ${JS_BUDGET / 1024} KB of JavaScript and ${CSS_BUDGET / 1024} KB of CSS, gzip`, async () => {
  const context = await site.browser.newContext();
  const page = await context.newPage();
  const bodies: { type: string; url: string; gzip: number }[] = [];
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push({ type, url: response.url(), gzip: gzipSync(await response.body(), { level: 9 }).length });
  });
  await page.goto(site.url('docs/guide/features/'), { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const js = bodies.filter((b) => b.type === 'script').reduce((sum, b) => sum + b.gzip, 0);
  const css = bodies.filter((b) => b.type === 'stylesheet').reduce((sum, b) => sum + b.gzip, 0);
  assert.ok(bodies.some((b) => b.type === 'script'), 'the client script was loaded');
  assert.ok(js <= JS_BUDGET, `JavaScript ${js} B gzip > ${JS_BUDGET}`);
  assert.ok(css <= CSS_BUDGET, `CSS ${css} B gzip > ${CSS_BUDGET}`);
  assert.ok(!bodies.some((b) => /search/.test(b.url)), 'search is not loaded on page load');
  // The page actions are part of what is weighed; their Markdown comes only when they are used (or hovered).
  assert.equal(await page.getByRole('button', { name: '复制本页 Markdown' }).count(), 1);
  assert.deepEqual(requested.filter((path) => path.endsWith('.md')), [], 'no Markdown copy fetched on page load');
  await context.close();
});
