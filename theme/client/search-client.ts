/**
 * The main thread's side of the search worker: one worker per page view, started on first use; each
 * query gets an id, and replies to a query that has been replaced are dropped.
 */
import type { SearchResults } from './search-engine.js';
import type { WorkerReply, WorkerRequest } from './search-protocol.js';

export interface QueryHandlers {
  onResults(results: SearchResults, done: boolean): void;
  onError(message: string): void;
}

let worker: Worker | undefined;
let nextId = 0;
const handlers = new Map<number, QueryHandlers>();

function start(workerUrl: string): Worker {
  if (worker) return worker;
  worker = new Worker(workerUrl, { type: 'module', name: 'search' });
  worker.addEventListener('message', (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    const handler = handlers.get(reply.id);
    if (!handler) return;
    if ('error' in reply) {
      handlers.delete(reply.id);
      handler.onError(reply.error);
      return;
    }
    if (reply.done) handlers.delete(reply.id);
    handler.onResults(reply.results, reply.done);
  });
  worker.addEventListener('error', () => {
    for (const handler of handlers.values()) handler.onError('the search worker failed to start');
    handlers.clear();
    worker?.terminate();
    worker = undefined;
  });
  return worker;
}

/** Sends a query to the worker; returns a function that drops its replies (when the query is replaced). */
export function searchInWorker({ workerUrl, ...query }: Omit<WorkerRequest, 'id'> & { workerUrl: string }, on: QueryHandlers): () => void {
  const id = ++nextId;
  handlers.set(id, on);
  const request: WorkerRequest = { id, ...query };
  start(workerUrl).postMessage(request);
  return () => handlers.delete(id);
}
