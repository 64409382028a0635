import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SiteConfig } from '../config/schema.js';
import type { DocSource } from '../content/scan-content.js';
import { DocsgenError } from '../errors.js';
import { workerFile } from '../worker-file.js';
import { parseDoc, type MarkdownProcessor, type ParsedDoc } from './parse-docs.js';
import type { ParsedInWorker, ParseReply, ParseRequest, ParseSetup } from './parse-worker.js';

/**
 * Below this much Markdown, starting workers (each loads unified and the grammars, cold) costs more
 * than it saves. Measured on this 2-vCPU machine: this site (1.5 MB of Markdown, ~0.9 M characters)
 * builds in 2.8 s parsing on one thread and 3.0–3.2 s on two, because V8's compiler and collector
 * threads already keep the second core busy while the JIT is cold; the 2,000-page corpus went from
 * 26 s to 15 s. The threads share the docs batch by batch from one queue, so a thread slowed by a cold
 * start or by other processes on its core never leaves the others waiting at the end.
 */
const MIN_MARKDOWN_CHARS_FOR_WORKERS = 1_500_000;

/**
 * Nor on fewer cores than this. On two, since plain Markdown is read by markdown-it (several times faster than
 * micromark), a parse worker no longer shortens the parse: its start (220–315 ms, loading the pipeline cold) and a
 * second cold JIT cost what it saves, and the second core is better left to V8's background thread, the kernel's file
 * creation and the search index's worker. `npm run bench:threads` on this 2-core machine (2026-11-25 10:03 UTC, load
 * 2.3–3.6, medians of two alternating runs): 2,000 pages cold 4.73 s and 7.33 s of CPU on one thread against 5.11 s
 * and 8.88 s on two (one thread won in both orders); 10,000 pages 23.15 against 23.12 s, 35.5 against 40.2 s of CPU,
 * 1.64 against 2.22 GB.
 */
const MIN_CORES_FOR_WORKERS = 3;

export interface ParseManyOptions {
  config: SiteConfig;
  routesByDocsPath: Map<string, string>;
  /** The processor of this thread, for small batches (a rebuild in `serve`). */
  processor: () => MarkdownProcessor;
  /** Exactly this many threads (this one included), whatever the size and cores; by default chosen from cores and size. */
  threads?: number;
  /** The site's root folder, for MDX imports. */
  root?: string;
}

/** Threads that parse `chars` of Markdown on a machine with `cores` when no count is asked for (this one included). */
export function defaultParseThreads(chars: number, cores: number): number {
  return chars >= MIN_MARKDOWN_CHARS_FOR_WORKERS && cores >= MIN_CORES_FOR_WORKERS ? Math.min(cores, 4) : 1;
}

/** Parses docs in order: on every core when there are many and cores to spare (Markdown parsing is CPU-bound), here otherwise. */
export async function parseMany(docs: DocSource[], { config, routesByDocsPath, processor, threads, root }: ParseManyOptions): Promise<ParsedDoc[]> {
  const chars = docs.reduce((sum, doc) => sum + doc.body.length, 0);
  const cores = Math.min(threads ?? defaultParseThreads(chars, availableParallelism()), docs.length);
  let local: MarkdownProcessor | undefined;
  const parseHere = (doc: DocSource) => parseDoc(doc, { config, processor: (local ??= processor()), routesByDocsPath, root });
  if (cores < 2) return parseEach(docs, parseHere);

  const result: ParsedDoc[] = new Array(docs.length);
  const failures: { index: number; error: DocsgenError }[] = [];
  const batches = batchesBySize(docs);
  // A function cannot be sent to a worker, and parsing does not need the edit URL.
  const setup: ParseSetup = { config: { ...config, editUrl: undefined }, routesByDocsPath: [...routesByDocsPath], root };
  const workers = Array.from({ length: cores - 1 }, () =>
    shareWithWorker({
      setup,
      docs,
      batches,
      receive: (index, reply) => {
        if ('doc' in reply) result[index] = { ...reply.doc, source: docs[index] };
        else failures.push({ index, error: new DocsgenError(reply.message, { location: reply.location, hint: reply.hint, details: reply.details }) });
      },
    }),
  );
  const unexpected: unknown[] = [];
  // This thread takes batches from the same queue as the workers, and lets their messages in between its batches.
  for (let batch = batches.next(); !batch.done; batch = batches.next()) {
    for (const index of batch.value) {
      try {
        result[index] = parseHere(docs[index]);
      } catch (error) {
        if (error instanceof DocsgenError) failures.push({ index, error });
        else unexpected.push(error);
      }
    }
    if (unexpected.length) break;
    await new Promise(setImmediate);
  }
  const settled = await Promise.allSettled(workers);
  for (const outcome of settled) if (outcome.status === 'rejected') unexpected.push(outcome.reason);
  if (unexpected.length) throw unexpected[0];
  if (failures.length) throw combineFailures(failures.sort((a, b) => a.index - b.index).map((failure) => failure.error));
  return result;
}

/** About this much Markdown goes to a thread at a time: small enough that the threads finish together, large enough to keep messages few. */
const BATCH_CHARS = 24_000;

/** The docs' indices in batches, largest docs first, so that the last batches are small and no thread is left waiting on a long one. */
function* batchesBySize(docs: DocSource[]): Generator<number[], void, undefined> {
  const bySize = docs.map((_, i) => i).sort((a, b) => docs[b].body.length - docs[a].body.length);
  let batch: number[] = [];
  let size = 0;
  for (const index of bySize) {
    batch.push(index);
    size += docs[index].body.length + 500;
    if (size >= BATCH_CHARS) {
      yield batch;
      batch = [];
      size = 0;
    }
  }
  if (batch.length) yield batch;
}

/**
 * A worker parses batches from the shared queue until it is empty. It always holds a second batch, so that it never
 * waits for this thread, which hands out batches only between its own.
 */
function shareWithWorker({ setup, docs, batches, receive }: { setup: ParseSetup; docs: DocSource[]; batches: Generator<number[], void, undefined>; receive: (index: number, reply: ParsedInWorker) => void }): Promise<void> {
  const worker = new Worker(workerFile('parse-worker'), { workerData: setup });
  return new Promise<void>((resolve, reject) => {
    let inFlight = 0;
    const sendNext = (): void => {
      const batch = batches.next();
      if (batch.done) return;
      inFlight++;
      worker.postMessage(batch.value.map((index): ParseRequest => ({ index, doc: docs[index] })));
    };
    worker.on('message', (reply: ParseReply) => {
      if ('crashed' in reply) {
        void worker.terminate();
        reject(new DocsgenError(reply.crashed));
        return;
      }
      for (const { index, ...parsed } of reply.parsed) receive(index, parsed);
      inFlight--;
      sendNext();
      if (inFlight === 0) void worker.terminate().then(() => resolve());
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (inFlight > 0) reject(new Error(`a parse worker stopped (exit code ${code}) before answering`));
    });
    sendNext();
    sendNext();
    if (inFlight === 0) void worker.terminate().then(() => resolve());
  });
}

/**
 * Parses every doc even when some fail, so that one broken or hostile file does not hide the others' problems: the
 * first failure is thrown with the rest as its details. Lets other work in between, every few milliseconds: what the
 * build started beside the parse (the site's React pages bundled by esbuild, `git log` for the last updates, the
 * output's files made by a worker) finishes meanwhile instead of after it; a cold build of 206 pages waited 8 ms for the
 * theme after parsing on one thread, 0 this way.
 */
async function parseEach<T>(docs: DocSource[], parse: (doc: DocSource) => T): Promise<T[]> {
  const failures: DocsgenError[] = [];
  const parsed: T[] = [];
  let since = performance.now();
  for (const doc of docs) {
    try {
      parsed.push(parse(doc));
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      failures.push(error);
      parsed.push(undefined as T);
    }
    if (performance.now() - since > YIELD_EVERY_MS) {
      await new Promise(setImmediate);
      since = performance.now();
    }
  }
  if (failures.length) throw combineFailures(failures);
  return parsed;
}

/** How long the parse runs before it lets other work in. */
const YIELD_EVERY_MS = 10;

function combineFailures(failures: DocsgenError[]): DocsgenError {
  const [first, ...others] = failures;
  if (!others.length) return first;
  return new DocsgenError(first.message, {
    location: first.location,
    hint: first.hint,
    // A doc's failure may carry details of its own (other problems of the same doc): kept with it.
    details: [...first.details, ...others.flatMap((failure) => [failure.format().split('\n')[0], ...failure.details])],
    cause: first.cause,
  });
}
