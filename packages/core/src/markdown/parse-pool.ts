import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SiteConfig } from '../config/schema.js';
import type { DocSource } from '../content/scan-content.js';
import { DocsgenError } from '../errors.js';
import { parseDoc, type MarkdownProcessor, type ParsedDoc } from './parse-docs.js';
import type { ParseJob, ParseReply } from './parse-worker.js';

/** Below this many docs, starting workers (each loads unified and the grammars) costs more than it saves. */
const MIN_DOCS_FOR_WORKERS = 120;

export interface ParseManyOptions {
  config: SiteConfig;
  routesByDocsPath: Map<string, string>;
  /** The processor of this thread, for small batches (a rebuild in `serve`). */
  processor: () => MarkdownProcessor;
}

/** Parses docs in order: on worker threads when there are many (Markdown parsing is CPU-bound), here otherwise. */
export async function parseMany(docs: DocSource[], { config, routesByDocsPath, processor }: ParseManyOptions): Promise<ParsedDoc[]> {
  const threads = Math.min(availableParallelism(), 4);
  if (docs.length < MIN_DOCS_FOR_WORKERS || threads < 2) {
    const local = processor();
    return docs.map((doc) => parseDoc(doc, { config, processor: local, routesByDocsPath }));
  }
  const size = Math.ceil(docs.length / threads);
  const shares = Array.from({ length: threads }, (_, i) => docs.slice(i * size, (i + 1) * size)).filter((share) => share.length);
  const results = await Promise.all(shares.map((share) => runWorker({ docs: share, config, routesByDocsPath: [...routesByDocsPath] })));
  return results.flatMap((parsed, i) => parsed.map((doc, j) => ({ ...doc, source: shares[i][j] })));
}

function workerUrl(): { url: URL; execArgv: string[] } {
  // From source (tests run TypeScript through tsx) the worker is a .ts file; from the compiled CLI it is dist/parse-worker.js.
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource ? { url: new URL('./parse-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] } : { url: new URL('./parse-worker.js', import.meta.url), execArgv: [] };
}

function runWorker(job: ParseJob): Promise<Omit<ParsedDoc, 'source'>[]> {
  const { url, execArgv } = workerUrl();
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { workerData: job, execArgv });
    worker.once('message', (reply: ParseReply) => {
      void worker.terminate();
      if (reply.ok) resolve(reply.docs);
      else reject(new DocsgenError(reply.message, { location: reply.location, hint: reply.hint }));
    });
    worker.once('error', reject);
  });
}
