import http from 'node:http';
import { isIP } from 'node:net';
import path from 'node:path';
import { trimHtmlSuffix } from '@docsgen/shared';
import { build, createBuildCache, DEV_SEARCH_INDEX, type BuildResult } from './build.js';
import { buildOnChange, inputFolders } from './content/build-on-change.js';
import { asDocsgenError, DocsgenError } from './errors.js';

export interface ServeOptions {
  root: string;
  port: number;
  host: string;
  /** Where the server reports rebuilds and errors. */
  log: (message: string) => void;
}

export interface DevServer {
  url: string;
  /** Resolves after the rebuild that the latest change started. */
  rebuilt(): Promise<void>;
  close(): Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};

const MAX_URL_LENGTH = 2048;
/**
 * Open live-reload connections at most: each holds a socket (a file descriptor) for as long as its tab is open, and a
 * process that runs out of descriptors can no longer read the files it rebuilds from.
 */
const MAX_RELOAD_CONNECTIONS = 64;

/** Builds into memory, serves the site under its base path, rebuilds what changed and reloads the browser. */
export async function serve({ root, port, host, log }: ServeOptions): Promise<DevServer> {
  const cache = createBuildCache();
  let files = new Map<string, string | Uint8Array>();
  let devSearchIndex: BuildResult['devSearchIndex'];
  let baseUrl = '/';
  let lastError: DocsgenError | undefined;
  const clients = new Set<http.ServerResponse>();

  const broadcast = (event: string, data = '') => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const runBuild = async (reason: string) => {
    const start = performance.now();
    try {
      const result: BuildResult = await build({ root, write: false, dev: true, cache });
      files = new Map(result.files.map((file) => [file.path, file.contents]));
      devSearchIndex = result.devSearchIndex;
      baseUrl = result.loaded.config.baseUrl;
      lastError = undefined;
      const ms = Math.round(performance.now() - start);
      const stages = Object.entries(result.stats.timings).map(([stage, time]) => `${stage} ${time}`).join(', ');
      log(`${reason}: ${result.stats.parsedDocs} parsed, ${result.stats.renderedPages} rendered of ${result.stats.pages} pages in ${ms} ms (${stages})`);
      broadcast('reload');
    } catch (error) {
      lastError = asDocsgenError(error);
      log(`build failed (the server keeps running):\n${lastError.format()}`);
      broadcast('error-overlay', lastError.format());
    }
  };

  const watcher = await buildOnChange({ root, folders: await inputFolders(root), cache, rebuild: (changed) => runBuild(changed.length ? `rebuilt after ${changed.join(', ')}` : 'built'), log });

  const server = http.createServer((request, response) => {
    try {
      handle(request, response);
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(String(error));
    }
  });
  server.keepAliveTimeout = 5000;

  const handle = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const rawUrl = request.url ?? '/';
    if (!isAllowedHost(request.headers.host, host)) return send(response, 403, 'text/plain; charset=utf-8', 'Forbidden: unknown Host (open the site through localhost or the address docsgen prints)');
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'text/plain; charset=utf-8', 'Method Not Allowed');
    if (rawUrl.length > MAX_URL_LENGTH) return send(response, 414, 'text/plain; charset=utf-8', 'URI Too Long');
    const pathname = decodePath(rawUrl);
    if (pathname === undefined) return send(response, 400, 'text/plain; charset=utf-8', 'Bad Request');
    if (pathname === '/' || pathname + '/' === baseUrl) return redirect(response, encodePath(baseUrl));
    if (!pathname.startsWith(baseUrl)) return notFound(response);
    if (pathname === baseUrl + '__docsgen/events') return openEvents(request, response);
    const relative = pathname.slice(baseUrl.length);
    const file = lookup(relative);
    if (file !== undefined) {
      const type = MIME[path.extname(file)] ?? 'application/octet-stream';
      return send(response, 200, type, request.method === 'HEAD' ? '' : files.get(file)!);
    }
    if (files.has(relative + '/index.html')) return redirect(response, encodePath(pathname + '/') + search(rawUrl));
    const trimmed = trimHtmlSuffix(pathname);
    if (trimmed && lookup(trimmed.slice(baseUrl.length)) !== undefined) return redirect(response, encodePath(trimmed) + search(rawUrl));
    return notFound(response);
  };

  const lookup = (relative: string): string | undefined => {
    if (relative.startsWith(DEV_SEARCH_INDEX) && !files.has(DEV_SEARCH_INDEX + 'meta.json')) {
      for (const file of devSearchIndex?.() ?? []) files.set(file.path, file.contents);
    }
    if (relative === '' || relative.endsWith('/')) return files.has(relative + 'index.html') ? relative + 'index.html' : undefined;
    return files.has(relative) ? relative : undefined;
  };

  const notFound = (response: http.ServerResponse) => {
    const page = files.get('404.html');
    if (lastError && !page) return send(response, 500, 'text/plain; charset=utf-8', lastError.format());
    send(response, 404, 'text/html; charset=utf-8', page ?? 'Not Found');
  };

  const openEvents = (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (clients.size >= MAX_RELOAD_CONNECTIONS) {
      // Closed at once, not kept alive: the socket is the descriptor the cap is there to save.
      response.shouldKeepAlive = false;
      return send(response, 503, 'text/plain; charset=utf-8', `Too many live-reload connections (${MAX_RELOAD_CONNECTIONS}): close some tabs`);
    }
    response.on('error', () => clients.delete(response));
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    response.write(': connected\n\n');
    if (lastError) response.write(`event: error-overlay\ndata: ${JSON.stringify(lastError.format())}\n\n`);
    clients.add(response);
    request.on('close', () => clients.delete(response));
  };

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    await watcher.close();
    throw listenError(error as NodeJS.ErrnoException, host, port);
  }
  // Accepting a connection fails when the process is out of file descriptors: that connection is lost, not the server.
  server.on('error', (error) => log(`connection error (the server keeps running): ${error.message}`));
  const address = server.address() as { port: number };
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}${baseUrl}`,
    rebuilt: () => watcher.settled(),
    close: async () => {
      await watcher.close();
      for (const client of clients) client.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The decoded, normalised path of a request URL, or undefined when it is malformed or tries to escape. */
export function decodePath(rawUrl: string): string | undefined {
  const rawPath = rawUrl.split(/[?#]/)[0];
  if (!rawPath.startsWith('/')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return undefined;
  return decoded;
}

/** Names the problem when the server cannot listen: a port in use, an address this machine does not have. */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): DocsgenError {
  const where = `${host}:${port}`;
  if (error.code === 'EADDRINUSE') return new DocsgenError(`cannot serve on ${where}: the port is in use`, { hint: `stop the other server or pass another --port (--port 0 picks a free one)` });
  if (error.code === 'EACCES') return new DocsgenError(`cannot serve on ${where}: not allowed to use this port`, { hint: 'use a port above 1023' });
  if (['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EINVAL'].includes(error.code ?? '')) {
    return new DocsgenError(`cannot serve on ${where}: this machine has no address ${JSON.stringify(host)}`, { hint: 'pass --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every network)' });
  }
  return new DocsgenError(`cannot serve on ${where}: ${error.message}`);
}

/**
 * Only requests addressed to this server by a name that cannot be re-pointed are answered: an IP address, localhost,
 * or the host docsgen was told to bind. A web page elsewhere could otherwise point its own domain at 127.0.0.1 (DNS
 * rebinding) and read the site and its drafts.
 */
function isAllowedHost(header: string | undefined, boundHost: string): boolean {
  if (header === undefined) return true;
  const name = header.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost') || name === boundHost.toLowerCase()) return true;
  return isIP(name) !== 0;
}

/** A decoded path as a Location header value: non-ASCII, spaces, `?` and `#` escaped, never starting with `//` (another host). */
function encodePath(pathname: string): string {
  return '/' + pathname.replace(/^[/\\]+/, '').replace(/[^\x21-\x7e]|[?#%\\]/g, (char) => encodeURIComponent(char));
}

function search(rawUrl: string): string {
  const index = rawUrl.indexOf('?');
  return index < 0 ? '' : rawUrl.slice(index).replace(/[^\x21-\x7e]/g, (char) => encodeURIComponent(char));
}

function send(response: http.ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
  response.end(body);
}

function redirect(response: http.ServerResponse, location: string): void {
  response.writeHead(301, { location, 'cache-control': 'no-cache' });
  response.end();
}
