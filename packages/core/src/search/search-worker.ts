import { parentPort, workerData } from 'node:worker_threads';
import { buildSearchIndex, tokenizeOptions, type SearchIndexInput, type SearchIndexResult } from './build-search-index.js';
import { unpackPairs } from './packed-pairs.js';
import { loadPageTermsTable } from './page-terms-cache.js';

/** What the worker starts with, before the docs are parsed. */
export interface SearchWorkerData {
  cacheDir?: string;
  dictionary?: string[];
}

/** The index, or why it could not be built (a bug: the docs were checked when they were parsed). */
export type SearchReply = { ok: true; index: SearchIndexResult } | { ok: false; message: string };

const { cacheDir, dictionary } = workerData as SearchWorkerData;
// Read and decoded while the build parses the docs: 0.4 s of the index's time at 10,000 pages.
const table = loadPageTermsTable(tokenizeOptions(dictionary), cacheDir);
parentPort!.once('message', (input: SearchIndexInput) => {
  let reply: SearchReply;
  try {
    input.docs.forEach(unpackPairs);
    reply = { ok: true, index: buildSearchIndex(input, table) };
  } catch (error) {
    reply = { ok: false, message: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});
