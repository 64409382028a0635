import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { symlink } from 'node:fs/promises';
import { serve, type DevServer } from '../../packages/core/src/serve.js';
import { DocsgenError } from '../../packages/core/src/errors.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';

/** The dev server under careless and hostile requests: it answers correctly or refuses, and it keeps running. */

async function withServer(prepare: (site: FixtureSite) => Promise<void>, work: (server: DevServer, site: FixtureSite, logs: string[]) => Promise<void>): Promise<void> {
  const site = await copyFixture('basic');
  const logs: string[] = [];
  let server: DevServer | undefined;
  try {
    await prepare(site);
    server = await serve({ root: site.root, port: 0, host: '127.0.0.1', log: (message) => logs.push(message) });
    await work(server, site, logs);
  } finally {
    await server?.close();
    await site.remove();
  }
}

function get(server: DevServer, path: string, headers: Record<string, string> = {}): Promise<{ status: number; location?: string; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

test('a non-ASCII path without its trailing slash is redirected, percent-encoded', () =>
  withServer(
    (site) => site.write('content/docs/设备.md', '---\ntitle: 设备\n---\n设备页\n'),
    async (server) => {
      const response = await get(server, '/docscenter/docs/%E8%AE%BE%E5%A4%87?tab=1');
      assert.equal(response.status, 301);
      assert.equal(response.location, '/docscenter/docs/%E8%AE%BE%E5%A4%87/?tab=1');
      assert.equal((await get(server, response.location!)).status, 200);
      const trimmed = await get(server, '/docscenter/docs/%E8%AE%BE%E5%A4%87.html');
      assert.equal(trimmed.status, 301);
      assert.equal(trimmed.location, '/docscenter/docs/%E8%AE%BE%E5%A4%87/');
    },
  ));

test('requests addressed to another host name (DNS rebinding) are refused; loopback names and addresses are answered', () =>
  withServer(
    async () => undefined,
    async (server) => {
      const { port } = new URL(server.url);
      for (const host of ['evil.example.com', `evil.example.com:${port}`, 'localhost.evil.example.com']) {
        const response = await get(server, '/docscenter/docs/intro/', { host });
        assert.equal(response.status, 403, host);
        assert.doesNotMatch(response.body, /介绍|<html/, 'no page content is sent');
      }
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'docs.localhost', '192.168.1.20:3000']) {
        assert.equal((await get(server, '/docscenter/docs/intro/', { host })).status, 200, host);
      }
    },
  ));

test('live-reload connections are capped; the server keeps serving pages', () =>
  withServer(
    async () => undefined,
    async (server) => {
      const { port } = new URL(server.url);
      const open: http.ClientRequest[] = [];
      const statuses: number[] = [];
      try {
        for (let i = 0; i < 70; i++) {
          statuses.push(
            await new Promise<number>((resolve, reject) => {
              const request = http.get({ host: '127.0.0.1', port, path: '/docscenter/__docsgen/events' }, (response) => resolve(response.statusCode ?? 0));
              request.on('error', reject);
              open.push(request);
            }),
          );
        }
        assert.deepEqual(statuses.slice(0, 64), Array(64).fill(200));
        assert.deepEqual(statuses.slice(64), Array(6).fill(503));
        assert.equal((await get(server, '/docscenter/docs/intro/')).status, 200);
      } finally {
        open.forEach((request) => request.destroy());
      }
    },
  ));

test('a symbolic link loop in the content folder neither crashes the server nor stops rebuilds', () =>
  withServer(
    async (site) => {
      await symlink('..', site.file('content/docs/guide/loop'));
      await symlink('.', site.file('static/img/self'));
    },
    async (server, site) => {
      assert.equal((await get(server, '/docscenter/docs/intro/')).status, 200);
      await site.edit('content/docs/intro.md', (text) => text.replace(/^title: .*$/m, 'title: 改过的介绍'));
      await server.rebuilt();
      assert.match((await get(server, '/docscenter/docs/intro/')).body, /改过的介绍/);
    },
  ));

test('a port in use or an address the machine does not have is a clear error', async () => {
  const site = await copyFixture('basic');
  const blocker = http.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = blocker.address() as { port: number };
    await assert.rejects(serve({ root: site.root, port, host: '127.0.0.1', log: () => undefined }), (error: unknown) => {
      assert.ok(error instanceof DocsgenError);
      assert.match(error.format(), new RegExp(`cannot serve on 127\\.0\\.0\\.1:${port}: the port is in use\\n  hint: stop the other server or pass another --port`));
      return true;
    });
    await assert.rejects(serve({ root: site.root, port: 0, host: '203.0.113.7', log: () => undefined }), (error: unknown) => {
      assert.ok(error instanceof DocsgenError);
      assert.match(error.format(), /cannot serve on 203\.0\.113\.7:0: this machine has no address "203\.0\.113\.7"/);
      return true;
    });
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
    await site.remove();
  }
});
