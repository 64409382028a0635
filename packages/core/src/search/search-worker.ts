import { parentPort, workerData } from 'node:worker_threads';
import { buildSearchIndex, type SearchIndexInput, type SearchIndexResult } from './build-search-index.js';
import { unpackPairs } from './packed-pairs.js';

/** The index, or why it could not be built (a bug: the docs were checked when they were parsed). */
export type SearchReply = { ok: true; index: SearchIndexResult } | { ok: false; message: string };

let reply: SearchReply;
try {
  const input = workerData as SearchIndexInput;
  input.docs.forEach(unpackPairs);
  reply = { ok: true, index: buildSearchIndex(input) };
} catch (error) {
  reply = { ok: false, message: (error as Error).message };
}
parentPort!.postMessage(reply);
