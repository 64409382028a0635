import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../packages/core/src/build.js';
import { DocsgenError } from '../../packages/core/src/errors.js';
import { withFixture, copyFixture, type FixtureSite } from '../helpers/fixtures.js';
import { docsgenErrorMatching as failsWith } from '../helpers/docsgen-error.js';

/** What a Markdown file, an image reference or a front matter key of a pull request can do to the machine that builds it. */

const withSite = (work: (site: FixtureSite) => Promise<void>) => withFixture('basic', work);

for (const language of ['js', 'javascript', 'coffee', 'json']) {
  test(`---${language} front matter is never evaluated, in build or check; it is an error naming file and line`, () =>
    withSite(async (site) => {
      const marker = site.file('pwned.txt');
      const code = `{ title: (require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran'), 'x') }`;
      await site.write('content/docs/evil.md', `---${language}\n${code}\n---\n正文\n`);
      for (const write of [false, true]) {
        await assert.rejects(build({ root: site.root, write }), failsWith(new RegExp(`content/docs/evil\\.md:1  front matter in "${language}" is not read: front matter must be YAML`)));
      }
      assert.ok(!existsSync(marker), 'the front matter did not run');
    }));
}

test('---js front matter behind byte-order marks is never evaluated either', () =>
  withSite(async (site) => {
    const marker = site.file('pwned.txt');
    const code = `{ title: (require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran'), 'x') }`;
    // The decoder dropped one mark, the reader one more, gray-matter a third: three marks got ---js past the check.
    for (const marks of [1, 2, 3, 4]) {
      await site.write('content/docs/evil.md', '\uFEFF'.repeat(marks) + `---js\n${code}\n---\n正文\n`);
      await assert.rejects(build({ root: site.root, write: false }), failsWith(/content\/docs\/evil\.md:1  front matter in "js" is not read/));
      assert.ok(!existsSync(marker), `${marks} byte-order marks: the front matter did not run`);
    }
  }));

test('---yaml and plain --- front matter are read', () =>
  withSite(async (site) => {
    await site.write('content/docs/declared.md', '---yaml\ntitle: 声明了语言\n---\n正文\n');
    await build({ root: site.root, write: true });
    assert.match(await readFile(site.file('build/docs/declared/index.html'), 'utf8'), /<title>声明了语言/);
  }));

test('a YAML alias bomb in front matter fails at once, naming the file and line', () =>
  withSite(async (site) => {
    const levels = 'abcdefghi'.split('');
    const lines = levels.map((name, i) => `${name}: &${name} [${i === 0 ? Array(9).fill('"lol"').join(',') : Array(9).fill('*' + levels[i - 1]).join(',')}]`);
    await site.write('content/docs/bomb.md', `---\ntitle: 炸弹\n${lines.join('\n')}\n---\n正文\n`);
    await assert.rejects(build({ root: site.root, write: false }), failsWith(/content\/docs\/bomb\.md:4  front matter expands too many YAML aliases/));
  }));

test('a few YAML aliases are still read', () =>
  withSite(async (site) => {
    await site.write('content/docs/alias.md', '---\ntitle: &t 别名\nsidebar_label: *t\n---\n正文\n');
    await build({ root: site.root, write: false });
  }));

for (const [slug, reason] of [
  ['../../../package', /content\/docs\/evil\.md:3  slug "\.\.\/\.\.\/\.\.\/package" leaves the docs route/],
  ['/../../package', /content\/docs\/evil\.md:3  slug "\/\.\.\/\.\.\/package" leaves the docs route/],
  ['../docs/intro', /content\/docs\/evil\.md:3  slug "\.\.\/docs\/intro" leaves the docs route/],
  ['a?b', /content\/docs\/evil\.md:3  slug "a\?b" contains a "\?" \(a query\)/],
  ['a#b', /content\/docs\/evil\.md:3  slug "a#b" contains a "#" \(an anchor\)/],
  ['a%2Fb', /content\/docs\/evil\.md:3  slug "a%2Fb" contains a "%" \(a percent-escape\)/],
  ['a\\\\b', /content\/docs\/evil\.md:3  slug "a\\\\b" contains a backslash/],
  ['长'.repeat(100), /content\/docs\/evil\.md:3  slug "长+" has a segment of 300 bytes, more than a file name can hold/],
] as const) {
  test(`slug ${JSON.stringify(slug.slice(0, 20))} is refused with file:line and nothing is written outside the output`, () =>
    withSite(async (site) => {
      await site.write('package.json', '{"name":"mine"}\n');
      await site.write('content/docs/evil.md', `---\ntitle: 坏\nslug: "${slug}"\n---\n正文\n`);
      await assert.rejects(build({ root: site.root, write: true }), failsWith(reason));
      assert.equal(await site.read('package.json'), '{"name":"mine"}\n');
      assert.ok(!existsSync(site.file('build')), 'no output was written');
    }));
}

test('custom_edit_url in front matter must be http(s): a javascript: edit link is refused with file:line', () =>
  withSite(async (site) => {
    for (const url of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>']) {
      await site.write('content/docs/evil.md', `---\ntitle: 坏\ncustom_edit_url: '${url}'\n---\n正文\n`);
      await assert.rejects(build({ root: site.root, write: true }), failsWith(/content\/docs\/evil\.md:3  invalid front matter: custom_edit_url: must be an http\(s\) URL/));
      assert.ok(!existsSync(site.file('build')), 'nothing was published');
    }
  }));

test('an id with a path in it is refused with file:line', () =>
  withSite(async (site) => {
    await site.write('content/docs/evil.md', '---\ntitle: 坏\nid: ../../../package\n---\n正文\n');
    await assert.rejects(build({ root: site.root, write: false }), failsWith(/content\/docs\/evil\.md:3  id "\.\.\/\.\.\/\.\.\/package" is not a plain name/));
  }));

test('a slug that resolves onto another page is a duplicate route with file:line', () =>
  withSite(async (site) => {
    await site.write('content/docs/guide/evil.md', '---\ntitle: 坏\nslug: .\n---\n正文\n');
    await assert.rejects(build({ root: site.root, write: true }), failsWith(/duplicate route \/docscenter\/docs\/guide\/: content\/docs\/guide\/(index|evil)\.md and content\/docs\/guide\/(index|evil)\.md both produce it/));
    await site.write('content/docs/guide/evil.md', '---\ntitle: 坏\nslug: ./../intro\n---\n正文\n');
    await assert.rejects(build({ root: site.root, write: true }), failsWith(/content\/docs\/guide\/evil\.md:3  duplicate route \/docscenter\/docs\/intro\//));
  }));

test('a page, doc or category index at /_site/ builds beside the site data every page loads (no page writes a data file of its own)', async () => {
  await withSite(async (site) => {
    await site.write('content/pages/_site.tsx', await readFile(site.file('content/pages/index.tsx'), 'utf8'));
    await build({ root: site.root, write: true });
    assert.ok(existsSync(site.file('build/_site/index.html')));
    assert.ok(Array.isArray(JSON.parse(await site.read('build/__data/_site.json')).sidebar), 'the site data is whole');
  });
  // With the docs at the site root, a slug or a category can reach it too.
  await withFixture('docusaurus-root', async (site) => {
    await site.write('docs/evil.md', '---\ntitle: 坏\nslug: /_site\n---\n正文\n');
    await build({ root: site.root, write: true });
    assert.match(await site.read('build/_site/index.html'), /<h1[^>]*>坏<\/h1>/);
    await rm(site.file('docs/evil.md'));
    await site.write('sidebars.json', JSON.stringify({ docs: [{ type: 'category', label: 'Guide', link: { type: 'generated-index', slug: '/_site' }, items: ['guide/a'] }] }));
    await build({ root: site.root, write: true });
    assert.match(await site.read('build/_site/index.html'), /Guide/);
    assert.ok(Array.isArray(JSON.parse(await site.read('build/__data/_site.json')).sidebar), 'the site data is whole');
  });
});

test('a category\'s generated-index slug may not leave the docs route nor take the route of a doc or another category', () =>
  withSite(async (site) => {
    await site.write('package.json', '{"name":"mine"}\n');
    const category = (slug: string) => site.write('content/docs/guide/_category_.json', `{\n  "label": "指南",\n  "link": { "type": "generated-index", "slug": ${JSON.stringify(slug)} }\n}\n`);
    for (const [slug, reason] of [
      ['../../../../package', /content\/docs\/guide\/_category_\.json:3  category slug "\.\.\/\.\.\/\.\.\/\.\.\/package" leaves the docs route/],
      ['a?b', /content\/docs\/guide\/_category_\.json:3  category slug "a\?b" contains a "\?" \(a query\)/],
      ['/intro', /content\/docs\/guide\/_category_\.json  duplicate route \/docscenter\/docs\/intro\/: this category's generated index and doc "intro" both produce it/],
      ['guide/', /content\/docs\/guide\/_category_\.json  duplicate route \/docscenter\/docs\/guide\/: this category's generated index and doc "guide\/index" both produce it/],
    ] as const) {
      await category(slug);
      await assert.rejects(build({ root: site.root, write: true }), failsWith(reason));
      assert.equal(await site.read('package.json'), '{"name":"mine"}\n');
      assert.ok(!existsSync(site.file('build')), 'no output was written');
    }
    await category('/指南/./总览');
    await build({ root: site.root, write: true });
    assert.match(await site.read('build/docs/指南/总览/index.html'), /<h1[^>]*>指南<\/h1>/);
    assert.match(await site.read('build/docs/guide/index.html'), /<title>/, 'the folder\'s own doc keeps its page');
    await site.write('content/docs/more/page.md', '---\ntitle: 更多\n---\n正文\n');
    await site.write('content/docs/more/_category_.yml', 'label: 更多\nlink:\n  type: generated-index\n  slug: /指南/总览\n');
    await assert.rejects(build({ root: site.root, write: true }), failsWith(/content\/docs\/more\/_category_\.yml  duplicate route \/docscenter\/docs\/指南\/总览\/: this category's generated index and the generated index of "指南" both produce it/));
    await rm(site.file('content/docs/more'), { recursive: true });
    // The same from the config's sidebar, named by its key path.
    await site.edit('site.config.ts', (text) => text.replace('export default defineConfig({', "export default defineConfig({\n  sidebar: [{ type: 'category', label: '全部', link: { type: 'generated-index', slug: '../../x' }, items: ['intro'] }],"));
    await assert.rejects(build({ root: site.root, write: true }), failsWith(/site\.config\.ts  sidebar\[0\]\.link\.slug "\.\.\/\.\.\/x" leaves the docs route/));
  }));

test('relative slugs resolve against the doc\'s folder, within the docs route', () =>
  withSite(async (site) => {
    await site.write('content/docs/guide/moved.md', '---\ntitle: 搬家\nslug: ../elsewhere/./here\n---\n正文\n');
    await build({ root: site.root, write: true });
    assert.ok(existsSync(site.file('build/docs/elsewhere/here/index.html')));
  }));

for (const target of ['../../.env', '../../.git/config', '../../site.config.ts', '../'.repeat(12) + 'etc/hostname', 'guide/../../../.env']) {
  test(`an image at ${target} (outside the content and static folders) is an error with file:line and is not published`, () =>
    withSite(async (site) => {
      await site.write('.env', 'SECRET_TOKEN=abc\n');
      await site.write('.git/config', '[core]\n');
      await site.write('content/docs/evil.md', `---\ntitle: 坏\n---\n\n![图](${target})\n`);
      await assert.rejects(build({ root: site.root, write: true }), failsWith(new RegExp(`content/docs/evil\\.md:5  image ${target.replace(/[.?*]/g, '\\$&')} is outside the content and static folders`)));
      assert.ok(!existsSync(site.file('build')), 'nothing was published');
    }));
}

test('an MDX import of a partial or component outside the project is an error with file:line and is not published', () =>
  withSite(async (site) => {
    const outside = await copyFixture('basic');
    try {
      await outside.write('notes.md', 'SECRET_TOKEN=abc\n');
      const fromDocs = path.relative(site.file('content/docs'), outside.file('notes.md'));
      await symlink(outside.file('notes.md'), site.file('src-notes.md'));
      for (const [source, line] of [[fromDocs, 5], ['@site/../' + path.basename(outside.root) + '/notes.md', 5], ['../../src-notes.md', 5]] as const) {
        await site.write('content/docs/leak.mdx', `---\ntitle: 泄露\n---\n\nimport Notes from '${source}';\n\n<Notes />\n`);
        await assert.rejects(build({ root: site.root, write: true }), failsWith(new RegExp(`content/docs/leak\\.mdx:${line}:1  MDX: import "${source.replace(/[.]/g, '\\.')}" is outside the project folder`)));
        assert.ok(!existsSync(site.file('build')), 'nothing was published');
      }
      await site.write('notes/_inside.md', '项目里的片段\n');
      await site.write('content/docs/leak.mdx', `---\ntitle: 片段\n---\n\nimport Notes from '../../notes/_inside.md';\n\n<Notes />\n`);
      await build({ root: site.root, write: true });
      assert.match(await site.read('build/docs/leak/index.html'), /项目里的片段/);
    } finally {
      await outside.remove();
    }
  }));

test('images in the static folder and elsewhere in the content folder are published', () =>
  withSite(async (site) => {
    await site.write('content/images/shared.png', 'png');
    await site.write('content/docs/pictures.md', '---\ntitle: 图片\n---\n\n![标志](../../static/img/logo.svg)\n\n![共用](../images/shared.png)\n');
    await build({ root: site.root, write: true });
    const page = await readFile(site.file('build/docs/pictures/index.html'), 'utf8');
    assert.match(page, /src="\/docscenter\/img\/logo\.svg"/);
    assert.match(page, /src="\/docscenter\/assets\/content\/images\/shared\.png"/);
    assert.equal(await site.read('build/assets/content/images/shared.png'), 'png');
  }));

for (const [link, target, pattern] of [
  ['static/passwd', '/etc/passwd', /static\/passwd  a symbolic link to \/etc\/passwd, outside the static folder/],
  ['content/docs/leak.md', '../../secret.md', /content\/docs\/leak\.md  a symbolic link to .*\/secret\.md, outside the content\/docs folder/],
  ['content/docs/guide/picture.png', '../../../site.config.ts', /content\/docs\/guide\/picture\.png  a symbolic link to .*\/site\.config\.ts, outside the content\/docs folder/],
  ['static/img/config.ts', '../../site.config.ts', /static\/img\/config\.ts  a symbolic link to .*\/site\.config\.ts, outside the static folder/],
] as const) {
  test(`a symbolic link ${link} -> ${target} is not followed out of the site`, () =>
    withSite(async (site) => {
      await site.write('secret.md', '---\ntitle: 秘密\n---\n秘密\n');
      await symlink(target, site.file(link));
      if (link.endsWith('.png')) await site.edit('content/docs/intro.md', (text) => text + '\n![图](./guide/picture.png)\n');
      await assert.rejects(build({ root: site.root, write: true }), failsWith(pattern));
      assert.ok(!existsSync(site.file('build')), 'nothing was published');
    }));
}

test('a symbolic link loop in the content and static folders does not make the build endless', { timeout: 60_000 }, () =>
  withSite(async (site) => {
    const before = await build({ root: site.root, write: false });
    await symlink('..', site.file('content/docs/guide/loop'));
    await symlink('.', site.file('static/img/self'));
    const after = await build({ root: site.root, write: true });
    assert.equal(after.stats.pages, before.stats.pages, 'no doc is found again through the loop');
    assert.equal(after.stats.files, before.stats.files, 'no static file is published again through the loop');
  }));

test('a symbolic link to a folder outside the docs folder is neither followed nor an error', () =>
  withSite(async (site) => {
    const before = await build({ root: site.root, write: false });
    await site.write('elsewhere/outside.md', '---\ntitle: 外面\n---\n外面\n');
    await symlink('../../elsewhere', site.file('content/docs/elsewhere'));
    const after = await build({ root: site.root, write: true });
    assert.equal(after.stats.pages, before.stats.pages, 'nothing is found through the link');
    assert.ok(!existsSync(site.file('build/docs/elsewhere')));
  }));

test('a heading may not take an id of the page itself; one named like it gets a suffix', () =>
  withSite(async (site) => {
    for (const id of ['__docsgen_page', '__docsgen', '__main', 'locale-menu', 'user-content-fn-1']) {
      await site.write('content/docs/clash.md', `---\ntitle: 冲突\n---\n\n正文\n\n## 标题 {#${id}}\n`);
      await assert.rejects(build({ root: site.root, write: false }), failsWith(new RegExp(`content/docs/clash\\.md:7  heading id \\{#${id}\\} is reserved for the page itself`)));
    }
    await site.write('content/docs/clash.md', '---\ntitle: 冲突\n---\n\n## __main\n\n## __docsgen_page\n\n## locale menu\n');
    await build({ root: site.root, write: true });
    const page = await readFile(site.file('build/docs/clash/index.html'), 'utf8');
    for (const id of ['__main', '__docsgen_page', '__docsgen', 'locale-menu']) assert.equal(page.split(`id="${id}"`).length - 1, 1, `one element with id ${id}`);
    assert.match(page, /<h2 id="__main-1">/);
    assert.match(page, /<h2 id="__docsgen_page-1">/);
    assert.match(page, /<h2 id="locale-menu-1">/);
  }));

test('duplicate explicit heading ids are an error naming both lines', () =>
  withSite(async (site) => {
    await site.write('content/docs/twice.md', '---\ntitle: 两次\n---\n\n## 一 {#same}\n\n正文\n\n## 二 {#same}\n');
    await assert.rejects(build({ root: site.root, write: false }), failsWith(/content\/docs\/twice\.md:9  duplicate heading id \{#same\} \(first on line 5\)/));
    await site.write('content/docs/twice.md', '---\ntitle: 两次\n---\n\n## 设备\n\n## 别的 {#设备}\n');
    await assert.rejects(build({ root: site.root, write: false }), failsWith(/content\/docs\/twice\.md:7  duplicate heading id \{#设备\} \(another heading already has it\)/));
  }));

test('footnotes with Chinese labels build, and their links are checked', () =>
  withSite(async (site) => {
    await site.write('content/docs/notes.md', '---\ntitle: 脚注\n---\n\n正文[^注释]，另一处[^说明]。\n\n[^注释]: 第一条。\n[^说明]: 第二条。\n');
    await build({ root: site.root, write: true });
    assert.match(await readFile(site.file('build/docs/notes/index.html'), 'utf8'), /id="user-content-fn-%E6%B3%A8%E9%87%8A"/);
    await site.edit('content/docs/intro.md', (text) => text + '\n[坏锚点](./notes.md#user-content-fn-没有)\n');
    await assert.rejects(build({ root: site.root, write: false }), failsWith(/no anchor #user-content-fn-没有 on \/docscenter\/docs\/notes\//));
  }));

test('a build writes nothing into docsgen\'s own folders (they may be read-only)', async () => {
  const { watch } = await import('node:fs');
  const { themeDir } = await import('../../packages/core/src/client/bundle-theme.js');
  const created: string[] = [];
  const watcher = watch(themeDir(), { recursive: true }, (_event, name) => name && created.push(name));
  try {
    await withSite(async (site) => {
      await site.write('content/pages/about.tsx', 'export default function About() { return <p>关于</p>; }\n');
      await build({ root: site.root, write: true });
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(created, []);
  } finally {
    watcher.close();
  }
});

test('pathological documents fail at once with file, line and reason, and every one of them is reported', () =>
  withSite(async (site) => {
    await site.write('content/docs/stars.md', '---\ntitle: 星号\n---\n\n正常的段落。\n\n' + '*a'.repeat(100_000) + '\n');
    await site.write('content/docs/quotes.md', '---\ntitle: 引用\n---\n' + '>'.repeat(100_000) + ' 引用\n');
    await site.write('content/docs/lists.md', '---\ntitle: 列表\n---\n' + '- '.repeat(3_000) + '项\n');
    await site.write('content/docs/admonitions.md', '---\ntitle: 提示\n---\n\n' + ':::note\n'.repeat(3_000) + '提示\n' + ':::\n'.repeat(3_000));
    await site.write('content/docs/setext.md', '---\ntitle: 标题\n---\n' + '标题\n===\n'.repeat(100_000));
    await site.write('content/docs/elements.md', '---\ntitle: 元素\n---\n' + '<div>\n\n'.repeat(10_000) + '正文\n');
    await assert.rejects(build({ root: site.root, write: true }), (error: unknown) => {
      assert.ok(error instanceof DocsgenError);
      const message = error.format();
      assert.match(message, /content\/docs\/lists\.md:4  block quotes and lists are nested 3000 levels deep, more than 32/);
      assert.match(message, /content\/docs\/admonitions\.md:37  ::: containers \(admonitions\) are nested 33 levels deep, more than 32/);
      assert.match(message, /content\/docs\/setext\.md:2005  the document has more than 1000 setext headings/);
      assert.match(message, /content\/docs\/elements\.md:204  HTML or JSX elements are nested 101 levels deep, more than 100/);
      assert.match(message, /content\/docs\/quotes\.md:4  block quotes and lists are nested 100000 levels deep, more than 32/);
      assert.match(message, /content\/docs\/stars\.md:7  a paragraph has 100000 runs of \*, _, ~, `, \[ or <, more than 1000/);
      return true;
    });
  }));
