import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validateConfig } from '../../packages/core/src/config/load-config.js';
import { readFrontMatter } from '../../packages/core/src/content/front-matter.js';
import { readUtf8 } from '../../packages/core/src/content/read-text.js';
import { DocsgenError } from '../../packages/core/src/errors.js';
import { createCodeHighlighter } from '../../packages/core/src/markdown/highlighter.js';
import { createMarkdownProcessor, parseDoc } from '../../packages/core/src/markdown/parse-docs.js';

/** Thousands of hostile and broken documents through the pipeline: no crash, no hang, no script. `npm run test:long` runs more. */
const COUNT = process.env.DOCSGEN_LONG ? 20_000 : 1_500;
const PER_DOCUMENT_MS = 2_000;

const config = validateConfig({ title: 't', url: 'https://x.example.com', baseUrl: '/docscenter/', navbar: { title: 't', logo: { src: 'l', alt: 'l' }, items: [] }, footer: { copyright: 'c' } }, 'site.config.ts');
const processor = createMarkdownProcessor(createCodeHighlighter());

/** A small deterministic PRNG (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '# 标题', '## 设备绑定', '### 子节 {#sub}', '**注意：**正文', '*强调*', '~~删除~~', '`code`', '```', '```js title="a.js" {1-3}', '~~~', ':::tip 标题', ':::danger', ':::', '::leaf', ':text[x]',
  '- 项目', '  - 嵌套', '1. 一', '> 引用', '> > 深引用', '| a | b |', '|---|---|', '| 1 | 2 |', '[链接](./other.md#x)', '[坏](javascript:alert(1))', '[坏2](JaVaScRiPt:alert(1))',
  '![图](javascript:alert(1))', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>', '[^1]', '[^1]: 脚注', 'https://www.example.com',
  // Every element raw HTML may keep, and the ways around the allowlist.
  '<br>', '<kbd>Ctrl</kbd>', '<sup>1</sup>', '<sub>2</sub>', '<details>', '<details open ontoggle=alert(1)>', '<summary>摘要</summary>', '</details>', '<table><tr><th>h</th><td>c</td></tr></table>',
  '<a href="/docs/x">站内</a>', '<a href="data:text/html,<script>alert(1)</script>">d</a>', '<a href=" javascript:alert(1)">s</a>', '<img src="/img/a.png" alt="图">', '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<figure>', '<figcaption>图注</figcaption>', '</figure>', '<video src="/v.mp4" controls>', '<video src=x onerror=alert(1)>', '<source src="javascript:alert(1)">', '<iframe src="https://www.youtube.com/embed/x">',
  '<iframe src="javascript:alert(1)">', '<style>body{display:none}</style>', '<p style="position:fixed;inset:0">覆盖</p>', '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">b</button></form>',
  '<svg><script>alert(1)</script></svg>', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', '</main></article></body>', '<base href="https://evil.example.com/">', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<div>', '</div>', '\\', '&amp;', '&#0;', '\u0000', '\u0007', '\u202e', '\ud800', '\t\t缩进', '    代码', '***', '---', '===', '[', ']', '(', ')', '{#', '}', '${x}', '<!--', '-->',
];

/** The first tag that could run script: <script>, an on* handler, or a script URL in an attribute. */
function unsafeTag(html: string): string | undefined {
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g)) {
    const [tag, name, attributes] = match;
    if (/^(script|iframe|object|embed)$/i.test(name)) return tag;
    if (/\son[a-z]+\s*=/i.test(attributes)) return tag;
    if (/(?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*(?:javascript|vbscript|data:)/i.test(attributes)) return tag;
    // Markup that could leave the doc's container or restyle the page around it.
    if (/^(style|base|meta|form|link|svg|math)$/i.test(name) || /\sstyle\s*=/i.test(attributes)) return tag;
  }
  return undefined;
}

function document(next: () => number): string {
  const lines: string[] = [];
  const count = Math.floor(next() * 60);
  for (let i = 0; i < count; i++) {
    const roll = next();
    if (roll < 0.03) lines.push('x'.repeat(Math.floor(next() * 20_000)));
    else if (roll < 0.05) lines.push('| c '.repeat(Math.floor(next() * 200)) + '|');
    else if (roll < 0.07) lines.push('  '.repeat(Math.floor(next() * 60)) + '- 深');
    else if (roll < 0.09) lines.push('>'.repeat(Math.floor(next() * 100)) + ' 引');
    else if (roll < 0.1) lines.push('*'.repeat(Math.floor(next() * 500)) + '强' + '_'.repeat(Math.floor(next() * 500)));
    else lines.push(Array.from({ length: 1 + Math.floor(next() * 4) }, () => PIECES[Math.floor(next() * PIECES.length)]).join(next() < 0.5 ? ' ' : ''));
  }
  return lines.join(next() < 0.8 ? '\n' : '\n\n');
}

test(`${COUNT} generated documents: no crash, no hang, no script in the output`, () => {
  const next = random(20251123);
  let slowest = 0;
  for (let i = 0; i < COUNT; i++) {
    const body = document(next);
    const file = `content/docs/fuzz-${i}.md`;
    const start = performance.now();
    let html = '';
    try {
      const doc = parseDoc(
        { id: `fuzz-${i}`, file, docsPath: `fuzz-${i}.md`, route: `/docscenter/docs/fuzz-${i}/`, frontMatter: { draft: false, unlisted: false, hide_table_of_contents: false, title: 'f' }, body, bodyLine: 1, contentHash: '' },
        { config, processor, routesByDocsPath: new Map() },
      );
      html = doc.html;
      for (const section of doc.sections) assert.equal(typeof section.text, 'string');
    } catch (error) {
      assert.ok(error instanceof DocsgenError, `document ${i}: ${String(error)}`);
      assert.equal(error.location?.file, file, `document ${i}: the error names the file`);
    }
    const elapsed = performance.now() - start;
    slowest = Math.max(slowest, elapsed);
    assert.ok(elapsed < PER_DOCUMENT_MS, `document ${i} took ${Math.round(elapsed)} ms`);
    const unsafe = unsafeTag(html);
    assert.equal(unsafe, undefined, `document ${i} let script through: ${unsafe}`);
  }
  console.log(`fuzz: ${COUNT} documents, slowest ${Math.round(slowest)} ms`);
});

test(`${Math.round(COUNT / 3)} generated MDX documents: no crash, no hang, no script; what MDX cannot read is an error naming the file`, () => {
  const next = random(20261124);
  let rendered = 0;
  // Well-formed MDX units, hostile ones, and now and then one that breaks the syntax.
  const mdxPieces = [
    '正文段落，**粗体**与 `代码`。', '## 小节', '- 列表项', '```js\nconst a = 1;\n```', ':::tip 标题\n\n提示\n\n:::', '{"文字"}', '{/* 注释 */}', 'export const a = "x";\n\n{a}',
    'import Tabs from "@theme/Tabs";\nimport TabItem from "@theme/TabItem";\n\n<Tabs groupId="g">\n<TabItem value="a" label="甲">\n\n甲\n\n</TabItem>\n<TabItem value="b">乙</TabItem>\n</Tabs>',
    '<details>\n<summary>摘要</summary>\n\n正文\n\n</details>', '<Admonition type="danger" title="t">\n\n危险\n\n</Admonition>', '<kbd>K</kbd> 与 <br /> 与 H<sub>2</sub>',
    '<a href="javascript:alert(1)">x</a>', '<a href={"javascript:alert(1)"}>表达式链接</a>', '<img src="x" onError="alert(1)" />', '<div dangerouslySetInnerHTML="<script>alert(1)</script>" />',
    '<iframe src="javascript:alert(1)" />', '<p style="position:fixed">覆盖</p>', '<video src="data:video/mp4,AAAA" />', '<script>alert(1)</script>',
    '{', '<Unclosed>', '<Mystery />',
  ];
  for (let i = 0; i < Math.round(COUNT / 3); i++) {
    const body = Array.from({ length: 1 + Math.floor(next() * 12) }, () => mdxPieces[Math.floor(next() * mdxPieces.length)]).join('\n\n');
    const file = `content/docs/fuzz-${i}.mdx`;
    let html = '';
    try {
      html = parseDoc(
        { id: `fuzz-${i}`, file, docsPath: `fuzz-${i}.mdx`, route: `/docscenter/docs/fuzz-${i}/`, frontMatter: { draft: false, unlisted: false, hide_table_of_contents: false, title: 'f' }, body, bodyLine: 1, contentHash: '' },
        { config, processor, routesByDocsPath: new Map() },
      ).html;
      rendered++;
    } catch (error) {
      assert.ok(error instanceof DocsgenError, `document ${i}: ${String(error)}`);
      assert.equal(error.location?.file, file, `document ${i}: the error names the file`);
    }
    assert.equal(unsafeTag(html), undefined, `document ${i} let script through: ${unsafeTag(html)}`);
  }
  // Some pieces break the syntax on purpose; most documents must still render for the check to mean something.
  assert.ok(rendered > COUNT / 10, `only ${rendered} MDX documents rendered`);
  console.log(`fuzz: ${rendered} of ${Math.round(COUNT / 3)} MDX documents rendered, the rest rejected with their file named`);
});

test('front matter edge cases are read or rejected with the file named', () => {
  const cases = ['---\n---\n', '---\ntitle:\n---\n', '---\ntitle: [unclosed\n---\n', '---\n: : :\n---\n', '---\ntitle: 1\n---\n', '---\n- a\n- b\n---\n', '---\ntitle: "\\u0000"\n---\n', '---\r\ntitle: 标题\r\n---\r\n正文', '--- \ntitle: x\n---', '---\n' + 'a: b\n'.repeat(5000) + '---\n', '---\ntitle: &a x\nother: *a\n---\n', '---\n!!js/function "function(){}"\n---\n'];
  for (const source of cases) {
    try {
      readFrontMatter(source, 'content/docs/edge.md');
    } catch (error) {
      assert.ok(error instanceof DocsgenError, `${JSON.stringify(source.slice(0, 30))}: ${String(error)}`);
      assert.equal(error.location?.file, 'content/docs/edge.md');
    }
  }
});

test('invalid UTF-8 in any position is a clear error naming the file', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-fuzz-'));
  try {
    const next = random(7);
    for (let i = 0; i < 50; i++) {
      const bytes = Buffer.from('正文'.repeat(Math.floor(next() * 20)) + '\n' + 'abc'.repeat(Math.floor(next() * 20)));
      const at = Math.floor(next() * bytes.length);
      const broken = Buffer.concat([bytes.subarray(0, at), Buffer.from([[0xff, 0xfe, 0xc0][i % 3]]), bytes.subarray(at)]);
      const file = path.join(dir, `${i}.md`);
      await writeFile(file, broken);
      assert.throws(() => readUtf8(file, `content/docs/${i}.md`), (error: unknown) => error instanceof DocsgenError && error.location?.file === `content/docs/${i}.md` && (error.location.line ?? 0) >= 1);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** Inputs whose parsing cost grows faster than their size, at sizes that used to run for minutes or overflow the stack. */
const PATHOLOGICAL: Record<string, (n: number) => string> = {
  'emphasis openers *a': (n) => '*a'.repeat(n),
  'emphasis openers on lines': (n) => '*a\n'.repeat(n),
  'alternating * and _': (n) => '*_'.repeat(n) + 'a',
  'strikethrough ~a': (n) => '~a'.repeat(n),
  'nested block quotes': (n) => '>'.repeat(n) + ' 引用',
  'nested lists, one per line': (n) => Array.from({ length: Math.min(n, 3000) }, (_, i) => ' '.repeat(i) + '- 项').join('\n'),
  'nested lists on one line': (n) => '- '.repeat(n) + '项',
  'quotes in lists': (n) => '> - '.repeat(n) + '项',
  'ordered lists': (n) => '1. '.repeat(n) + '项',
  'open links': (n) => '[a]('.repeat(n),
  'open brackets': (n) => '['.repeat(n) + 'x',
  'open html': (n) => '<a '.repeat(n),
  'backticks': (n) => '`a'.repeat(n),
  'setext headings': (n) => 'a\n=\n'.repeat(n),
  'setext headings between blank lines': (n) => 'a\n---\n\n'.repeat(n),
  'nested admonitions': (n) => ':::note\n'.repeat(n) + '提示\n' + ':::\n'.repeat(n),
  'admonitions in block quotes': (n) => Array.from({ length: n }, (_, i) => '> '.repeat(Math.min(i, 20)) + ':::tip').join('\n'),
  'nested html blocks': (n) => '<div>\n\n'.repeat(n) + '正文',
  // Table rows and list items are matched one by one; lines that only look like them continue one paragraph.
  'table rows with markup': (n) => '| 错误码 | 说明 |\n|---|---|\n' + '| `1003` | *设备* [离线](./x.md) |\n'.repeat(Math.min(n, 2_000)),
  'list items with markup': (n) => '- `api` *说明* [链接](./x.md)\n'.repeat(Math.min(n, 2_000)),
  'rows under a mismatched delimiter': (n) => 'a | b\n|---|---|---|\n' + '| *a |\n'.repeat(n),
  'ordered items that cannot interrupt a paragraph': (n) => '正文\n' + '2. *a\n'.repeat(n),
};

test('pathological nesting and markup: every document is parsed or refused with its file and line, within a bound per document', () => {
  const bound = 5_000;
  for (const [name, make] of Object.entries(PATHOLOGICAL)) {
    for (const n of [10, 100, 1_000, 8_000, 100_000]) {
      const body = make(n);
      const file = `content/docs/${name.replace(/\W+/g, '-')}-${n}.md`;
      const start = performance.now();
      try {
        parseDoc({ id: 'p', file, docsPath: 'p.md', route: '/docscenter/docs/p/', frontMatter: { draft: false, unlisted: false, hide_table_of_contents: false, title: 'p' }, body, bodyLine: 4, contentHash: '' }, { config, processor, routesByDocsPath: new Map() });
      } catch (error) {
        assert.ok(error instanceof DocsgenError, `${name} × ${n}: ${String(error)}`);
        assert.equal(error.location?.file, file);
        assert.ok((error.location?.line ?? 0) >= 4, `${name} × ${n}: the error names a line of the body`);
      }
      const elapsed = performance.now() - start;
      assert.ok(elapsed < bound, `${name} × ${n} (${body.length} characters) took ${Math.round(elapsed)} ms`);
    }
  }
});
