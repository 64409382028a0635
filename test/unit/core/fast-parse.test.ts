import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import matter from 'gray-matter';
import type { Root } from 'mdast';
import { VFile } from 'vfile';
import type { DocSource } from '../../../packages/core/src/content/scan-content.js';
import { normalizeAdmonitionSyntax } from '../../../packages/core/src/markdown/admonitions.js';
import type { MarkdownParser } from '../../../packages/core/src/markdown/fast-parse/remark-fast-parse.js';
import { createCodeHighlighter } from '../../../packages/core/src/markdown/highlighter.js';
import { createMarkdownProcessor, parseDoc, type MarkdownProcessor } from '../../../packages/core/src/markdown/parse-docs.js';
import { repoRoot } from '../../helpers/fixtures.js';
import { testConfig } from '../../helpers/parse-test-doc.js';

/**
 * The differential proof of the fast Markdown front end (markdown-it, fast-parse/): for every document it takes, the
 * tree equals micromark's (remark-parse, GFM, CJK-friendly emphasis, directives), positions included, and so does
 * the whole doc the pipeline makes of it (HTML, Markdown copy, links, warnings). Each case also says which front end
 * must read it, so the tests fail if the fast path is never taken, or taken for what it cannot reproduce.
 */
const highlighter = createCodeHighlighter();
const fast = createMarkdownProcessor(highlighter);
const reference = createMarkdownProcessor(highlighter, undefined, { fastParse: false });
const micromark = (fast as unknown as { parser: { micromark: MarkdownParser } }).parser.micromark;

function bothTrees(markdown: string): { tree: Root; used: unknown; expected: Root } {
  const file = new VFile({ value: markdown });
  const tree = fast.parse(file);
  return { tree, used: file.data.markdownParser, expected: micromark(markdown, new VFile({ value: markdown })) };
}

function parsed(body: string, processor: MarkdownProcessor) {
  const doc: DocSource = {
    id: 'guide/intro',
    file: 'content/docs/guide/intro.md',
    docsPath: 'guide/intro.md',
    route: '/docscenter/docs/guide/intro/',
    frontMatter: { draft: false, unlisted: false, hide_table_of_contents: false, title: '页面' },
    body,
    bodyLine: 5,
    contentHash: '',
  };
  const { source: _source, ...rest } = parseDoc(doc, { config: testConfig, processor, routesByDocsPath: new Map([['guide/intro.md', doc.route]]) });
  return rest;
}

const siteDocs = readdirSync(path.join(repoRoot, 'content/docs'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.md'))
  .map((file) => ({ file, body: matter(readFileSync(path.join(repoRoot, 'content/docs', file), 'utf8')).content }));

test('every doc of this site: the fast tree equals micromark’s, and all but the one doc holding a footnote take the fast path', () => {
  const fallbacks: string[] = [];
  for (const { file, body } of siteDocs) {
    const { tree, used, expected } = bothTrees(normalizeAdmonitionSyntax(body));
    assert.deepStrictEqual(tree, expected, file);
    if (used !== 'markdown-it') fallbacks.push(file);
  }
  assert.ok(siteDocs.length >= 200);
  assert.equal(fallbacks.length, 1, fallbacks.join(', '));
  for (const file of fallbacks) assert.match(siteDocs.find((doc) => doc.file === file)!.body, /^\[\^[^\]]+\]:/m, file);
});

test('every doc of this site: HTML, Markdown copy, links, table of contents and warnings are the same through either front end', () => {
  for (const { file, body } of siteDocs) assert.deepStrictEqual(parsed(body, fast), parsed(body, reference), file);
});

const FAST = 'markdown-it';
const MICROMARK = 'micromark';

/** Each construct the pipeline reads, with the front end that must take it. */
const CASES: { name: string; markdown: string; parser: string }[] = [
  { name: 'lazy continuation in a quote and a list', markdown: '> 引用第一行\n懒惰的续行\n\n- 列表项\n续行也懒惰\n', parser: FAST },
  { name: 'nested lists, ordered with a start', markdown: '3. 第三步\n   - 子项 a\n   - 子项 b\n     1. 更深\n4. 第四步\n', parser: FAST },
  { name: 'a loose list (blank lines between items)', markdown: '- 甲\n\n- 乙\n\n- 丙\n', parser: FAST },
  { name: 'a tight list whose item holds two blocks apart', markdown: '- 甲\n\n  甲的第二段\n- 乙\n', parser: FAST },
  { name: 'setext headings', markdown: '标题一\n===\n\n标题二\n---\n\n正文\n', parser: FAST },
  { name: 'ATX headings with closing hashes, trailing spaces and an id', markdown: '## 标题 ##  \n\n### 设备 {#device}\n\n#\n', parser: FAST },
  { name: 'HTML blocks and inline HTML', markdown: '<details>\n<summary>展开</summary>\n\n内容 <kbd>Ctrl</kbd> + <b>C</b>\n\n</details>\n\n<!-- 注释 -->\n', parser: FAST },
  { name: 'entities and numeric references', markdown: 'A &amp; B &lt;x&gt; &#x4e2d; &#25991; &copy; &nosuch;\n', parser: FAST },
  { name: 'hard breaks, by spaces and by a backslash, and trailing spaces at a paragraph’s end', markdown: '第一行  \n第二行\\\n   第三行 \n\n末尾有空格   \n', parser: FAST },
  { name: 'soft breaks before a code span and a link', markdown: '- 见 [文档](./a.md)；\n  `code` 和\n  [链接](/b) 。\n', parser: FAST },
  { name: 'links, images, titles and angle destinations', markdown: '[链接](/docs/a "标题") ![图 *强调* `c`](./img/a.png \'t\') [空]() [尖](<a b.md>) [转义](a\\_b.md)\n', parser: FAST },
  { name: 'autolinks', markdown: '<https://example.com/a?b=1> 和 <mailto:a@example.com> 和 <support@example.com>\n', parser: FAST },
  { name: 'code spans with backticks inside', markdown: '用 `` a`b `` 和 ` `` ` 和 `x`\n', parser: FAST },
  { name: 'fenced code with language and meta, tildes, and a longer fence', markdown: '```kotlin title="A.kt" {1,3}\nval a = 1\n```\n\n~~~\nplain\n~~~\n\n````md\n```\ninner\n```\n````\n', parser: FAST },
  { name: 'emphasis next to Chinese punctuation (CJK-friendly)', markdown: '**注意：**请先登录。*说明*文字，**“引号”**之后，__下划线__也是。\n', parser: FAST },
  { name: 'emphasis edge cases', markdown: '***强*调** *a **b** c* **a*b** _x_y_ *\n', parser: FAST },
  { name: 'escapes', markdown: '\\*不是强调\\* \\[不是链接\\] \\` 1\\. 2\\) \\\\ \\#\n', parser: FAST },
  { name: 'thematic breaks', markdown: '甲\n\n***\n\n- - -\n\n___  \n', parser: FAST },
  { name: 'block quotes holding lists and code', markdown: '> - a\n> - b\n>\n> ```js\n> x\n> ```\n', parser: MICROMARK },
  { name: 'a block quote holding a list and code', markdown: '> - a\n> - b\n\n> ```js\n> x\n> ```\n', parser: FAST },
  { name: 'a table with alignment, escaped pipes and a pipe in code', markdown: '| 左 | 中 | 右 | 无 |\n|:---|:---:|---:|---|\n| a \\| b | `x\\|y` | **粗** | [l](/a) |\n| 少 |\n', parser: FAST },
  { name: 'a table without outer pipes and with trailing spaces', markdown: '参数 | 说明  \n--- | ---\nappId | 应用 ID  \n', parser: FAST },
  { name: 'a table row with more cells than the header', markdown: '| a |\n|---|\n| b | c |\n', parser: MICROMARK },
  { name: 'admonitions as Docusaurus writes them, with titles and nested', markdown: normalizeAdmonitionSyntax(':::tip 标题\n内容\n:::\n\n::::note[外层]\n\n:::warning\n内层 **重要**\n:::\n\n::::\n\n:::custom\n未知类型\n:::\n'), parser: FAST },
  { name: 'admonitions in list items, one written a space deeper, and one right under a paragraph', markdown: '1. 第一步\n\n   :::info\n   说明\n   :::\n\n2. 第二步\n\n    :::tip\n    更深一格\n\n    - 列表\n    :::\n\n段落\n:::note\n紧接段落\n:::\n', parser: FAST },
  { name: 'HTML blocks in a list item and indented at the top', markdown: '- 项\n\n  <div>\n  内容\n  </div>\n\n <p>缩进一格</p>\n', parser: FAST },
  { name: 'a directive container with a line less indented than its fence', markdown: '- 项\n\n   :::tip\n  少一格\n   :::\n', parser: MICROMARK },
  { name: 'text directives made by colons in text', markdown: '时间 10:30:xx 与 23:00，包 com.xiyun.iot:xy-app-sdk，键 a:b，双冒号 a::b。\n', parser: FAST },
  { name: 'a text directive with a label', markdown: '见 :abbr[缩写] 。\n', parser: MICROMARK },
  { name: 'a directive with attributes', markdown: ':::tip{.red}\n内容\n:::\n', parser: MICROMARK },
  { name: 'a leaf directive', markdown: '::video[标题]\n', parser: MICROMARK },
  { name: 'an unclosed directive container', markdown: ':::tip\n内容\n', parser: MICROMARK },
  { name: 'literal autolinks (the paragraph read by micromark alone)', markdown: '访问 https://example.com 或 www.example.com，写信到 a@example.com。\n\n- 列表里 http://a.example.com/x?y=1，\n  第二行 `code` 和 **粗**\n', parser: FAST },
  { name: 'a literal autolink made of a character reference, in a heading and a table cell', markdown: '## 写信到 a&#64;example.com\n\n| 地址 | 说明 |\n|---|---|\n| https://example.com/a | `a\\|b` 与 ~删除~ |\n', parser: FAST },
  { name: 'literal autolink candidates only inside code', markdown: '`https://example.com` 和 `a@b.c`\n\n```\nwww.example.com\n```\n', parser: FAST },
  { name: 'strikethrough (double and single tilde, the paragraph read by micromark alone)', markdown: '~~删除~~ 与 ~单~ 与 1~3 秒\n\n![图 ~x~](a.png) 和 *强调 ~~删~~*\n', parser: FAST },
  { name: 'task lists, with what is not a box', markdown: '- [ ] 待办 *x*\n- [x]  完成\n  续\n- [X]\n- [ ]b\n\n1. [x] c\n   - [ ] d\n- [X] *e*\n-\n  [x] f\n- [x]\tg\n- \\[x] h\n- [x] ~i~ https://a.example.com\n', parser: FAST },
  { name: 'a task box with a tab inside', markdown: '- [\t] a\n', parser: MICROMARK },
  { name: 'footnotes', markdown: '正文[^1]。\n\n[^1]: 脚注。\n', parser: MICROMARK },
  { name: 'link reference definitions and full, collapsed and shortcut references, images too', markdown: '[文档][doc] 和 [Doc][] 和 [doc] 和 ![图][img] 和 [未定义]\n\n[doc]: /docs/a "标题"  \n[IMG]: <./img/a b.png>\n[doc]: /duplicate\n', parser: FAST },
  { name: 'a reference in a paragraph micromark reads alone (a tilde, an autolink)', markdown: '[文档] 约 1~3 秒，见 https://example.com\n\n[文档]: /docs/a\n', parser: FAST },
  { name: 'a setext heading right under a definition', markdown: '[a]: /url\n标题\n===\n', parser: MICROMARK },
  { name: 'a definition over two lines', markdown: '[a]:\n/url\n\n[a]\n', parser: MICROMARK },
  { name: 'a table without body rows', markdown: '| 只有表头 |\n|---|\n\n后文\n', parser: FAST },
  { name: 'references without a definition stay text', markdown: '[不是][链接] 和 [^也不是]\n', parser: FAST },
  { name: 'indented code', markdown: '段落\n\n    缩进代码\n', parser: MICROMARK },
  { name: 'an unclosed code fence', markdown: '```js\nconst a = 1;\n', parser: MICROMARK },
  { name: 'CR LF line endings', markdown: '甲\r\n乙\r\n', parser: MICROMARK },
];

for (const { name, markdown, parser } of CASES) {
  test(`${name}: read by ${parser}, the same tree and the same doc as micromark’s`, () => {
    const { tree, used, expected } = bothTrees(markdown);
    assert.equal(used, parser);
    assert.deepStrictEqual(tree, expected);
    assert.deepStrictEqual(parsed(markdown, fast), parsed(markdown, reference));
  });
}

test('the CommonMark examples: every one the fast path takes gives micromark’s tree, and it takes most of them', () => {
  const require = createRequire(import.meta.url);
  const examples = (require('commonmark-spec') as { tests: { markdown: string; number: number }[] }).tests;
  let taken = 0;
  for (const example of examples) {
    const markdown = example.markdown.replace(/→/g, '\t');
    const { tree, used, expected } = bothTrees(markdown);
    assert.deepStrictEqual(tree, expected, `example ${example.number}`);
    if (used === FAST) taken++;
  }
  assert.ok(taken >= 540, `${taken} of ${examples.length} examples read by markdown-it`);
});
