import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { OutputFile } from '../client/bundle-theme.js';
import type { ParsedDoc } from '../markdown/parse-docs.js';
import { packPairs } from './packed-pairs.js';
import type { PairsByWord } from './pairs-by-word.js';
import { workerFile } from '../worker-file.js';
import { buildSearchIndex, type SearchIndexInput, type SearchIndexResult } from './build-search-index.js';
import type { SearchReply } from './search-worker.js';

/**
 * From this many docs the index is built on a worker thread while the pages render: 0.5 s of a 2,000-page build and
 * 3.6 s at 10,000 pages on this 2-core machine, where the second core is otherwise idle once parsing is done. Below
 * it, starting the worker and copying the docs' text to it cost about what building the index here does.
 */
const MIN_DOCS_FOR_WORKER = 1_000;

/**
 * Starts building the search index; the build awaits it once the pages are rendered (no page's HTML names the index:
 * only the site data does). On a worker thread for large sites on more than one core, else here when awaited.
 */
export function startSearchIndex(input: SearchIndexInput, { minDocsForWorker = MIN_DOCS_FOR_WORKER } = {}): () => Promise<SearchIndexResult> {
  if (input.docs.length < minDocsForWorker || availableParallelism() < 2) return async () => buildSearchIndex(input);
  const onWorker = buildOnWorker({ ...input, docs: input.docs.map(withoutPageText) });
  // Awaited after rendering; until then a failure must not count as unhandled.
  onWorker.catch(() => undefined);
  return () => onWorker;
}

/**
 * What the index does not read, left behind rather than copied to the worker: the body, its HTML (not read: a cached
 * doc's is on disk until asked for) and its Markdown copy.
 */
function withoutPageText(doc: ParsedDoc): ParsedDoc {
  const { title, description, toc, sections, assets, warnings } = doc;
  return { title, description, toc, sections, assets, warnings, html: '', markdown: '', markdownLinks: [], links: [], images: [], source: { ...doc.source, body: '' }, bodyPairs: packPairs(doc) as PairsByWord };
}

function buildOnWorker(input: SearchIndexInput): Promise<SearchIndexResult> {
  return new Promise((resolve, reject) => {
    // A young generation larger than V8's default: inverting 10,000 pages makes millions of short-lived arrays, and with
    // the default a third of the worker's time went to scavenges (2.8 s against 3.3–4.4 s at 10,000 pages, load 4).
    const worker = new Worker(workerFile('search-worker'), { workerData: input, resourceLimits: { maxYoungGenerationSizeMb: 96 } });
    worker.once('message', (reply: SearchReply) => {
      void worker.terminate();
      if (reply.ok) resolve(reply.index);
      else reject(new Error(`building the search index failed: ${reply.message}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the search index worker stopped (exit code ${code}) before answering`)));
  });
}

/** The index's files in `folder` (`serve`'s, built on request), its meta file as `meta.json`: its URL is known before it is built. */
export function inFolder(index: SearchIndexResult, folder: string): OutputFile[] {
  const meta = index.url?.slice(index.url.lastIndexOf('/') + 1);
  return index.files.map((file) => {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    return { ...file, path: folder + (name === meta ? 'meta.json' : name) };
  });
}
