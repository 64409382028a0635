import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from '../../packages/core/src/build.js';
import { launchBrowser } from './browser.js';
import { copyFixture, repoRoot, type FixtureSite } from './fixtures.js';
import { startStaticServer, type StaticServer } from './static-server.js';

/** The basic fixture built and served by a plain static host, with one Chromium for a whole test file. */
export interface BrowserSite {
  site: FixtureSite;
  server: StaticServer;
  browser: Browser;
  url(path: string): string;
  /** `noPrefetch` turns data saving on, so that no page data is fetched before the test asks for it. */
  open(path: string, options?: { width?: number; noPrefetch?: boolean; context?: Parameters<Browser['newContext']>[0] }): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/**
 * `documentationCentre` serves the real site (built into a temporary folder) instead of the fixture; `fixture` names
 * another fixture than `basic`, and `prepare` changes the copy before it is built.
 */
export async function startBrowserSite(options: { delay?: (pathname: string) => number; documentationCentre?: boolean; fixture?: string; prepare?: (site: FixtureSite) => Promise<void> } = {}): Promise<BrowserSite> {
  const site = await copyFixture(options.fixture ?? 'basic');
  await options.prepare?.(site);
  const outDir = site.file('build');
  await build(options.documentationCentre ? { root: repoRoot, outDir, write: true } : { root: site.root, write: true });
  const server = await startStaticServer(outDir, '/docscenter/', options);
  const browser = await launchBrowser();
  const url = (path: string) => server.url + path.replace(/^\//, '');
  return {
    site,
    server,
    browser,
    url,
    async open(path, { width = 1280, noPrefetch = false, context: contextOptions = {} } = {}) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, ...contextOptions });
      if (noPrefetch) await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' }, configurable: true }));
      const page = await context.newPage();
      await page.goto(url(path));
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      return { page, context };
    },
    async close() {
      await browser.close();
      await server.close();
      await site.remove();
    },
  };
}
