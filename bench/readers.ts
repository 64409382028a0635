/**
 * `node --import tsx bench/readers.ts`: what the features for readers cost on the 2,000-page corpus.
 * - last updated: ONE `git log` over the docs folder (what the build runs) against one `git log -1` per file
 *   (how Docusaurus does it), in a git repository of the corpus with a history of 20 commits;
 * - the Markdown copy: writing every doc's tree back to Markdown, against parsing the docs (CPU time).
 * Env: READERS_PAGES=2000. Writes bench/results-readers.json.
 */
import { execFile, execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Root } from 'mdast';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { readFrontMatter } from '../packages/core/src/content/front-matter.js';
import { readLastChanges } from '../packages/core/src/content/last-updated.js';
import { normalizeAdmonitionSyntax, remarkAdmonitions } from '../packages/core/src/markdown/admonitions.js';
import { rememberSource } from '../packages/core/src/markdown/markdown-as-written.js';
import { writeMarkdownCopy } from '../packages/core/src/markdown/markdown-copy.js';
import { writeCorpus } from './corpus.js';
import { thisMachine } from './lib/machine.js';

const pages = Number(process.env.READERS_PAGES ?? 2000);
const runs = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const dir = path.join(os.tmpdir(), `docsgen-readers-bench-${pages}`);

const files = (await writeCorpus({ pages, dir })).map((id) => `docs/${id}.md`);
const git = (args: string[], env: Record<string, string> = {}) =>
  execFileSync('git', ['-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', ...env } });
git(['init', '-q']);
// A history: 20 commits, each changing a different twentieth of the docs (touched by an appended line), by different authors.
for (let commit = 0; commit < 20; commit++) {
  const share = files.filter((_, i) => i % 20 === commit);
  if (commit > 0) await Promise.all(share.map(async (file) => writeFile(path.join(dir, file), (await readFile(path.join(dir, file), 'utf8')) + `\n修订 ${commit}。\n`)));
  git(['add', '-A']);
  const date = new Date(Date.UTC(2025, 0, 1 + commit)).toISOString();
  git(['commit', '-q', '-m', `edit ${commit}`], { GIT_AUTHOR_NAME: `作者${commit % 5}`, GIT_COMMITTER_NAME: `作者${commit % 5}`, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
}

// What the scan reads with each doc; every doc here is committed, so git gives them all.
const modified = new Map(files.map((file) => [file, statSync(path.join(dir, file)).mtime]));
const onePass: number[] = [];
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  const changes = await readLastChanges(dir, modified, 'docs');
  onePass.push(performance.now() - start);
  if (changes.size !== files.length || [...changes.values()].some((change) => !change.author)) throw new Error('not every doc got its last commit');
}

// The per-file way, with as many processes at once as there are cores.
const run = promisify(execFile);
const perFileStart = performance.now();
const queue = [...files];
await Promise.all(
  Array.from({ length: os.availableParallelism() }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) await run('git', ['log', '-1', '--format=%ct,%an', '--', file], { cwd: dir });
  }),
);
const perFile = performance.now() - perFileStart;

// The Markdown copy against parsing: the same syntax extensions as the build's processor.
const processor = unified().use(remarkParse).use(remarkGfm, { tablePipeAlign: false }).use(remarkCjkFriendly).use(remarkDirective).use(remarkAdmonitions).freeze();
const syntaxExtensions = (processor.data() as { toMarkdownExtensions?: [] }).toMarkdownExtensions ?? [];
const bodies = await Promise.all(files.map(async (file) => normalizeAdmonitionSyntax(readFrontMatter(await readFile(path.join(dir, file), 'utf8'), file).body)));
// CPU time of this process, not wall time: the figures hold on a machine shared with other work.
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const parseTimes: number[] = [];
const copyTimes: number[] = [];
for (let i = 0; i < 3; i++) {
  let parse = 0;
  let copy = 0;
  for (const body of bodies) {
    const start = process.cpuUsage();
    const parsedTree = processor.parse(body);
    const source = rememberSource(parsedTree, body);
    const tree = processor.runSync(parsedTree) as Root;
    parse += cpuMs(start);
    const copyStart = process.cpuUsage();
    writeMarkdownCopy(tree, { pageUrl: 'https://docs.example.com/docscenter/docs/a/', syntaxExtensions, source });
    copy += cpuMs(copyStart);
  }
  parseTimes.push(parse);
  copyTimes.push(copy);
}

const results = {
  date: new Date().toISOString(),
  machine: thisMachine(),
  pages: files.length,
  commits: 20,
  lastUpdatedOneGitLogMs: { median: Math.round(median(onePass)), runs: onePass.map(Math.round) },
  lastUpdatedGitLogPerFileMs: Math.round(perFile),
  markdownParseCpuMs: Math.round(median(parseTimes)),
  markdownCopyCpuMs: Math.round(median(copyTimes)),
};
console.table({
  'last updated, one git log (build)': `${results.lastUpdatedOneGitLogMs.median} ms (median of ${runs})`,
  'last updated, git log per file (Docusaurus way)': `${results.lastUpdatedGitLogPerFileMs} ms`,
  'Markdown parse (micromark + GFM + directives), CPU': `${results.markdownParseCpuMs} ms`,
  'Markdown copy (blocks as written + mdast-util-to-markdown), CPU': `${results.markdownCopyCpuMs} ms`,
});
await writeFile(new URL('./results-readers.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');
await rm(dir, { recursive: true, force: true });
