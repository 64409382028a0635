import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { OutputFile } from '../client/bundle-theme.js';
import type { ParsedDoc } from '../markdown/parse-docs.js';
import { packPairs } from './packed-pairs.js';
import type { PairsByWord } from './pairs-by-word.js';
import { workerFile } from '../worker-file.js';
import { buildSearchIndex, tokenizeOptions, type SearchIndexInput, type SearchIndexResult } from './build-search-index.js';
import { loadPageTermsTable, type PageTermsMemory } from './page-terms-cache.js';
import type { SearchReply, SearchWorkerData } from './search-worker.js';

/**
 * From this many docs the index is built on a worker thread while the pages render: 0.5 s of a 2,000-page build and
 * 3.6 s at 10,000 pages on this 2-core machine, where the second core is otherwise idle once parsing is done. Below
 * it, starting the worker and copying the docs' text to it cost about what building the index here does.
 */
const MIN_DOCS_FOR_WORKER = 1_000;

/** The search index of a build: started once the docs are parsed, awaited once the pages are rendered (only the site data names it). */
export interface SearchIndexStage {
  start(input: SearchIndexInput): () => Promise<SearchIndexResult>;
  /** For a build that fails: its worker, if any, goes. */
  stop(): void;
}

/**
 * Prepares the search index of a site of `docCount` docs, before they are parsed. Large sites on more than one core
 * get a worker thread now, which reads the last build's terms table from the cache meanwhile; smaller ones build the
 * index here when it is awaited, from `termsMemory`'s table when a process that builds again keeps one.
 */
export function prepareSearchIndex({ docCount, termsMemory, ...data }: SearchWorkerData & { docCount: number; termsMemory?: PageTermsMemory }, { minDocsForWorker = MIN_DOCS_FOR_WORKER } = {}): SearchIndexStage {
  if (docCount < minDocsForWorker || availableParallelism() < 2) {
    return { start: (input) => async () => buildSearchIndexHere(input, termsMemory), stop: () => undefined };
  }
  // A young generation larger than V8's default: inverting 10,000 pages makes millions of short-lived arrays, and with
  // the default a third of the worker's time went to scavenges (2.8 s against 3.3–4.4 s at 10,000 pages, load 4).
  const worker = new Worker(workerFile('search-worker'), { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 96 } });
  const index = new Promise<SearchIndexResult>((resolve, reject) => {
    worker.once('message', (reply: SearchReply) => {
      void worker.terminate();
      if (reply.ok) resolve(reply.index);
      else reject(new Error(`building the search index failed: ${reply.message}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the search index worker stopped (exit code ${code}) before answering`)));
  });
  // Awaited after rendering; until then a failure must not count as unhandled.
  index.catch(() => undefined);
  // Until it has the docs, it must not keep alive a process whose build failed (after its listeners: adding one refs it).
  worker.unref();
  return {
    start(input) {
      worker.ref();
      worker.postMessage({ ...input, docs: input.docs.map(searchedPart) });
      return () => index;
    },
    stop: () => void worker.terminate(),
  };
}

/** The index built on this thread, from the terms table a process that builds again keeps, if any. */
export function buildSearchIndexHere(input: SearchIndexInput, termsMemory: PageTermsMemory | undefined): SearchIndexResult {
  return buildSearchIndex(input, loadPageTermsTable(tokenizeOptions(input.dictionary), input.cacheDir, termsMemory));
}

/**
 * What the index reads of a doc, all that is copied to the worker: not its body, its HTML (a cached doc's is on disk
 * until asked for), its Markdown copy, links or table of contents.
 */
function searchedPart(doc: ParsedDoc): ParsedDoc {
  const { title, description, sections, searchKey } = doc;
  const { docsPath, route, frontMatter } = doc.source;
  const source = { docsPath, route, frontMatter: { draft: frontMatter.draft, unlisted: frontMatter.unlisted, keywords: frontMatter.keywords } };
  return { title, description, sections, searchKey, source, bodyPairs: packPairs(doc) as PairsByWord } as ParsedDoc;
}

/** The index's files in `folder` (`serve`'s, built on request), its meta file as `meta.json`: its URL is known before it is built. */
export function inFolder(index: SearchIndexResult, folder: string): OutputFile[] {
  const meta = index.url?.slice(index.url.lastIndexOf('/') + 1);
  return index.files.map((file) => {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    return { ...file, path: folder + (name === meta ? 'meta.json' : name) };
  });
}
