import type { SearchResults } from './search-engine.js';

/** A query for the search worker; an empty query only opens the index (fetches the meta file and the titles). */
export interface WorkerRequest {
  id: number;
  indexUrl: string;
  query: string;
  limit: number;
}

/** The worker's answer to request `id`: results so far (then all of them, `done`), or why it failed. */
export type WorkerReply = { id: number; results: SearchResults; done: boolean } | { id: number; error: string };
