/**
 * `node --import tsx bench/prefetch.ts [built site folder]`: what client navigation's fetching ahead costs a visitor and
 * what it earns, on the documentation centre (built into a temporary folder unless a built output is given).
 * - the first load of `docs/app/android/device_mgr/` with no input, at 1280 × 800 (mouse) and 390 × 800 (touch): the
 *   pages fetched ahead, their number and gzip bytes (level 9, as a CDN would serve them; the server does not compress);
 * - the same over every fourth doc page: how many first loads fetch anything ahead, and how much;
 * - what a page fetched ahead earns: a click's time to the new page's title, for a page not fetched ahead against one
 *   hovered first, on an emulated slow 4G network (150 ms round trip, 1.6 Mbit/s down).
 */
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { build } from '../packages/core/src/build.js';
import { launchBrowser } from '../test/helpers/browser.js';
import { startStaticServer } from '../test/helpers/static-server.js';
import { REPO_ROOT } from './lib/docsgen.js';
import { kb, summarize } from './lib/stats.js';

const DOC = 'docs/app/android/device_mgr/';
const WIDTHS = [
  { label: '1280 px, mouse', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
  { label: '390 px, touch', viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true },
];
// Long enough for the idle callback, the observers and every fetch they start to finish on this machine.
const QUIET_MS = 1500;

let siteDir = process.argv[2];
if (!siteDir) {
  siteDir = path.join(os.tmpdir(), 'docsgen-prefetch-bench');
  await build({ root: REPO_ROOT, outDir: siteDir, write: true });
}
const server = await startStaticServer(siteDir, '/docscenter/');
const browser = await launchBrowser();

interface Fetched {
  path: string;
  gzip: number;
}

/** Opens `docPath` with no input and lists the pages fetched while it sits for QUIET_MS. */
async function firstLoad(context: Awaited<ReturnType<Browser['newContext']>>, docPath: string): Promise<Fetched[]> {
  const page = await context.newPage();
  const fetched: Promise<Fetched>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'fetch' || !url.pathname.endsWith('/')) return;
    fetched.push(response.body().then((body) => ({ path: url.pathname, gzip: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto(server.url + docPath);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForTimeout(QUIET_MS);
  await page.close();
  return Promise.all(fetched);
}

const sum = (list: Fetched[]) => list.reduce((total, item) => total + item.gzip, 0);

const docs = await docPaths(path.join(siteDir, 'docs'), 'docs/');
const sample = docs.filter((_, i) => i % 4 === 0);
for (const width of WIDTHS) {
  // A new context per load: a cold cache each time, as a first visit has.
  const fresh = async (docPath: string) => {
    const context = await browser.newContext({ viewport: width.viewport, hasTouch: width.hasTouch, isMobile: width.isMobile });
    try {
      return await firstLoad(context, docPath);
    } finally {
      await context.close();
    }
  };
  const one = await fresh(DOC);
  console.log(`${width.label}, first load of ${DOC}: ${one.length} pages fetched ahead, ${kb(sum(one))} gzip`);
  for (const item of one) console.log(`  ${item.path} ${kb(item.gzip)}`);
  let loadsFetching = 0;
  let bytes = 0;
  for (const docPath of sample) {
    const list = await fresh(docPath);
    if (list.length) loadsFetching++;
    bytes += sum(list);
  }
  console.log(`${width.label}, ${sample.length} doc pages (every fourth): ${loadsFetching} first loads fetch ahead, ${kb(bytes / sample.length)} gzip per first load on average`);
}

// What a page fetched ahead earns: the network's share of a navigation.
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
const fetchedAlready = new Set<string>();
page.on('request', (request) => fetchedAlready.add(new URL(request.url()).pathname));
await page.goto(server.url + DOC);
await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
await page.waitForTimeout(QUIET_MS);
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
// The sidebar's links in view, as written in their href.
const links = await page.locator('.doc-sidebar a[href]').evaluateAll((anchors) =>
  (anchors as HTMLAnchorElement[]).filter((a) => a.offsetParent !== null).map((a) => ({ href: a.getAttribute('href')!, path: a.pathname })),
);
const cold: number[] = [];
const warm: number[] = [];
for (const { href, path: target } of links) {
  if (cold.length + warm.length === 12) break;
  if (fetchedAlready.has(target) || target === new URL(page.url()).pathname) continue;
  const link = page.locator(`.doc-sidebar a[href="${href}"]`).first();
  const hovered = cold.length > warm.length;
  if (hovered) {
    const arrived = page.waitForResponse((response) => new URL(response.url()).pathname === target);
    await link.hover();
    await arrived;
  }
  (hovered ? warm : cold).push(await clickToTitle(page, link));
}
console.log(`a navigation on slow 4G, click to the new title: not fetched ahead ${summarize(cold).median} ms (${cold.join(', ')}), fetched ahead ${summarize(warm).median} ms (${warm.join(', ')})`);
await context.close();
await browser.close();
await server.close();

async function clickToTitle(page: Page, link: ReturnType<Page['locator']>): Promise<number> {
  const before = await page.title();
  await page.evaluate(() => document.addEventListener('click', () => ((window as unknown as { clickedAt: number }).clickedAt = performance.now()), { capture: true, once: true }));
  await link.click();
  await page.waitForFunction((title) => document.title !== title, before, { polling: 'raf' });
  return page.evaluate(() => Math.round(performance.now() - (window as unknown as { clickedAt: number }).clickedAt));
}

async function docPaths(dir: string, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const child = path.join(dir, entry.name);
    const names = await readdir(child);
    if (names.includes('index.html')) found.push(`${prefix}${entry.name}/`);
    found.push(...(await docPaths(child, `${prefix}${entry.name}/`)));
  }
  return found.sort();
}
