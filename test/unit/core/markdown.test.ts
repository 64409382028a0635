import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCodeMeta, splitHighlightedLines } from '../../../packages/core/src/markdown/code-blocks.js';
import { normalizeAdmonitionSyntax } from '../../../packages/core/src/markdown/admonitions.js';
import { parseTestDoc } from '../../helpers/parse-test-doc.js';

const parse = parseTestDoc;

test('emphasis next to Chinese punctuation is bold', () => {
  assert.match(parse('**注意：**请先登录').html, /<strong>注意：<\/strong>请先登录/);
});

test('GFM: tables, task lists, strikethrough, autolinks and footnotes', () => {
  const { html } = parse('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] 完成\n\n~~旧~~ https://www.example.com 注[^1]\n\n[^1]: 脚注。\n');
  assert.match(html, /<table tabindex="0">/, 'tables scroll on small screens, so they take keyboard focus');
  assert.match(html, /type="checkbox"/);
  assert.match(html, /<del>旧<\/del>/);
  assert.match(html, /<a href="https:\/\/www.example.com" target="_blank" rel="noopener noreferrer">/);
  assert.match(html, /id="user-content-fn-1"/);
});

test('literal autolinks: URLs, www. and e-mail addresses in text become links', () => {
  const { html } = parse('访问 https://a.example.com/x 获取。\n\n或 www.example.org 。\n\n或写信到 support@example.com 。\n\n没有候选的段落。');
  assert.match(html, /<a href="https:\/\/a.example.com\/x"/);
  assert.match(html, /<a href="http:\/\/www.example.org"/);
  assert.match(html, /<a href="mailto:support@example.com"/);
});

test('a doc without any URL or address is parsed the same with the autolink transform skipped', () => {
  assert.doesNotMatch(parse('纯文本，没有链接。\n\n| a |\n|---|\n| b |').html, /<a /);
});

test('admonitions with and without titles, in both spellings', () => {
  const { html } = parse(':::tip 小提示\n内容\n:::\n\n:::warning[注意事项]\n小心\n:::\n\n:::danger\n危险\n:::\n');
  assert.match(html, /class="admonition admonition-tip"[^>]*><p class="admonition-title">小提示<\/p>/);
  assert.match(html, /admonition-warning[^>]*><p class="admonition-title">注意事项<\/p>/);
  assert.match(html, /admonition-danger[^>]*><p class="admonition-title">危险<\/p>/);
});

test('text that merely looks like a directive stays text', () => {
  assert.match(parse('会议时间 10:30，参见 a:b 说明。').html, /a:b 说明/);
});

test('the admonition rewrite leaves code fences alone', () => {
  const md = '```md\n:::tip 标题\n```\n:::tip 标题\nx\n:::';
  assert.equal(normalizeAdmonitionSyntax(md), '```md\n:::tip 标题\n```\n:::tip[标题]\nx\n:::');
});

test('headings get ids that keep Chinese, explicit {#id} wins, and the TOC holds levels 2–3', () => {
  const { html, toc } = parse('## 签名步骤\n\n### 第一步 {#step-one}\n\n#### 细节\n\n## 签名步骤\n');
  assert.match(html, /<h2 id="签名步骤">签名步骤<\/h2>/);
  assert.match(html, /<h3 id="step-one">第一步<\/h3>/);
  assert.match(html, /<h2 id="签名步骤-1">/);
  assert.deepEqual(toc.map((item) => [item.level, item.id]), [[2, '签名步骤'], [3, 'step-one'], [2, '签名步骤-1']]);
});

test('relative .md links become routes and are recorded with their file position', () => {
  const { html, links } = parse('见[签名](../api/signature.md#steps)。\n\n[缺失](./missing.md)');
  assert.match(html, /href="\/docscenter\/docs\/api\/signature\/#steps"/);
  assert.deepEqual(links.map((link) => [link.href, link.line, link.column]), [['/docscenter/docs/api/signature/#steps', 5, 2], ['./missing.md', 7, 1]]);
});

test('script URLs in links are neutralised', () => {
  const { html } = parse('[点我](javascript:alert(1)) [也点我](  JAVASCRIPT:alert(2))');
  assert.doesNotMatch(html, /javascript:/i);
});

test('raw HTML in Markdown is not passed through', () => {
  const { html } = parse('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
  assert.doesNotMatch(html, /<script|onerror/);
});

test('code blocks are highlighted at build time, with title, highlighted lines and a copy button', () => {
  const { html } = parse('```kotlin title="Main.kt" {2}\nfun main() {\n    println("你好")\n}\n```');
  assert.match(html, /<div class="code-block" data-language="kotlin"><div class="code-title">Main.kt<\/div><pre class="hljs" tabindex="0"><code>/);
  assert.match(html, /<span class="line"><span class="hljs-function"><span class="hljs-keyword">fun<\/span> <span class="hljs-title">main<\/span>/);
  assert.match(html, /<span class="line highlighted"> {4}println\(<span class="hljs-string">&quot;你好&quot;<\/span>\)<\/span>/);
  assert.match(html, /<button type="button" class="copy-button" aria-label="复制代码" data-copy="">复制<\/button>/);
});

test('an HTTP message\'s body is highlighted as JSON or XML, and any other body is left plain rather than guessed', () => {
  const json = parse('```http\nPOST /v1/devices HTTP/1.1\nContent-Type: application/json\n\n{"name": "灯"}\n```').html;
  assert.match(json, /<span class="language-json"><span class="hljs-punctuation">\{<\/span><span class="hljs-attr">&quot;name&quot;<\/span>/);
  const xml = parse('```http\nHTTP/1.1 200 OK\nContent-Type: text/xml\n\n<ok code="0"/>\n```').html;
  assert.match(xml, /<span class="language-xml"><span class="hljs-tag">&lt;<span class="hljs-name">ok<\/span>/);
  // Guessed among every grammar, this body came out as more HTTP headers.
  const other = parse('```http\nPOST /v1/form HTTP/1.1\n\nname: demo\nlevel: 3\n```').html;
  assert.doesNotMatch(other, /language-/);
  assert.match(other, /<span class="line">name: demo<\/span>\n<span class="line">level: 3<\/span>/);
});

test('an unknown language is shown as plain text instead of failing', () => {
  assert.match(parse('```nosuchlang\nx\n```').html, /data-language="nosuchlang"/);
});

test('a token that spans lines is split so that every line is its own span', () => {
  const { html } = parse('```js\n/* one\ntwo */\nx\n```');
  assert.match(html, /<span class="line"><span class="hljs-comment">\/\* one<\/span><\/span>\n<span class="line"><span class="hljs-comment">two \*\/<\/span><\/span>\n<span class="line">x<\/span>/);
});

test('highlighted HTML is split into lines: open tokens close at a break and reopen after it, empty ones go', () => {
  assert.deepEqual(splitHighlightedLines('<span class="a">x<span class="b">y\nz</span>w\n</span>end'), [
    '<span class="a">x<span class="b">y</span></span>',
    '<span class="a"><span class="b">z</span>w</span>',
    'end',
  ]);
  assert.deepEqual(splitHighlightedLines('<span class="a"><span class="b">\nq</span></span>'), ['', '<span class="a"><span class="b">q</span></span>']);
});

test('code in a language without a grammar is escaped, not interpreted', () => {
  const { html } = parse('```nosuchlang\n<b onclick="x">&amp;</b>\n```');
  assert.doesNotMatch(html, /<b onclick/);
  assert.match(html, /<span class="line">&#60;b onclick=&#34;x&#34;&#62;&#38;amp;&#60;\/b&#62;<\/span>/);
});

test('code meta: title forms and line ranges', () => {
  assert.deepEqual(parseCodeMeta('title="a b.ts" {1,3-4}'), { title: 'a b.ts', highlightedLines: new Set([1, 3, 4]) });
  assert.equal(parseCodeMeta("title='x.c'").title, 'x.c');
});

test('images are rewritten under the base path and recorded as assets', () => {
  const { html, assets } = parse('![图](./img/a.png)');
  assert.match(html, /src="\/docscenter\/assets\/docs\/guide\/img\/a.png"/);
  assert.deepEqual(assets, ['content/docs/guide/img/a.png']);
});

test('without a front matter title the first heading is the title and leaves the body', () => {
  const parsed = parse('# 真正的标题\n\n正文', { title: undefined });
  assert.equal(parsed.title, '真正的标题');
  assert.doesNotMatch(parsed.html, /<h1/);
});

test('search section text keeps the words of neighbouring table cells and list items apart', () => {
  const { sections } = parse('| 参数 | 类型 |\n|---|---|\n| userId | string |\n\n- 第一项\n- second\n');
  assert.equal(sections[0].text, '参数 类型 userId string\n第一项 second');
});

test('search sections follow headings', () => {
  const { sections } = parse('导语。\n\n## 绑定设备\n\n调用 `bindDevice`。\n');
  assert.deepEqual(sections.map((s) => [s.id, s.text]), [[undefined, '导语。'], ['绑定设备', '调用 bindDevice。']]);
});
