import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { serve, type DevServer } from '../../packages/core/src/serve.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';

let site: FixtureSite;
let server: DevServer;
const logs: string[] = [];

before(async () => {
  site = await copyFixture('basic');
  server = await serve({ root: site.root, port: 0, host: '127.0.0.1', log: (message) => logs.push(message) });
});
after(async () => {
  await server.close();
  await site.remove();
});

/** A raw request, so that paths reach the server exactly as written (no client-side normalisation). */
function request(path: string): Promise<{ status: number; body: string; location?: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, location: response.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Collects server-sent events until `until` returns true. */
function waitForEvent(name: string, trigger: () => Promise<void>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(server.url + '__docsgen/events', (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        if (buffer.includes(': connected')) {
          buffer = buffer.replace(': connected\n\n', '');
          // A person saves a moment after the page connected; edits within the same few milliseconds are not what this tests.
          void new Promise((resolve) => setTimeout(resolve, 100)).then(trigger).catch(reject);
        }
        const match = new RegExp(`event: ${name}\\ndata: (.*)\\n\\n`).exec(buffer);
        if (match) {
          req.destroy();
          resolve(JSON.parse(match[1]) as string);
        }
      });
    });
    req.on('error', (error) => (error.message.includes('aborted') ? undefined : reject(error)));
    setTimeout(() => reject(new Error(`no ${name} event; server log:\n${logs.slice(-4).join("\n")}`)), 20_000).unref();
  });
}

test('binds 127.0.0.1 and serves the site under its base path, drafts included', async () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/docscenter\/$/);
  const home = await request('/docscenter/');
  assert.equal(home.status, 200);
  const draft = await request('/docscenter/docs/guide/draft/');
  assert.equal(draft.status, 200);
  assert.match(draft.body, /doc-banner--draft/);
});

test('an unknown path gets the 404 page', async () => {
  const response = await request('/docscenter/docs/nothing-here/');
  assert.equal(response.status, 404);
  assert.match(response.body, /找不到页面/);
});

test('.html and /index.html without a route redirect to the bare path', async () => {
  assert.deepEqual(await pick(request('/docscenter/docs/intro.html')), [301, '/docscenter/docs/intro/']);
  assert.deepEqual(await pick(request('/docscenter/docs/guide/features/index.html')), [200, undefined]);
  assert.deepEqual(await pick(request('/docscenter/docs/intro')), [301, '/docscenter/docs/intro/']);
});

async function pick(response: Promise<{ status: number; location?: string }>) {
  const { status, location } = await response;
  return [status, location];
}

test('paths outside the site folder are never served', async () => {
  for (const path of ['/docscenter/../../etc/passwd', '/docscenter/%2e%2e/%2e%2e/etc/passwd', '/docscenter/..%2f..%2fetc%2fpasswd', '/docscenter/%2E%2E%5C%2E%2E%5Cetc%5Cpasswd', '/etc/passwd', '/docscenter/%00', '/docscenter/a%ZZ', '/docscenter/' + 'a'.repeat(5000)]) {
    const response = await request(path);
    assert.ok([400, 404, 414].includes(response.status), `${path} → ${response.status}`);
    assert.doesNotMatch(response.body, /root:x:0:0/);
  }
});

test('editing a page rebuilds only that page and tells the browser to reload', async () => {
  await waitForEvent('reload', () => site.edit('content/docs/intro.md', (text) => text.replace('正文。', '修改后的正文。')));
  await server.rebuilt();
  assert.match((await request('/docscenter/docs/intro/')).body, /修改后的正文。/);
  assert.match(logs.at(-1) ?? '', /1 parsed, 1 rendered of \d+ pages/);
});

test('changing a title updates the sidebar on every page', async () => {
  await waitForEvent('reload', () => site.edit('content/docs/guide/features.md', (text) => text.replace('title: 功能演示', 'title: 功能全览')));
  await server.rebuilt();
  // Another page whose sidebar shows the renamed doc (closed folders are not rendered).
  assert.match((await request('/docscenter/docs/guide/long/')).body, /功能全览/);
});

test('a build error is shown as an overlay while the server keeps running', async () => {
  const message = await waitForEvent('error-overlay', () => site.edit('content/docs/intro.md', (text) => text + '\n[坏](./broken.md)\n'));
  assert.match(message, /content\/docs\/intro\.md:\d+:\d+  \.\/broken\.md  → no doc at that path/);
  assert.equal((await request('/docscenter/docs/intro/')).status, 200, 'the last good site is still served');
  await waitForEvent('reload', () => site.edit('content/docs/intro.md', (text) => text.replace('\n[坏](./broken.md)\n', '')));
});
