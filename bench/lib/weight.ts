import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { startStaticServer } from '../../test/helpers/static-server.js';

export interface Bytes {
  raw: number;
  gzip: number;
}

/** What a browser downloads to show one page, cold cache, by kind. */
export interface PageWeight {
  path: string;
  requests: number;
  html: Bytes;
  css: Bytes;
  js: Bytes;
  other: Bytes;
  /** Every request, to see which files make up the figures. */
  files: { url: string; kind: string; raw: number; gzip: number }[];
}

const zero = (): Bytes => ({ raw: 0, gzip: 0 });

function kindOf(resourceType: string): 'html' | 'css' | 'js' | 'other' {
  if (resourceType === 'document') return 'html';
  if (resourceType === 'stylesheet') return 'css';
  if (resourceType === 'script') return 'js';
  return 'other';
}

/**
 * Loads one page of a built site from a plain static server and sums what came over the wire.
 * The server does not compress, so gzip sizes are computed here at level 9, as a CDN would serve them.
 */
export async function pageWeight(browser: Browser, siteDir: string, pagePath: string): Promise<PageWeight> {
  const server = await startStaticServer(siteDir, '/docscenter/');
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const result: PageWeight = { path: pagePath, requests: 0, html: zero(), css: zero(), js: zero(), other: zero(), files: [] };
    page.on('response', (response) => {
      result.requests++;
      pending.push(
        response
          .body()
          .then((body) => {
            const kind = kindOf(response.request().resourceType());
            const gzip = gzipSync(body, { level: 9 }).length;
            result[kind].raw += body.length;
            result[kind].gzip += gzip;
            result.files.push({ url: response.url().replace(server.url, '/docscenter/'), kind, raw: body.length, gzip });
          })
          .catch(() => undefined), // redirects have no body
      );
    });
    const response = await page.goto(server.url + pagePath, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${pagePath}: HTTP ${response?.status()}`);
    await Promise.all(pending);
    return result;
  } finally {
    await context.close();
    await server.close();
  }
}
