// What each part of the Markdown stage costs: CPU time (this thread, user + system) per pass over a site's docs,
// the median of ROUNDS passes (BENCH_ROUNDS, 5 by default) after a warm-up pass. `npm run bench:parse -- <site folder>` (default: this site).
// Each unified plugin's transformer is timed inside the real pipeline; the parser's extensions are timed by parsing
// the same bodies with remark-parse alone and with one extension at a time.
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type Plugin } from 'unified';
import { loadConfig } from '../packages/core/src/config/load-config.js';
import { readFrontMatter } from '../packages/core/src/content/front-matter.js';
import { readUtf8 } from '../packages/core/src/content/read-text.js';
import { scanContent } from '../packages/core/src/content/scan-content.js';
import { normalizeAdmonitionSyntax } from '../packages/core/src/markdown/admonitions.js';
import { assertWithinLimits } from '../packages/core/src/markdown/document-limits.js';
import { createCodeHighlighter } from '../packages/core/src/markdown/highlighter.js';
import { createMarkdownProcessor, parseDoc } from '../packages/core/src/markdown/parse-docs.js';
import { buildRoutes } from '../packages/core/src/site/build-routes.js';
import path from 'node:path';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const site = path.resolve(process.argv[2] ?? '.');
const loaded = await loadConfig(site);
const { config, root } = loaded;
const content = await scanContent({ root, config, includeDrafts: false });
const routes = buildRoutes(content);
const sources = await Promise.all(content.docs.map((doc) => readUtf8(path.join(root, doc.file), doc.file)));
const bodies = content.docs.map((doc) => normalizeAdmonitionSyntax(doc.body));

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
let pass = new Map<string, number>();
const charge = (part: string, ms: number) => pass.set(part, (pass.get(part) ?? 0) + ms);

/**
 * Times the site's real pipeline, every variant parseDoc picks (MDX or not, with or without literal autolinks): the
 * variants are built inside parse-docs.ts the first time a doc needs them, so unified's processors are instrumented
 * where every one of them passes, at freeze (each transformer wrapped) and in parse and stringify. Only processors
 * frozen and run while `timing` is on are charged, which leaves the "parser alone" processors below untimed.
 */
let timing = false;
/** How many docs each front end read (fast-parse/), over every pass. */
const readBy = new Map<string, number>();
function timeEveryPipeline(): void {
  type Attacher = [Plugin<unknown[]>, ...unknown[]];
  type Instrumented = { attachers: Attacher[]; frozen?: boolean; freeze(): unknown; parse(file: unknown): unknown; stringify(tree: unknown, file: unknown): unknown };
  const prototype = Object.getPrototypeOf(unified) as Instrumented;
  const { freeze, parse, stringify } = prototype;
  prototype.freeze = function (this: Instrumented) {
    if (timing && !this.frozen) this.attachers = this.attachers.map(([plugin, ...options]) => [timedPlugin(plugin), ...options]);
    return freeze.call(this);
  };
  prototype.parse = function (this: Instrumented, file: unknown) {
    return timed('parse: Markdown to mdast (markdown-it, micromark where it cannot be reproduced)', () => {
      const tree = parse.call(this, file);
      const parser = (file as { data?: { markdownParser?: string } }).data?.markdownParser;
      if (timing && parser) readBy.set(parser, (readBy.get(parser) ?? 0) + 1);
      return tree;
    });
  };
  prototype.stringify = function (this: Instrumented, tree: unknown, file: unknown) {
    return timed('compile: hast to HTML', () => stringify.call(this, tree, file));
  };
}

function timed<T>(part: string, work: () => T): T {
  if (!timing) return work();
  const start = cpuMs();
  const result = work();
  charge(part, cpuMs() - start);
  return result;
}

function timedPlugin(plugin: Plugin<unknown[]>): Plugin<unknown[]> {
  return function (this: unknown, ...args: unknown[]): never {
    const transformer = (plugin as (...a: unknown[]) => unknown).apply(this, args);
    if (typeof transformer !== 'function') return transformer as never;
    // Two parameters: a third would make unified wait for a callback.
    return ((tree: unknown, file: unknown) => timed(`transform: ${plugin.name}`, () => transformer(tree, file))) as never;
  };
}

timeEveryPipeline();
const processor = createMarkdownProcessor(createCodeHighlighter(), config.markdown);
const parsers = {
  'parser alone: CommonMark': unified().use(remarkParse),
  'parser alone: + GFM': unified().use(remarkParse).use(remarkGfm),
  'parser alone: + directives': unified().use(remarkParse).use(remarkDirective),
  'parser alone: + CJK-friendly emphasis': unified().use(remarkParse).use(remarkCjkFriendly),
};
const passes: Map<string, number>[] = [];
for (let round = 0; round <= ROUNDS; round++) {
  pass = new Map();
  let start = cpuMs();
  content.docs.forEach((doc, i) => readFrontMatter(sources[i], doc.file));
  charge('front matter (gray-matter, yaml, zod)', cpuMs() - start);
  start = cpuMs();
  for (const doc of content.docs) assertWithinLimits(doc.body, doc.file, doc.bodyLine);
  charge('document limits', cpuMs() - start);
  start = cpuMs();
  timing = true;
  for (const doc of content.docs) parseDoc(doc, { config, processor, routesByDocsPath: routes.routesByDocsPath, root });
  timing = false;
  charge('parseDoc, everything', cpuMs() - start);
  for (const [name, parser] of Object.entries(parsers)) {
    start = cpuMs();
    for (const body of bodies) parser.parse(body);
    charge(name, cpuMs() - start);
  }
  if (round > 0) passes.push(pass);
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${content.docs.length} docs, ${bodies.reduce((sum, body) => sum + body.length, 0).toLocaleString('en')} characters of Markdown; CPU ms per pass, median of ${ROUNDS}`);
console.log(`read by: ${['markdown-it', 'micromark'].map((parser) => `${parser} ${(readBy.get(parser) ?? 0) / (ROUNDS + 1)}`).join(', ')}`);
for (const part of [...passes[0].keys()].sort((a, b) => median(passes.map((p) => p.get(b)!)) - median(passes.map((p) => p.get(a)!)))) {
  console.log(`${median(passes.map((p) => p.get(part)!)).toFixed(0).padStart(6)}  ${part}`);
}
