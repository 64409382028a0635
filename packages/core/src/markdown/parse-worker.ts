import { parentPort, workerData } from 'node:worker_threads';
import type { SiteConfig } from '../config/schema.js';
import type { DocSource } from '../content/scan-content.js';
import { DocsgenError } from '../errors.js';
import { createCodeHighlighter } from './highlighter.js';
import { createMarkdownProcessor, parseDoc, type ParsedDoc } from './parse-docs.js';

/** What a parse worker starts with: what parsing any doc needs. */
export interface ParseSetup {
  config: SiteConfig;
  routesByDocsPath: [string, string][];
  root?: string;
}

/** One doc of a batch the pool sends, with its index among the build's docs. */
export interface ParseRequest {
  index: number;
  doc: DocSource;
}

/** A doc parsed, or why it could not be. */
export type ParsedInWorker = { doc: Omit<ParsedDoc, 'source'> } | { message: string; location?: DocsgenError['location']; hint?: string; details?: string[] };

/** The answer to a batch: each doc's outcome; or, on an error that is not the doc's (a bug), only its message. */
export type ParseReply = { parsed: (ParsedInWorker & { index: number })[] } | { crashed: string };

const setup = workerData as ParseSetup;
const processor = createMarkdownProcessor(createCodeHighlighter(), setup.config.markdown);
const routesByDocsPath = new Map(setup.routesByDocsPath);

parentPort!.on('message', (batch: ParseRequest[]) => {
  let reply: ParseReply;
  try {
    reply = { parsed: batch.map(({ index, doc }) => ({ index, ...parseOne(doc) })) };
  } catch (error) {
    reply = { crashed: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});

function parseOne(doc: DocSource): ParsedInWorker {
  try {
    const { source: _source, ...parsed } = parseDoc(doc, { config: setup.config, processor, routesByDocsPath, root: setup.root });
    return { doc: parsed };
  } catch (error) {
    if (!(error instanceof DocsgenError)) throw error;
    return { message: error.message, location: error.location, hint: error.hint, details: error.details };
  }
}
