import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from '../../packages/core/src/build.js';
import { launchBrowser } from '../helpers/browser.js';
import { copyFixture } from '../helpers/fixtures.js';
import { startStaticServer } from '../helpers/static-server.js';

test('a footnote with a Chinese label scrolls into view when its reference is clicked or tapped, and back', async () => {
  const site = await copyFixture('basic');
  const filler = Array.from({ length: 80 }, (_, i) => `第 ${i + 1} 段正文，足够长以便滚动。`).join('\n\n');
  await site.write('content/docs/notes.md', `---\ntitle: 脚注\n---\n\n开头的正文[^注释]。\n\n${filler}\n\n[^注释]: 这是脚注的内容。\n`);
  await build({ root: site.root, write: true });
  const server = await startStaticServer(site.file('build'));
  const browser = await launchBrowser();
  try {
    for (const [width, touch] of [[375, true], [768, true], [1280, false]] as const) {
      const context = await browser.newContext({ viewport: { width, height: 700 }, hasTouch: touch });
      const page = await context.newPage();
      await page.goto(server.url + 'docs/notes/');
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const reference = page.locator('a[data-footnote-ref]');
      if (touch) await reference.tap();
      else await reference.click();
      const note = page.locator('li[id^="user-content-fn-"]');
      await page.waitForFunction(() => {
        const box = document.querySelector('li[id^="user-content-fn-"]')!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight;
      });
      assert.match(await note.innerText(), /这是脚注的内容/);
      assert.ok((await page.evaluate(() => scrollY)) > 500, `width ${width}: the page scrolled down to the footnote`);
      await page.locator('a[data-footnote-backref]').click();
      await page.waitForFunction(() => scrollY < 500);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
    await site.remove();
  }
});
