import fg from 'fast-glob';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { openParseCache } from '../cache/parse-cache.js';
import type { SiteConfig } from '../config/schema.js';
import type { ContentSource, DocSource } from '../content/scan-content.js';
import { hash } from '../hash.js';
import { holdHeapGrowthFor } from '../memory.js';
import type { RouteTable } from '../site/build-routes.js';
import { bundleFingerprint } from '../worker-file.js';
import { createCodeHighlighter } from './highlighter.js';
import { createMarkdownProcessor, parseDoc, type MarkdownProcessor, type ParsedDoc } from './parse-docs.js';
import { parseMany } from './parse-pool.js';

/** Parsed docs kept in memory by `serve` between rebuilds, with the processor that parsed them. */
export interface ParsedDocMemory {
  processor?: MarkdownProcessor;
  parsed: Map<string, { key: string; doc: ParsedDoc }>;
  /** Left by a build that parsed nothing before the processor was made: parses one doc to make it and warm the parse up (readyForEdits). */
  warmUp?: () => void;
}

export interface ParseStageOptions {
  content: ContentSource;
  routes: RouteTable;
  config: SiteConfig;
  /** The site's root folder, where MDX imports (partials, site components) are read from. */
  root: string;
  memory: ParsedDocMemory;
  /** The persistent cache folder (`node_modules/.cache/docsgen`), when the build uses one. */
  cacheDir?: string;
  /** Parsing threads; by default one per core (up to four) on sites large enough to pay for starting them, given three cores or more. */
  threads?: number;
}

export interface ParsedDocs {
  /** In the order of `content.docs`. */
  docs: ParsedDoc[];
  /** Each doc's content key by file: what its parse and its page's body depend on. */
  keyByFile: Map<string, string>;
  /** How many docs were parsed in this build rather than served from memory or the disk cache. */
  parsedCount: number;
  /** Resolves once the docs parsed in this build are in the disk cache (written while the build goes on). */
  stored: Promise<void>;
}

/**
 * The Markdown stage: each doc is served from memory (`serve`), else from the disk cache, else parsed (on
 * worker threads for large sites); what was parsed goes back to both caches.
 */
export async function parseStage({ content, routes, config, root, memory, cacheDir, threads }: ParseStageOptions): Promise<ParsedDocs> {
  const disk = cacheDir ? openParseCache(cacheDir) : undefined;
  const keyOf = docKeyer({ config, routes, importables: await importableFilesStamp(root, content.partials) });
  const keys = content.docs.map(keyOf);
  const keyByFile = new Map(content.docs.map((doc, i) => [doc.file, keys[i]]));
  const notInMemory = content.docs.map((_, i) => i).filter((i) => memory.parsed.get(content.docs[i].file)?.key !== keys[i]);
  const processor = () => (memory.processor ??= createMarkdownProcessor(createCodeHighlighter(), config.markdown));
  const parseOptions = { config, root, routesByDocsPath: routes.routesByDocsPath };
  const fromDisk = disk
    ? await disk.load(notInMemory.map((i) => keys[i]), notInMemory.map((i) => content.docs[i]), (source) => parseDoc(source, { ...parseOptions, processor: processor() }))
    : new Map<string, ParsedDoc>();
  const toParse = notInMemory.filter((i) => !fromDisk.has(keys[i]));
  holdHeapGrowthFor(toParse.length);
  const fresh = await parseMany(toParse.map((i) => content.docs[i]), { ...parseOptions, threads, processor });
  toParse.forEach((i, j) => memory.parsed.set(content.docs[i].file, { key: keys[i], doc: fresh[j] }));
  for (const i of notInMemory) {
    const cached = fromDisk.get(keys[i]);
    if (cached) memory.parsed.set(content.docs[i].file, { key: keys[i], doc: cached });
  }
  memory.warmUp = toParse.length === 0 && !memory.processor && content.docs.length ? () => parseDoc(content.docs[0], { ...parseOptions, processor: processor() }) : undefined;
  const stored = disk ? disk.store(fresh.map((doc, j) => [keys[toParse[j]], doc])) : Promise.resolve();
  // Awaited at the end of the build; until then a failure must not count as unhandled.
  stored.catch(() => undefined);
  return { docs: content.docs.map((doc) => memory.parsed.get(doc.file)!.doc), keyByFile, parsedCount: fresh.length, stored };
}

/**
 * Readies a process that keeps its parsed docs between builds (`build --watch`) for the first edit, once the process is
 * idle, when its build parsed nothing (every doc came from the disk cache): one doc is parsed and the result dropped,
 * which makes the Markdown processor, compiles the grammars of that doc's code, loads the word segmenter's dictionary and
 * has V8 compile the parse's code, all of which the first edit's parse paid for (47 ms of the first rebuild's parse,
 * against 17 ms of the third's, in a profile at 206 pages). It takes about 40 ms after the first build. 16 pairs of
 * processes at 206 pages, with and without it, each timing its first edit from the save to its report: first edits
 * 249 → 230 ms in the median, the one readied faster in 10 pairs and slower in 5, by 17.5 ms in the median pair. A doc
 * that fails here failed no build (it came from the cache): the edit's own parse reports whatever it finds.
 */
export function readyForEdits(memory: ParsedDocMemory): void {
  const warmUp = memory.warmUp;
  memory.warmUp = undefined;
  if (!warmUp) return;
  setImmediate(() => {
    try {
      warmUp();
    } catch {
      // Reported by the build that parses the doc for real.
    }
  });
}

/** Forgets docs that no longer exist. */
export function pruneParsedDocs(memory: ParsedDocMemory, content: ContentSource): void {
  const files = new Set(content.docs.map((doc) => doc.file));
  for (const file of memory.parsed.keys()) if (!files.has(file)) memory.parsed.delete(file);
}

/**
 * A doc's key covers everything its parse reads: the parser's own code (with every plugin and grammar it
 * bundles), the config, the doc's file, its bytes and the code that read its front matter and body from them
 * (the CLI's: hashing the bytes, not the text, spares decoding the docs that are not parsed again), its route and
 * the routes its links resolve to.
 */
function docKeyer({ config, routes, importables }: { config: SiteConfig; routes: RouteTable; importables: string }): (doc: DocSource) => string {
  const code = bundleFingerprint('parse-worker') + '\0' + bundleFingerprint('cli');
  const shared = hash(code + '\0' + JSON.stringify(config) + '\0' + [...routes.routesByDocsPath].join('\n') + '\0' + importables);
  return (doc) => hash([shared, doc.file, doc.route, doc.contentHash].join('\0'));
}

/**
 * What MDX docs may import and inline: partials of the docs folder (content/scan-content.ts) and the site's components
 * under `src/`. Their names, sizes and times go into every key, so editing one parses the docs again.
 */
async function importableFilesStamp(root: string, partials: string[]): Promise<string> {
  const [partialStats, components] = await Promise.all([
    Promise.all(partials.map(async (file) => ({ path: file, stats: await stat(path.join(root, file)).catch(() => undefined) }))),
    fg('src/**/*.{js,jsx,ts,tsx,md,mdx,css}', { cwd: root, stats: true, ignore: ['**/node_modules/**'] }),
  ]);
  return [...partialStats, ...components].map((entry) => `${entry.path}:${entry.stats?.mtimeMs}:${entry.stats?.size}`).sort().join('\n');
}
