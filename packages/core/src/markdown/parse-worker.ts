import { parentPort, workerData } from 'node:worker_threads';
import type { SiteConfig } from '../config/schema.js';
import type { DocSource } from '../content/scan-content.js';
import { DocsgenError } from '../errors.js';
import { createCodeHighlighter } from './highlighter.js';
import { createMarkdownProcessor, parseDoc, type ParsedDoc } from './parse-docs.js';
import { parseEach } from './parse-pool.js';

/** What the parse pool sends a worker: a share of the docs and what parsing them needs. */
export interface ParseJob {
  docs: DocSource[];
  config: SiteConfig;
  routesByDocsPath: [string, string][];
}

/** A worker's answer: the parsed docs, or the first error with its location. */
export type ParseReply = { ok: true; docs: Omit<ParsedDoc, 'source'>[] } | { ok: false; message: string; location?: DocsgenError['location']; hint?: string; details?: string[] };

const job = workerData as ParseJob;
const processor = createMarkdownProcessor(createCodeHighlighter());
const routesByDocsPath = new Map(job.routesByDocsPath);
let reply: ParseReply;
try {
  reply = {
    ok: true,
    docs: parseEach(job.docs, (doc) => {
      const { source: _source, ...parsed } = parseDoc(doc, { config: job.config, processor, routesByDocsPath });
      return parsed;
    }),
  };
} catch (error) {
  reply = error instanceof DocsgenError ? { ok: false, message: error.message, location: error.location, hint: error.hint, details: error.details } : { ok: false, message: (error as Error).message };
}
parentPort!.postMessage(reply);
