import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from '../../packages/core/src/build.js';
import { launchBrowser } from '../helpers/browser.js';
import { copyFixture } from '../helpers/fixtures.js';
import { startStaticServer } from '../helpers/static-server.js';
import { HOSTILE_SVG } from '../helpers/hostile-svg.js';

test('a published SVG opened on its own runs no script, loaded or clicked, at phone and desktop widths', async () => {
  const site = await copyFixture('basic');
  await site.write('static/img/evil.svg', HOSTILE_SVG);
  await build({ root: site.root, write: true });
  const server = await startStaticServer(site.file('build'));
  const browser = await launchBrowser();
  try {
    for (const width of [375, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(server.url + 'img/evil.svg');
      const dot = page.locator('#dot');
      await dot.hover();
      await dot.click();
      await page.locator('text=点我').click();
      assert.equal(new URL(page.url()).pathname, '/docscenter/img/evil.svg', 'no link navigated anywhere');
      assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-pwned')), null);
      assert.deepEqual(dialogs, []);
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
    await site.remove();
  }
});
