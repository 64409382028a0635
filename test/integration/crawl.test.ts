import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from '../../packages/core/src/build.js';
import { loadConfig } from '../../packages/core/src/config/load-config.js';
import { copyFixture, repoRoot, type FixtureSite } from '../helpers/fixtures.js';
import { startStaticServer, type StaticServer } from '../helpers/static-server.js';

/** Crawls the built documentation centre from /docscenter/ over a plain static server, as a visitor's browser would. */
let scratch: FixtureSite;
let server: StaticServer;
before(async () => {
  scratch = await copyFixture('basic');
  await build({ root: repoRoot, outDir: scratch.file('out'), write: true });
  server = await startStaticServer(scratch.file('out'));
});
after(async () => {
  await server.close();
  await scratch.remove();
});

const decode = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

test('every internal link answers 200, every anchor exists, and external links are only those in the config', async () => {
  const { config } = await loadConfig(repoRoot);
  const allowedExternal = new Set(
    [...config.navbar.items.flatMap((item) => ('href' in item && item.href ? [item.href] : [])), ...config.footer.columns.flatMap((c) => c.items.flatMap((i) => (i.href ? [i.href] : []))), config.footer.filing?.href].filter(Boolean),
  );
  const origin = new URL(server.url).origin;
  const pages = new Map<string, { status: number; ids: Set<string> }>();
  const anchors: { from: string; path: string; hash: string }[] = [];
  const external = new Set<string>();
  const queue = ['/docscenter/'];
  while (queue.length) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    const response = await fetch(origin + path, { redirect: 'follow' });
    const html = await response.text();
    const finalPath = new URL(response.url).pathname;
    const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decode(m[1])));
    pages.set(path, { status: response.status, ids });
    if (finalPath !== path) pages.set(finalPath, { status: response.status, ids });
    if (!(response.headers.get('content-type') ?? '').includes('text/html')) continue;
    for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
      const href = decode(match[1]);
      const url = new URL(href, origin + finalPath);
      if (url.origin !== origin) {
        external.add(href);
        continue;
      }
      if (url.hash) anchors.push({ from: finalPath, path: url.pathname, hash: decodeURIComponent(url.hash.slice(1)) });
      if (!pages.has(url.pathname)) queue.push(url.pathname);
    }
  }
  const failed = [...pages].filter(([, page]) => page.status !== 200).map(([path, page]) => `${path} → ${page.status}`);
  assert.deepEqual(failed, []);
  assert.ok(pages.size > 200, `crawled ${pages.size} pages`);
  const missing = anchors.filter((a) => !pages.get(a.path)?.ids.has(a.hash)).map((a) => `${a.from} → ${a.path}#${a.hash}`);
  assert.deepEqual(missing, []);
  assert.deepEqual([...external].filter((href) => !allowedExternal.has(href)), []);
});
