import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validateConfig } from '../../../packages/core/src/config/load-config.js';
import { readFrontMatter } from '../../../packages/core/src/content/front-matter.js';
import { readLastChanges } from '../../../packages/core/src/content/last-updated.js';
import type { DocsgenError } from '../../../packages/core/src/errors.js';
import type { DocSource } from '../../../packages/core/src/content/scan-content.js';
import { docFooter } from '../../../packages/core/src/site/doc-footer.js';

let repo: string;
let outside: string;
let shims: string;
const git = (args: string[], env: Record<string, string> = {}) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', ...env } });
const commitAs = (author: string, isoDate: string, message: string) =>
  git(['commit', '-q', '-m', message], { GIT_AUTHOR_NAME: author, GIT_COMMITTER_NAME: author, GIT_AUTHOR_DATE: isoDate, GIT_COMMITTER_DATE: isoDate });

before(async () => {
  // A fixture repository: the site sits in site/ below the repository's root, as in a monorepo.
  repo = await mkdtemp(path.join(tmpdir(), 'docsgen-git-'));
  const docs = path.join(repo, 'site/content/docs');
  await mkdir(path.join(docs, '指南'), { recursive: true });
  await writeFile(path.join(docs, 'a.md'), '# A\n');
  await writeFile(path.join(docs, '指南/b.md'), '# B\n');
  await writeFile(path.join(repo, 'README.md'), 'outside the docs\n');
  git(['init', '-q']);
  git(['add', '.']);
  commitAs('张三', '2024-01-02T03:04:05Z', 'first');
  await writeFile(path.join(docs, '指南/b.md'), '# B\n\n改了。\n');
  git(['add', '.']);
  commitAs('李四', '2024-06-07T08:09:10Z', 'second');
  await writeFile(path.join(repo, 'README.md'), 'changed later, outside the docs\n');
  git(['add', '.']);
  commitAs('王五', '2025-01-01T00:00:00Z', 'third');
  // Never committed: its time is the file's.
  await writeFile(path.join(docs, 'new.md'), '# 新\n');
  await utimes(path.join(docs, 'new.md'), new Date('2025-02-03T04:05:06Z'), new Date('2025-02-03T04:05:06Z'));

  outside = await mkdtemp(path.join(tmpdir(), 'docsgen-nogit-'));
  await mkdir(path.join(outside, 'content/docs'), { recursive: true });
  await writeFile(path.join(outside, 'content/docs/a.md'), '# A\n');
  await utimes(path.join(outside, 'content/docs/a.md'), new Date('2023-03-03T03:03:03Z'), new Date('2023-03-03T03:03:03Z'));

  // A `git` first on the PATH that logs each start and runs the real one, to count processes.
  shims = await mkdtemp(path.join(tmpdir(), 'docsgen-shim-'));
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  await writeFile(path.join(shims, 'git'), `#!/bin/sh\necho "$@" >> "${shims}/calls.log"\nexec "${realGit}" "$@"\n`);
  await chmod(path.join(shims, 'git'), 0o755);
});
after(async () => {
  await Promise.all([repo, outside, shims].map((dir) => rm(dir, { recursive: true, force: true })));
});

/** What the scan reads with each doc: its file's modification time, by path relative to the site root. */
async function modificationTimes(root: string, files: string[]): Promise<Map<string, Date>> {
  return new Map(await Promise.all(files.map(async (file) => [file, (await stat(path.join(root, file))).mtime] as const)));
}

test('last changes come from git (date and author of the newest commit touching each file), from ONE git process for all files', async () => {
  const files = ['content/docs/a.md', 'content/docs/指南/b.md', 'content/docs/new.md'];
  const originalPath = process.env.PATH;
  process.env.PATH = `${shims}:${originalPath}`;
  let changes;
  try {
    changes = await readLastChanges(path.join(repo, 'site'), await modificationTimes(path.join(repo, 'site'), files), 'content/docs');
  } finally {
    process.env.PATH = originalPath;
  }
  assert.deepEqual(changes.get('content/docs/a.md'), { date: new Date('2024-01-02T03:04:05Z'), author: '张三' });
  assert.deepEqual(changes.get('content/docs/指南/b.md'), { date: new Date('2024-06-07T08:09:10Z'), author: '李四' }, 'a non-ASCII path, changed later');
  assert.deepEqual(changes.get('content/docs/new.md'), { date: new Date('2025-02-03T04:05:06Z') }, 'an untracked file has its modification time');
  const calls = (await readFile(path.join(shims, 'calls.log'), 'utf8')).trim().split('\n');
  assert.equal(calls.length, 1, `one git process, not one per file: ${calls.join(' | ')}`);
  assert.match(calls[0], /\blog\b/);
});

test('outside a git repository every file has its modification time', async () => {
  const changes = await readLastChanges(outside, await modificationTimes(outside, ['content/docs/a.md']), 'content/docs');
  assert.deepEqual(changes.get('content/docs/a.md'), { date: new Date('2023-03-03T03:03:03Z') });
});

const doc = (frontMatter: Partial<DocSource['frontMatter']> = {}): DocSource => ({
  id: 'guide/a',
  file: 'content/docs/guide/a.md',
  docsPath: 'guide/a.md',
  route: '/docscenter/docs/guide/a/',
  frontMatter: { draft: false, unlisted: false, hide_table_of_contents: false, ...frontMatter },
  body: '',
  bodyLine: 1,
  contentHash: '',
});
const changes = new Map([['content/docs/guide/a.md', { date: new Date('2024-06-07T08:09:10Z'), author: '李四' }]]);
const shown = { showLastUpdateTime: true, showLastUpdateAuthor: true };

test('the footer shows what the config asks for; the sitemap date is kept either way', () => {
  assert.deepEqual(docFooter(doc(), { config: shown, changes }), { lastUpdated: { date: '2024-06-07T08:09:10.000Z', author: '李四' }, editUrl: undefined, lastmod: '2024-06-07T08:09:10.000Z' });
  assert.deepEqual(docFooter(doc(), { config: { showLastUpdateTime: true, showLastUpdateAuthor: false }, changes }).lastUpdated, { date: '2024-06-07T08:09:10.000Z', author: undefined });
  const hidden = docFooter(doc(), { config: { showLastUpdateTime: false, showLastUpdateAuthor: false }, changes });
  assert.equal(hidden.lastUpdated, undefined);
  assert.equal(hidden.lastmod, '2024-06-07T08:09:10.000Z');
});

test('last_update front matter overrides git, each field on its own', () => {
  assert.deepEqual(docFooter(doc({ last_update: { date: new Date('2020-01-01T00:00:00Z'), author: '作者' } }), { config: shown, changes }).lastUpdated, { date: '2020-01-01T00:00:00.000Z', author: '作者' });
  assert.deepEqual(docFooter(doc({ last_update: { author: '作者' } }), { config: shown, changes }).lastUpdated, { date: '2024-06-07T08:09:10.000Z', author: '作者' });
  assert.deepEqual(docFooter(doc({ last_update: { date: '2021-05-06' } }), { config: shown, changes }).lastUpdated, { date: '2021-05-06T00:00:00.000Z', author: '李四' });
});

test('edit URL: a base gets the file path, a function gets the doc, custom_edit_url wins and null hides the link', () => {
  const base = { showLastUpdateTime: false, showLastUpdateAuthor: false };
  assert.equal(docFooter(doc(), { config: { ...base, editUrl: 'https://git.example.com/r/edit/main' }, changes }).editUrl, 'https://git.example.com/r/edit/main/content/docs/guide/a.md');
  const editUrl = ({ docId, docPath, file, permalink }: { docId: string; docPath: string; file: string; permalink: string }) => `https://e.example.com/${docId}?p=${docPath}&f=${file}&u=${permalink}`;
  assert.equal(docFooter(doc(), { config: { ...base, editUrl }, changes }).editUrl, 'https://e.example.com/guide/a?p=guide/a.md&f=content/docs/guide/a.md&u=/docscenter/docs/guide/a/');
  assert.equal(docFooter(doc({ custom_edit_url: 'https://x.example.com/a.md' }), { config: { ...base, editUrl }, changes }).editUrl, 'https://x.example.com/a.md');
  assert.equal(docFooter(doc({ custom_edit_url: null }), { config: { ...base, editUrl }, changes }).editUrl, undefined);
  assert.equal(docFooter(doc(), { config: base, changes }).editUrl, undefined);
});

test('an editUrl function that throws fails the build naming the config and the doc', () => {
  const editUrl = () => {
    throw new Error('boom');
  };
  assert.throws(() => docFooter(doc(), { config: { showLastUpdateTime: false, showLastUpdateAuthor: false, editUrl }, changes }), (error: Error & { location?: { file: string } }) => {
    assert.equal(error.message, 'editUrl: the function failed for content/docs/guide/a.md: boom');
    assert.equal(error.location?.file, 'site.config.ts');
    return true;
  });
});

test('config: editUrl is a URL or a function, the last-update switches are off by default', () => {
  const valid = { title: 't', url: 'https://x.example.com', navbar: { title: 't', logo: { src: 'l.svg', alt: 'l' }, items: [] }, footer: { copyright: 'c' } };
  const defaults = validateConfig(valid, 'site.config.ts');
  assert.equal(defaults.editUrl, undefined);
  assert.equal(defaults.showLastUpdateTime, false);
  assert.equal(defaults.showLastUpdateAuthor, false);
  const editUrl = () => 'https://e.example.com/';
  assert.equal(validateConfig({ ...valid, editUrl }, 'site.config.ts').editUrl, editUrl);
  assert.throws(() => validateConfig({ ...valid, editUrl: 'edit/main' }, 'site.config.ts'), /editUrl/);
});

test('front matter: last_update takes a date and an author, custom_edit_url a URL or null; a wrong value names the key and line', () => {
  const { frontMatter } = readFrontMatter('---\nlast_update:\n  date: 2024-03-05\n  author: 张三\ncustom_edit_url: null\n---\n正文\n', 'a.md');
  assert.deepEqual(frontMatter.last_update, { date: '2024-03-05', author: '张三' });
  assert.equal(frontMatter.custom_edit_url, null);
  assert.throws(() => readFrontMatter('---\ntitle: t\nlast_update:\n  date: 昨天\n---\n', 'docs/a.md'), (error: DocsgenError) => {
    assert.match(error.message, /last_update\.date: not a date/);
    assert.deepEqual(error.location, { file: 'docs/a.md', line: 3 });
    return true;
  });
  assert.throws(() => readFrontMatter('---\ncustom_edit_url: edit.md\n---\n', 'docs/a.md'), /custom_edit_url/);
});
