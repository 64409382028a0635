import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import { build, type BuildResult } from '../../packages/core/src/build.js';
import { repoRoot } from '../helpers/fixtures.js';

/** The real documentation centre, held to the style guide. */
const docsDir = path.join(repoRoot, 'content/docs');
const catalogue = readFileSync(path.join(repoRoot, 'test/fixtures/page-catalogue.txt'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const files = fg.sync('**/*.md', { cwd: docsDir }).sort();
const read = (file: string) => readFileSync(path.join(docsDir, file), 'utf8');
const PLACEHOLDER = /TODO|待补充|敬请期待|lorem ipsum|示例内容/i;

/** Chinese characters of prose: code blocks, tables and front matter left out. */
export function proseCharacters(markdown: string): number {
  const body = matter(markdown).content.replace(/```[\s\S]*?```/g, '');
  const prose = body.split('\n').filter((line) => !line.trim().startsWith('|')).join('\n');
  return (prose.match(/[\u4e00-\u9fff]/g) ?? []).length;
}

let result: BuildResult;
before(async () => {
  result = await build({ root: repoRoot, write: false });
});

test('the catalogue has 206 pages and every one exists', () => {
  assert.equal(catalogue.length, 206);
  const missing = catalogue.filter((id) => !existsSync(path.join(docsDir, `${id}.md`)));
  assert.deepEqual(missing, []);
});

test('the whole site builds: every page renders and every link and anchor resolves', () => {
  const routes = new Set(result.pages.map((page) => page.route));
  for (const id of catalogue) {
    const route = '/docscenter/docs/' + id.replace(/(^|\/)index$/, '').replace(/(.)$/, '$1/');
    assert.ok(routes.has(route.replace(/\/\/$/, '/')), `no page for ${id}`);
  }
  assert.ok(result.stats.linksChecked > 1000);
});

test('every page has a Chinese title, a description and a sidebar position', () => {
  const problems = files.flatMap((file) => {
    const { data } = matter(read(file));
    return [
      /[\u4e00-\u9fff]/.test(String(data.title ?? '')) ? [] : [`${file}: title "${data.title}"`],
      typeof data.description === 'string' && data.description.length >= 8 ? [] : [`${file}: description`],
      typeof data.sidebar_position === 'number' ? [] : [`${file}: sidebar_position`],
    ].flat();
  });
  assert.deepEqual(problems, []);
});

test('every folder has a _category_.json with a Chinese label', () => {
  const folders = new Set(files.map((file) => path.posix.dirname(file)).filter((dir) => dir !== '.'));
  for (const folder of folders) {
    const file = path.join(docsDir, folder, '_category_.json');
    assert.ok(existsSync(file), `${folder} has no _category_.json`);
    assert.match(JSON.parse(readFileSync(file, 'utf8')).label, /[\u4e00-\u9fff]/, `${folder}: label`);
  }
});

test('no page is below the floor of 600 Chinese characters of prose or holds placeholder text', () => {
  const thin = files.filter((file) => proseCharacters(read(file)) < 600).map((file) => `${file} (${proseCharacters(read(file))})`);
  assert.deepEqual(thin, []);
  assert.deepEqual(files.filter((file) => PLACEHOLDER.test(read(file))), []);
});

test('there is no H1 in a body: the title comes from front matter', () => {
  const withH1 = files.filter((file) => /^# /m.test(matter(read(file)).content.replace(/```[\s\S]*?```/g, '')));
  assert.deepEqual(withH1, []);
});

test('every code block names its language and every json block parses', () => {
  for (const file of files) {
    const text = read(file);
    for (const match of text.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)) {
      const lang = match[1].trim().split(/\s/)[0];
      assert.ok(lang, `${file}: a code block without a language`);
      if (lang === 'json') assert.doesNotThrow(() => JSON.parse(match[2]), `${file}: invalid JSON block\n${match[2].slice(0, 200)}`);
    }
  }
});

test('every page links to at least two other pages, one of them in another section', () => {
  const problems = files.flatMap((file) => {
    const links = [...read(file).replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)#\s]+\.md)(#[^)]*)?\)/g)].map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])));
    const targets = new Set(links.filter((target) => target !== file));
    const section = file.split('/')[0];
    if (targets.size < 2) return [`${file}: ${targets.size} links out`];
    return [...targets].some((target) => target.split('/')[0] !== section) ? [] : [`${file}: no link to another section`];
  });
  assert.deepEqual(problems, []);
});

test('the signature page computes its own test vector: the Node.js example prints the documented signature', () => {
  const page = read('api/signature.md');
  const code = /```js title="sign\.js"\n([\s\S]*?)```/.exec(page)?.[1];
  assert.ok(code, 'the page has a ```js title="sign.js" block');
  const documented = /签名结果：`([0-9a-f]{64})`/.exec(page)?.[1];
  assert.ok(documented, 'the page states the signature');
  const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-sign-'));
  try {
    writeFileSync(path.join(dir, 'sign.js'), code);
    const printed = execFileSync(process.execPath, [path.join(dir, 'sign.js')], { encoding: 'utf8' }).trim();
    assert.equal(printed, documented);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('error codes named on any page exist on the error-code page', () => {
  const master = read('api/errorcode.md');
  const codes = new Set([...master.matchAll(/\|\s*(-?\d{1,4})\s*\|/g)].map((m) => m[1]));
  for (const required of ['0', '1001', '1003', '1009', '2005', '3002', '4002', '5000', '-1', '-2', '-3']) assert.ok(codes.has(required), `errorcode lacks ${required}`);
  for (const file of files) {
    for (const match of read(file).matchAll(/错误码\s*[`「]?(\d{4})/g)) assert.ok(codes.has(match[1]), `${file} names error code ${match[1]}, which the master list lacks`);
  }
});
