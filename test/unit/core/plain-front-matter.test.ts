import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import matter from 'gray-matter';
import { parse as parseYaml } from 'yaml';
import { readPlainFrontMatter } from '../../../packages/core/src/content/plain-front-matter.js';

/** What `yaml` makes of the text, or 'error' when it refuses it. */
function yamlReads(text: string): unknown {
  try {
    return parseYaml(text) ?? {};
  } catch {
    return 'error';
  }
}

test('plain front matter is read as yaml reads it, and anything else is left to yaml', () => {
  assert.deepEqual(readPlainFrontMatter('title: 快速入门\nsidebar_position: 3\ndraft: true\ndescription: 五分钟接入 SDK，完成第一个设备的绑定。\n'), {
    title: '快速入门',
    sidebar_position: 3,
    draft: true,
    description: '五分钟接入 SDK，完成第一个设备的绑定。',
  });
  for (const text of [
    'title: "引号"',
    "title: '引号'",
    'keywords: [a, [b]]',
    'keywords: [a, , b]',
    'keywords: [ ]',
    'keywords: [a: b]',
    'tags:\n  - a',
    'title: a # 注释',
    'title: a: b',
    'sidebar_position: 1.5',
    'sidebar_position: 0x10',
    'sidebar_position: 012',
    'date: 2024-01-01',
    'title: null',
    'title: ~',
    'title: No',
    'title: TRUE',
    'title: .inf',
    'title: &a x',
    'title: *a',
    'title: |',
    'title: !!str 3',
    'title: a\ntitle: b',
    'null: a',
    '__proto__: a',
    'title:',
    'title: ',
    '  title: indented',
    '# a comment',
    'title:\tx',
    'title: a\r',
  ]) {
    assert.equal(readPlainFrontMatter(text), undefined, text);
  }
});

/** Random lines from the characters that matter to YAML, plus CJK text: whatever the fast reader answers, yaml answers the same. */
test('on 20,000 generated front matters, every one the plain reader reads equals what yaml reads', () => {
  const pieces = ['title', 'sidebar_position', 'a-b', '_x', 'y', 'true', 'null', 'Yes', ':', ': ', ' ', '  ', '#', ' #', '-', '- ', '?', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`', '.', '+', '~', '0', '1', '12', '007', '1e3', '.5', 'inf', 'nan', 'NaN', 'x', 'abc', '设备', '快速入门', '（', '）', '：', '\u3000', '\u00a0', '\u2028', '\u0085', '\ufeff', '\\', '/', '=', '<', '\n', '\n', '\n', '\t', 'true', 'false', 'null', 'on'];
  let seed = 20251125;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  let read = 0;
  let lists = 0;
  for (let i = 0; i < 20_000; i++) {
    const lines = Array.from({ length: 1 + random(4) }, () => {
      const key = ['title', 'sidebar_position', 'description', 'draft', 'x', 'a-b', 'null', 'y', '中文'][random(9)];
      const word = () => Array.from({ length: random(6) }, () => pieces[random(pieces.length)]).join('');
      // A third of the values are flow lists, as Docusaurus docs write keywords.
      const value = random(3) === 0 ? `[${Array.from({ length: random(4) }, word).join([',', ', ', ' , '][random(3)])}]` : word();
      return `${key}: ${value}`;
    });
    const text = lines.join('\n');
    const plain = readPlainFrontMatter(text);
    if (plain === undefined) continue;
    read++;
    if (Object.values(plain).some(Array.isArray)) lists++;
    assert.deepEqual(plain, yamlReads(text), JSON.stringify(text));
  }
  assert.ok(read > 2_000 && lists > 200, `the plain reader read ${read} of them, ${lists} with a list`);
});

test('the front matter of every doc of this site is read as yaml reads it, and most are plain', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.mdx?$/.test(entry.name)) files.push(full);
    }
  };
  walk('content/docs');
  let plain = 0;
  for (const file of files) {
    const text = matter(readFileSync(file, 'utf8')).matter;
    const read = readPlainFrontMatter(text);
    if (read === undefined) continue;
    plain++;
    assert.deepEqual(read, yamlReads(text), file);
  }
  assert.ok(plain > files.length / 2, `${plain} of ${files.length} plain`);
});
