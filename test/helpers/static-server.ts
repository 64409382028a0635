import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** A plain static host, like a CDN: serves a folder at a base path and answers unknown paths with 404.html. */
export interface StaticServer {
  url: string;
  /** Serves another folder from now on (same origin, so local storage carries over). */
  setRoot(dir: string): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8', '.md': 'text/markdown; charset=utf-8' };

export async function startStaticServer(dir: string, basePath = '/docscenter/', options: { delay?: (pathname: string) => number } = {}): Promise<StaticServer> {
  let root = dir;
  const server = http.createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const wait = options.delay?.(pathname) ?? 0;
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    if (!pathname.startsWith(basePath) || pathname.includes('..')) return send(404, path.join(root, '404.html'));
    let file = path.join(root, pathname.slice(basePath.length));
    try {
      if ((await stat(file)).isDirectory()) {
        if (!pathname.endsWith('/')) {
          response.writeHead(301, { location: pathname + '/' });
          return response.end();
        }
        file = path.join(file, 'index.html');
      }
      await send(200, file);
    } catch {
      await send(404, path.join(root, '404.html'));
    }
    async function send(status: number, file: string) {
      try {
        const body = await readFile(file);
        response.writeHead(status, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
        response.end(body);
      } catch {
        response.writeHead(404);
        response.end('not found');
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    setRoot: (next) => {
      root = next;
    },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
