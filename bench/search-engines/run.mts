/**
 * Relevance and weight of our search against Pagefind (its extended build, which segments Chinese) and
 * MiniSearch (VitePress's local search: its default tokenizer, and an Intl.Segmenter one), on this site's
 * docs: the queries of test/fixtures/search-queries.json and search-queries-extra.json, each with the pages
 * a person would accept. Prints top-1, top-5, MRR (rank within the first 10), index bytes and the bytes a
 * first query transfers; writes bench/results-search.json. Installs the engines into bench/search-engines/
 * on first use only (never from the root `npm install`).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildSearchIndex } from '../../packages/core/src/search/build-search-index.js';
import { loadConfig } from '../../packages/core/src/config/load-config.js';
import { createSearchEngine } from '../../theme/client/search-engine.js';
import { launchBrowser } from '../../test/helpers/browser.js';
import { memoryIndex, parseSiteDocs, repoRoot } from '../../test/helpers/search-docs.js';
import { startStaticServer } from '../../test/helpers/static-server.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
if (!existsSync(path.join(HERE, 'node_modules', '.package-lock.json'))) {
  console.log('installing pagefind and minisearch into bench/search-engines (npm ci)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: HERE, stdio: ['ignore', 'inherit', 'inherit'] });
}
const { default: MiniSearch } = await import(path.join(HERE, 'node_modules/minisearch/dist/es/index.js'));

interface Query {
  query: string;
  expect: string[];
}
const load = (name: string) => JSON.parse(readFileSync(path.join(repoRoot, 'test/fixtures', name), 'utf8')) as Query[];
const sets = { original: load('search-queries.json'), extra: load('search-queries-extra.json') };
const queries = [...sets.original, ...sets.extra];
const { docs, baseUrl } = await parseSiteDocs();
const { config } = await loadConfig(repoRoot);
const published = docs.filter((doc) => !doc.source.frontMatter.draft && !doc.source.frontMatter.unlisted);
const idByRoute = new Map(published.map((doc) => [doc.source.route, doc.source.id]));
const missing = queries.flatMap((q) => q.expect.filter((id) => ![...idByRoute.values()].includes(id)).map((id) => `${q.query} → ${id}`));
if (missing.length) throw new Error(`expected pages that do not exist:\n${missing.join('\n')}`);
const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

type Ranker = (query: string) => Promise<string[]>;
interface EngineFigures {
  engine: string;
  top1: number;
  top5: number;
  mrr: number;
  /** All the engine's index files, gzip; split below into postings (the search index proper) and page files (excerpts, titles). */
  indexBytes: number;
  postingsBytes: number;
  pageFileBytes: number;
  firstQueryBytes: number;
  misses: string[];
}

type Bytes = Pick<EngineFigures, 'indexBytes' | 'postingsBytes' | 'pageFileBytes' | 'firstQueryBytes'>;

async function score(engine: string, rank: Ranker, bytes: Bytes): Promise<EngineFigures> {
  let top1 = 0;
  let top5 = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const q of queries) {
    const ids = (await rank(q.query)).slice(0, 10);
    const at = ids.findIndex((id) => q.expect.includes(id));
    if (at === 0) top1++;
    if (at >= 0 && at < 5) top5++;
    if (at >= 0) reciprocal += 1 / (at + 1);
    if (at < 0 || at >= 5) misses.push(`${q.query} → ${ids.slice(0, 3).join(', ') || 'nothing'}`);
  }
  const n = queries.length;
  return { engine, top1: top1 / n, top5: top5 / n, mrr: reciprocal / n, ...bytes, misses };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const SAMPLE = queries.slice(0, 30).map((q) => q.query);

// Ours: the index as the build writes it, read in memory; bytes as a first dropdown query (8 results) transfers them.
async function ours(name: string, search: { synonyms: string[][]; dictionary: string[] }): Promise<EngineFigures> {
  const index = memoryIndex(buildSearchIndex({ docs, baseUrl, ...search }));
  const gzipped = new Map([...index.files].map(([name, text]) => [name, gz(text)]));
  const firsts: number[] = [];
  for (const query of SAMPLE) {
    const fresh = memoryIndex(buildSearchIndex({ docs, baseUrl, ...search }));
    await createSearchEngine(fresh.read, fresh.metaFile).search(query, { limit: 8 });
    firsts.push(fresh.requested.reduce((sum, name) => sum + gzipped.get(name)!, 0));
  }
  const engine = createSearchEngine(index.read, index.metaFile);
  const rank: Ranker = async (query) => (await engine.search(query, { limit: 10 })).hits.map((hit) => idByRoute.get(hit.route)!);
  const sum = (prefix: string) => [...gzipped].filter(([file]) => file.startsWith(prefix)).reduce((a, [, bytes]) => a + bytes, 0);
  // The meta file (shard starts, synonyms) belongs with the postings; the titles and the page files (sections) are the page files.
  return score(name, rank, { indexBytes: sum(''), postingsBytes: sum('t.') + sum('meta'), pageFileBytes: sum('p.') + sum('titles'), firstQueryBytes: median(firsts) });
}

// MiniSearch as VitePress configures it (fuzzy 0.2, prefix, title boosted), one document per page.
async function miniSearch(name: string, tokenize?: (text: string) => string[]): Promise<EngineFigures> {
  const search = new MiniSearch({ fields: ['title', 'headings', 'text'], storeFields: ['title'], idField: 'route', ...(tokenize ? { tokenize } : {}), searchOptions: { fuzzy: 0.2, prefix: true, boost: { title: 4, headings: 2, text: 1 }, ...(tokenize ? { tokenize } : {}) } });
  search.addAll(published.map((doc) => ({ route: doc.source.route, title: doc.title, headings: doc.sections.map((s) => s.heading ?? '').join('\n'), text: [doc.description, ...doc.sections.map((s) => s.text)].join('\n') })));
  // VitePress ships the serialised index as one file: a first query loads all of it.
  const bytes = gz(JSON.stringify(search));
  const rank: Ranker = async (query) => (search.search(query) as { id: string }[]).map((hit) => idByRoute.get(hit.id)!);
  // Its one file is postings and field lengths, plus the stored titles; no excerpts.
  return score(name, rank, { indexBytes: bytes, postingsBytes: bytes, pageFileBytes: 0, firstQueryBytes: bytes });
}
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const segment = (text: string) => [...segmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment.toLowerCase());

// Pagefind: its extended binary indexes the built site (doc article only); queries run in Chromium through pagefind.js.
async function pagefind(): Promise<EngineFigures> {
  const out = path.join(repoRoot, 'bench/.out/search-site');
  await rm(out, { recursive: true, force: true });
  execFileSync(process.execPath, ['bin/docsgen.js', 'build', '--out', out], { cwd: repoRoot, stdio: 'ignore' });
  const binary = path.join(HERE, 'node_modules/@pagefind/linux-x64/bin/pagefind_extended');
  execFileSync(binary, ['--site', out, '--root-selector', 'article.doc-article', '--force-language', 'zh'], { stdio: 'ignore' });
  const transfer = async (file: string) => {
    const body = await readFile(file);
    // Pagefind's index files are already compressed; its scripts and JSON are served gzipped like ours.
    return /\.(js|json|css)$/.test(file) ? gz(body) : body.length;
  };
  let indexBytes = 0;
  let postingsBytes = 0;
  let pageFileBytes = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (!/ui|component|highlight/.test(entry.name)) {
        const bytes = await transfer(file);
        indexBytes += bytes;
        // index/*.pf_index and the .pf_meta are its postings; fragment/*.pf_fragment its page files (text, excerpts); the rest its code (JS, WebAssembly).
        if (/\.pf_(index|meta)$/.test(entry.name)) postingsBytes += bytes;
        if (entry.name.endsWith('.pf_fragment')) pageFileBytes += bytes;
      }
    }
  };
  await walk(path.join(out, 'pagefind'));
  const server = await startStaticServer(out, baseUrl);
  const browser = await launchBrowser();
  try {
    const open = async () => {
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('requestfinished', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith(baseUrl + 'pagefind/')) requested.push(url.pathname.slice(baseUrl.length));
      });
      await page.goto(server.url + 'robots.txt');
      await page.evaluate(async (base) => {
        const w = window as unknown as { pf: { init(): Promise<void> } };
        w.pf = await import(base + 'pagefind/pagefind.js');
        await w.pf.init();
      }, baseUrl);
      return { page, requested };
    };
    const run = (page: Awaited<ReturnType<typeof open>>['page'], query: string, count: number) =>
      page.evaluate(
        async ([q, n]) => {
          const pf = (window as unknown as { pf: { search(q: string): Promise<{ results: { data(): Promise<{ url: string }> }[] }> } }).pf;
          const found = await pf.search(q as string);
          return Promise.all(found.results.slice(0, n as number).map(async (result) => (await result.data()).url));
        },
        [query, count],
      );
    const firsts: number[] = [];
    for (const query of SAMPLE) {
      const fresh = await open();
      await run(fresh.page, query, 8);
      let sum = 0;
      for (const file of fresh.requested) sum += await transfer(path.join(out, file));
      firsts.push(sum);
      await fresh.page.close();
    }
    const { page } = await open();
    const rank: Ranker = async (query) => (await run(page, query, 10)).map((url) => idByRoute.get(url.replace(/index\.html$/, ''))!);
    return await score('Pagefind 1.6 (extended)', rank, { indexBytes, postingsBytes, pageFileBytes, firstQueryBytes: median(firsts) });
  } finally {
    await browser.close();
    await server.close();
  }
}

const results = [
  await ours('docsgen', config.search),
  // The other engines get no synonyms: this row shows what the site's synonym groups add.
  await ours('docsgen without the synonyms of site.config.ts', { synonyms: [], dictionary: config.search.dictionary }),
  await pagefind(), await miniSearch('MiniSearch, default tokenizer'), await miniSearch('MiniSearch, Intl.Segmenter', segment)];
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`\n${queries.length} queries (${sets.original.length} + ${sets.extra.length} new), ${published.length} pages\n`);
console.log('| engine | top-1 | top-5 | MRR | postings (gzip) | page files: excerpts, titles | all index files | first query (median of 30) |\n|---|--:|--:|--:|--:|--:|--:|--:|');
for (const r of results) console.log(`| ${r.engine} | ${pct(r.top1)} | ${pct(r.top5)} | ${r.mrr.toFixed(3)} | ${kb(r.postingsBytes)} | ${kb(r.pageFileBytes)} | ${kb(r.indexBytes)} | ${kb(r.firstQueryBytes)} |`);
for (const r of results) console.log(`\n${r.engine}: ${r.misses.length} not in the top 5\n  ${r.misses.join('\n  ')}`);
writeFileSync(path.join(repoRoot, 'bench/results-search.json'), JSON.stringify({ queries: queries.length, pages: published.length, loadAverage: loadavg(), results }, null, 2) + '\n');
await stat(path.join(repoRoot, 'bench/results-search.json'));
