import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';

let site: BrowserSite;
let zoomChunk: string;
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };
const markdownOf = (file: string) => readFile(site.site.file(path.join('build', file)), 'utf8');

before(async () => {
  site = await startBrowserSite({ fixture: 'readers' });
  const assets = site.site.file('build/assets');
  for (const name of await readdir(assets)) {
    if (name.endsWith('.js') && (await readFile(path.join(assets, name), 'utf8')).includes('image-zoom__close')) zoomChunk = name;
  }
  assert.ok(zoomChunk, 'the zoom overlay is a chunk of its own');
});
after(() => site.close());

/** Every request for a Markdown copy, as the page makes them. */
function markdownRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.md')) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  assert.fail(`Tab never reached ${selector}`);
}

test('复制本页 Markdown: after a hover has fetched the copy, a click puts the exact Markdown on the clipboard without another request', async () => {
  const { page, context } = await site.open('docs/guide/writing/', { context: CLIPBOARD });
  const requests = markdownRequests(page);
  const button = page.getByRole('button', { name: '复制本页 Markdown' });
  const fetched = page.waitForResponse((response) => response.url().endsWith('/docscenter/docs/guide/writing.md'));
  await button.hover();
  await fetched;
  assert.deepEqual(requests, ['/docscenter/docs/guide/writing.md']);
  await button.click();
  await page.getByRole('button', { name: '已复制' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await markdownOf('docs/guide/writing.md'));
  assert.equal(requests.length, 1, 'no round trip on click');
  await page.getByRole('button', { name: '复制本页 Markdown' }).waitFor({ timeout: 5000 });
  await context.close();
});

test('复制本页 Markdown by keyboard, with prefetching off: nothing is fetched until the button is used', async () => {
  const { page, context } = await site.open('docs/intro/', { context: CLIPBOARD, noPrefetch: true });
  const requests = markdownRequests(page);
  await tabTo(page, '.page-actions button');
  assert.deepEqual(requests, [], 'focus alone fetches nothing when the connection asks to save data');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '已复制' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await markdownOf('docs/intro.md'));
  assert.deepEqual(requests, ['/docscenter/docs/intro.md']);
  await context.close();
});

test('after client navigation the copy button copies the new page', async () => {
  const { page, context } = await site.open('docs/intro/', { context: CLIPBOARD });
  await page.locator('.markdown').getByRole('link', { name: '全部写法' }).click();
  await page.waitForURL(/\/docs\/guide\/writing\/#explicit-anchor$/);
  await page.locator('.doc-title', { hasText: '全部写法' }).waitFor();
  await page.getByRole('button', { name: '复制本页 Markdown' }).click();
  await page.getByRole('button', { name: '已复制' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await markdownOf('docs/guide/writing.md'));
  await context.close();
});

test('查看 Markdown opens the copy', async () => {
  const { page, context } = await site.open('docs/guide/writing/');
  await page.getByRole('link', { name: '查看 Markdown' }).click();
  await page.waitForURL(/\/docscenter\/docs\/guide\/writing\.md$/);
  assert.equal(await page.evaluate(() => document.body.textContent), await markdownOf('docs/guide/writing.md'));
  await context.close();
});

test('on a phone the page actions sit side by side inside the screen and take a tap', async () => {
  const { page, context } = await site.open('docs/guide/writing/', { width: 390, context: { ...CLIPBOARD, hasTouch: true, isMobile: true } });
  const button = page.getByRole('button', { name: '复制本页 Markdown' });
  const link = page.getByRole('link', { name: '查看 Markdown' });
  const [a, b] = [await button.boundingBox(), await link.boundingBox()];
  assert.ok(a && b && a.x >= 0 && b.x + b.width <= 390, `inside the screen: ${JSON.stringify([a, b])}`);
  assert.ok(Math.abs(a.y - b.y) < 2 && a.height >= 32, 'one row, tall enough to tap');
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent, { x: a.x + a.width / 2, y: a.y + a.height / 2 });
  assert.equal(hit, '复制本页 Markdown');
  await button.tap();
  await page.getByRole('button', { name: '已复制' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await markdownOf('docs/guide/writing.md'));
  await context.close();
});

test('the doc footer shows 编辑此页 and the last update', async () => {
  const { page, context } = await site.open('docs/guide/');
  const footer = page.locator('.doc-footer');
  assert.equal(await footer.getByRole('link', { name: '编辑此页' }).getAttribute('href'), 'https://elsewhere.example.com/guide.md');
  assert.equal(await footer.locator('.last-updated').innerText(), '最后由 张三 于 2024年3月5日 更新');
  await context.close();
});

test('a page without images never loads the zoom code', async () => {
  const { page, context } = await site.open('docs/intro/');
  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(request.url()));
  await page.mouse.move(200, 300);
  await page.locator('.markdown').click();
  await page.waitForTimeout(300);
  assert.ok(!scripts.some((url) => url.endsWith(zoomChunk)), `${zoomChunk} was not requested: ${scripts.join(', ')}`);
  await context.close();
});

for (const width of [390, 768, 1280]) {
  test(`image zoom at ${width} px: a click opens the image enlarged, Escape closes it and focus returns; Enter opens it, a click closes it`, async () => {
    const { page, context } = await site.open('docs/guide/writing/', { width });
    const trigger = page.getByRole('button', { name: '放大图片：架构图' });
    await trigger.scrollIntoViewIfNeeded();
    const small = (await trigger.locator('img').boundingBox())!;
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: '放大的图片：架构图' });
    await dialog.waitFor();
    const enlarged = dialog.locator('img');
    await page.waitForFunction(() => (document.querySelector('.image-zoom__image') as HTMLImageElement | null)?.complete);
    const big = (await enlarged.boundingBox())!;
    assert.ok(big.width > small.width || big.height > small.height, `enlarged: ${JSON.stringify({ small, big })}`);
    assert.ok(big.x >= 0 && big.x + big.width <= width + 1, 'inside the screen');
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.className, { x: big.x + big.width / 2, y: big.y + big.height / 2 });
    assert.equal(hit, 'image-zoom__image', 'the enlarged image is on top');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), '关闭', 'focus moves into the overlay');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), '放大图片：架构图', 'focus returns to the image');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.mouse.click(5, 400);
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), '放大图片：架构图');
    await context.close();
  });
}
