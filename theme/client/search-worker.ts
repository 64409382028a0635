/**
 * The search worker: runs the engine off the main thread, so typing never waits for a query. It fetches
 * the index itself (the meta file and the titles, then only the shards and page files each query needs) and
 * posts results back as they fill in: titled at once, then with each one's heading and excerpt.
 */
import { createSearchEngine, type SearchEngine } from './search-engine.js';
import type { WorkerReply, WorkerRequest } from './search-protocol.js';

const engines = new Map<string, SearchEngine>();

function engineFor(indexUrl: string): SearchEngine {
  let engine = engines.get(indexUrl);
  if (!engine) {
    engine = createSearchEngine(async (name) => {
      const response = await fetch(new URL(name, new URL(indexUrl, self.location.href)), { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${name}`);
      return response.json() as Promise<unknown>;
    }, indexUrl.slice(indexUrl.lastIndexOf('/') + 1));
    engines.set(indexUrl, engine);
  }
  return engine;
}

const post = (reply: WorkerReply) => (self as unknown as Worker).postMessage(reply);

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const { id, indexUrl, query, limit } = event.data;
  engineFor(indexUrl)
    .search(query, { limit, onPartial: (results) => post({ id, results, done: false }) })
    .then(
      (results) => post({ id, results, done: true }),
      (error: unknown) => post({ id, error: (error as Error).message }),
    );
});
