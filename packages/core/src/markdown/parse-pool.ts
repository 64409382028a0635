import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SiteConfig } from '../config/schema.js';
import type { DocSource } from '../content/scan-content.js';
import { DocsgenError } from '../errors.js';
import { workerFile } from '../worker-file.js';
import { parseDoc, type MarkdownProcessor, type ParsedDoc } from './parse-docs.js';
import type { ParseJob, ParseReply } from './parse-worker.js';

/**
 * Below this much Markdown, starting workers (each loads unified and the grammars, cold) costs more
 * than it saves. Measured on this 2-vCPU machine: this site (1.5 MB of Markdown, ~0.9 M characters)
 * builds in 2.8 s parsing on one thread and 3.0–3.2 s on two, because V8's compiler and collector
 * threads already keep the second core busy while the JIT is cold; the 2,000-page corpus went from
 * 26 s to 15 s.
 */
const MIN_MARKDOWN_CHARS_FOR_WORKERS = 1_500_000;

export interface ParseManyOptions {
  config: SiteConfig;
  routesByDocsPath: Map<string, string>;
  /** The processor of this thread, for small batches (a rebuild in `serve`). */
  processor: () => MarkdownProcessor;
  /** Markdown size from which workers are used; tests lower it to exercise the workers on a small site. */
  minCharsForWorkers?: number;
  /** Exactly this many threads (this one included), whatever the size; by default chosen from cores and size. */
  threads?: number;
  /** The site's root folder, for MDX imports. */
  root?: string;
}

/** Parses docs in order: on every core when there are many (Markdown parsing is CPU-bound), here otherwise. */
export async function parseMany(docs: DocSource[], { config, routesByDocsPath, processor, minCharsForWorkers = MIN_MARKDOWN_CHARS_FOR_WORKERS, threads, root }: ParseManyOptions): Promise<ParsedDoc[]> {
  const cores = Math.min(threads ?? Math.min(availableParallelism(), 4), docs.length);
  const parseHere = (share: DocSource[]) => {
    const local = processor();
    return parseEach(share, (doc) => parseDoc(doc, { config, processor: local, routesByDocsPath, root }));
  };
  const chars = docs.reduce((sum, doc) => sum + doc.body.length, 0);
  if ((threads === undefined && chars < minCharsForWorkers) || cores < 2) return parseHere(docs);
  // Shares balanced by Markdown length; this thread takes a larger one, as a worker first spends a few hundred milliseconds loading modules.
  const weights = [1.4, ...Array.from({ length: cores - 1 }, () => 1)];
  const shares: number[][] = weights.map(() => []);
  const load = weights.map(() => 0);
  const bySize = docs.map((_, i) => i).sort((a, b) => docs[b].body.length - docs[a].body.length);
  for (const i of bySize) {
    const target = load.reduce((best, value, k) => (value / weights[k] < load[best] / weights[best] ? k : best), 0);
    shares[target].push(i);
    load[target] += docs[i].body.length + 500;
  }
  const [mine, ...theirs] = shares;
  // A function cannot be sent to a worker, and parsing does not need the edit URL.
  const cloneable = { ...config, editUrl: undefined };
  const workers = theirs.map((share) => runWorker({ docs: share.map((i) => docs[i]), config: cloneable, routesByDocsPath: [...routesByDocsPath], root }));
  // A worker only starts once this thread lets it come online; parsing here first would run the shares one after the other.
  await Promise.all(workers.map((worker) => worker.online));
  const pending = Promise.allSettled(workers.map((worker) => worker.result));
  const result: ParsedDoc[] = new Array(docs.length);
  const failures: unknown[] = [];
  try {
    parseHere(mine.map((i) => docs[i])).forEach((parsed, j) => (result[mine[j]] = parsed));
  } catch (error) {
    failures.push(error);
  }
  (await pending).forEach((settled, k) => {
    if (settled.status === 'rejected') failures.push(settled.reason);
    else settled.value.forEach((doc, j) => (result[theirs[k][j]] = { ...doc, source: docs[theirs[k][j]] }));
  });
  const unexpected = failures.find((failure) => !(failure instanceof DocsgenError));
  if (unexpected) throw unexpected;
  if (failures.length) throw combineFailures(failures as DocsgenError[]);
  return result;
}

/**
 * Parses every doc even when some fail, so that one broken or hostile file does not hide the others' problems: the
 * first failure is thrown with the rest as its details.
 */
export function parseEach<T>(docs: DocSource[], parse: (doc: DocSource) => T): T[] {
  const failures: DocsgenError[] = [];
  const parsed = docs.map((doc) => {
    try {
      return parse(doc);
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      failures.push(error);
      return undefined as T;
    }
  });
  if (failures.length) throw combineFailures(failures);
  return parsed;
}

function combineFailures(failures: DocsgenError[]): DocsgenError {
  const [first, ...others] = failures;
  if (!others.length) return first;
  return new DocsgenError(first.message, {
    location: first.location,
    hint: first.hint,
    // A worker's failure already combines its share's: its details are failures of other docs, kept with it.
    details: [...first.details, ...others.flatMap((failure) => [failure.format().split('\n')[0], ...failure.details])],
    cause: first.cause,
  });
}

function runWorker(job: ParseJob): { online: Promise<void>; result: Promise<Omit<ParsedDoc, 'source'>[]> } {
  const worker = new Worker(workerFile('parse-worker'), { workerData: job });
  const online = new Promise<void>((resolve) => worker.once('online', () => resolve()));
  const result = new Promise<Omit<ParsedDoc, 'source'>[]>((resolve, reject) => {
    worker.once('message', (reply: ParseReply) => {
      void worker.terminate();
      if (reply.ok) resolve(reply.docs);
      else reject(new DocsgenError(reply.message, { location: reply.location, hint: reply.hint, details: reply.details }));
    });
    worker.once('error', reject);
  });
  // An error before 'online' settles both.
  return { online: Promise.race([online, result.then(() => undefined)]), result };
}
