import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';

let site: BrowserSite;
before(async () => {
  site = await startBrowserSite();
});
after(() => site.close());

/** The 404 page trims `.html` from paths of this site only: a path that names another host must not become a link to it. */
for (const path of ['//evil.example.com/phish.html', '//evil.example.com/phish/index.html', '/\\evil.example.com/phish.html', '/%2F%2Fevil.example.com/phish.html']) {
  test(`the not-found page at ${path} stays on this site`, async () => {
    const origin = new URL(site.url('')).origin;
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== origin) elsewhere.push(request.url());
    });
    await page.goto(origin + path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.deepEqual(elsewhere, [], 'nothing was requested from another host');
    assert.equal(new URL(page.url()).origin, origin);
    assert.match(await page.locator('main').innerText(), /找不到页面/);
    await context.close();
  });
}

test('a path of this site ending in .html is still trimmed', async () => {
  const { page, context } = await site.open('docs/intro.html');
  assert.equal(new URL(page.url()).pathname, '/docscenter/docs/intro/');
  await context.close();
});
