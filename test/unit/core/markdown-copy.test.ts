import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Root } from 'mdast';
import type { DocSource } from '../../../packages/core/src/content/scan-content.js';
import { llmsFiles, type MarkdownPage } from '../../../packages/core/src/emit/markdown-pages.js';
import { checkLinks } from '../../../packages/core/src/links/check-links.js';
import { rememberSource } from '../../../packages/core/src/markdown/markdown-as-written.js';
import { absoluteUrl, writeMarkdownCopy } from '../../../packages/core/src/markdown/markdown-copy.js';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { remarkAdmonitions } from '../../../packages/core/src/markdown/admonitions.js';
import { parseDoc } from '../../../packages/core/src/markdown/parse-docs.js';
import { parseTestDoc, testConfig as config, testProcessor as processor, testRoutesByDocsPath as routesByDocsPath } from '../../helpers/parse-test-doc.js';

const copyOf = parseTestDoc;

test('the copy keeps admonitions as ::: with the author\'s title only, and nests them with more colons', () => {
  const { markdown } = copyOf(':::tip 自定义标题\n正文。\n:::\n\n:::info\n默认标题。\n:::\n\n::::note[外层]\n外。\n\n:::danger\n里。\n:::\n::::\n');
  assert.equal(markdown, ':::tip[自定义标题]\n正文。\n:::\n\n:::info\n默认标题。\n:::\n\n::::note[外层]\n外。\n\n:::danger\n里。\n:::\n::::');
});

test('the copy\'s links and images are absolute URLs of the site, recorded for the link checker; external ones are kept', () => {
  const { markdown, markdownLinks } = copyOf('[签名](../api/signature.md#示例) [本页](#小节) [外部](https://a.example.org/x) ![图](./img/a.png)\n\n[ref]: ../api/signature.md\n\n[引用][ref]\n');
  assert.match(markdown, /\[签名\]\(https:\/\/x\.example\.com\/docscenter\/docs\/api\/signature\/#示例\)/);
  assert.match(markdown, /\[本页\]\(https:\/\/x\.example\.com\/docscenter\/docs\/guide\/intro\/#小节\)/);
  assert.match(markdown, /\[外部\]\(https:\/\/a\.example\.org\/x\)/);
  assert.match(markdown, /!\[图\]\(https:\/\/x\.example\.com\/docscenter\/assets\/docs\/guide\/img\/a\.png\)/);
  assert.match(markdown, /^\[ref\]: https:\/\/x\.example\.com\/docscenter\/docs\/api\/signature\/$/m);
  assert.deepEqual(markdownLinks.sort(), [
    'https://a.example.org/x',
    'https://x.example.com/docscenter/assets/docs/guide/img/a.png',
    'https://x.example.com/docscenter/docs/api/signature/',
    'https://x.example.com/docscenter/docs/api/signature/#示例',
    'https://x.example.com/docscenter/docs/guide/intro/#小节',
  ]);
});

test('blocks with nothing to rewrite are copied as written, GFM and all', () => {
  const body = '- [x] 完成\n- [ ] 未完\n\n| 名称 | 类型 |\n|:--|---|\n| a | b |\n\n~~旧~~ *强调* 注[^1]，见 https://a.example.org 。\n\n[^1]: 脚注。\n\n```kotlin title="A.kt" {2}\nval a = 1\n```';
  const { markdown, markdownLinks } = copyOf(body);
  assert.equal(markdown, body);
  assert.deepEqual(markdownLinks, ['https://a.example.org'], 'absolute links of copied blocks still reach the link checker');
});

test('blocks with links to rewrite are copied as written with only the destinations replaced; a label the scan cannot follow is serialised', () => {
  const { markdown } = copyOf('- [x] 见[签名](../api/signature.md "标题")\n- [ ] 未完\n\n| 名称 | 链接 |\n|---|---|\n| a | [签名 [v2]](<../api/signature.md#第一节>) |\n\n**注意：**看 ![图](./a(1).png)。\n\n先看[`code]`](#小节)和 ![图](./a(1).png)。\n');
  assert.equal(
    markdown,
    '- [x] 见[签名](https://x.example.com/docscenter/docs/api/signature/ "标题")\n- [ ] 未完\n\n| 名称 | 链接 |\n|---|---|\n| a | [签名 [v2]](https://x.example.com/docscenter/docs/api/signature/#第一节) |\n\n**注意：**看 ![图](<https://x.example.com/docscenter/assets/docs/guide/a(1).png>)。\n\n先看[`code]`](https://x.example.com/docscenter/docs/guide/intro/#小节)和 ![图](https://x.example.com/docscenter/assets/docs/guide/a\\(1\\).png)。',
  );
});

test('without the source, the serialiser writes GFM right: task lists, tables, emphasis next to Chinese punctuation, admonitions', () => {
  const remark = unified().use(remarkParse).use(remarkGfm, { tablePipeAlign: false }).use(remarkCjkFriendly).use(remarkDirective).use(remarkAdmonitions).freeze();
  const tree = remark.runSync(remark.parse(':::tip\n- [x] 完成\n- [ ] 未完\n\n| 名称 | 类型 |\n|---|---|\n| a | [签名](/docscenter/docs/api/signature/) |\n\n**注意：**请先登录。\n:::\n')) as Root;
  const syntaxExtensions = (remark.data() as { toMarkdownExtensions: [] }).toMarkdownExtensions;
  const { markdown } = writeMarkdownCopy(tree, { pageUrl: 'https://x.example.com/docscenter/docs/a/', syntaxExtensions });
  assert.equal(markdown, ':::tip\n- [x] 完成\n- [ ] 未完\n\n| 名称 | 类型 |\n| - | - |\n| a | [签名](https://x.example.com/docscenter/docs/api/signature/) |\n\n**注意：**请先登录。\n:::');
});

test('headings lose the {#id} the pipeline took from them; blocks inside admonitions are copied as written', () => {
  const { markdown } = copyOf('## 小节 {#section}\n\n## 代码 `{#x}` 里的不算\n\n:::tip\n|a|b|\n|-|-|\n|1|[签名](../api/signature.md)|\n:::\n');
  assert.equal(markdown, '## 小节\n\n## 代码 `{#x}` 里的不算\n\n:::tip\n|a|b|\n|-|-|\n|1|[签名](https://x.example.com/docscenter/docs/api/signature/)|\n:::');
});

test('a neutralised script link is never copied as written', () => {
  const { markdown } = copyOf('点[这里](javascript:alert(1))。\n');
  assert.doesNotMatch(markdown, /javascript/);
});

test('a block or text that did not come from this source (a partial moved in, an expression written out) is serialised, not sliced from the wrong text', () => {
  const at = (from: number, to: number) => ({ start: { line: 1, column: from + 1, offset: from }, end: { line: 1, column: to + 1, offset: to } });
  const tree = { type: 'root', children: [{ type: 'paragraph', position: at(0, 4), children: [{ type: 'text', value: '本页正文', position: at(0, 4) }] }, { type: 'paragraph', position: at(6, 17), children: [{ type: 'text', value: '版本 ', position: at(6, 9) }, { type: 'mdxTextExpression', value: 'version', position: at(9, 18) }] }] } as unknown as Root;
  const source = rememberSource(tree, '本页正文\n\n版本 {version}');
  // What mdx.ts does: the partial's paragraph (positions in its own file) in place of the first block, the expression's text in place of the expression.
  tree.children[0] = { type: 'paragraph', position: at(0, 4), children: [{ type: 'text', value: '片段内容', position: at(0, 4) }] };
  (tree.children[1] as { children: unknown[] }).children[1] = { type: 'text', value: '3.2.1', position: at(9, 18) };
  const { markdown } = writeMarkdownCopy(tree, { pageUrl: 'https://x.example.com/docscenter/docs/a/', syntaxExtensions: [], source });
  assert.equal(markdown, '片段内容\n\n版本 3.2.1');
});

test('the copy leaves out the title heading it took and the {#id} of headings, and keeps emphasis next to Chinese punctuation', () => {
  const doc: DocSource = {
    id: 'a',
    file: 'content/docs/a.md',
    docsPath: 'a.md',
    route: '/docscenter/docs/a/',
    frontMatter: { draft: false, unlisted: false, hide_table_of_contents: false },
    body: '# 来自正文的标题\n\n**注意：**请先登录。\n\n## 小节 {#section}\n',
    bodyLine: 1,
    contentHash: '',
  };
  const parsed = parseDoc(doc, { config, processor, routesByDocsPath });
  assert.equal(parsed.title, '来自正文的标题');
  assert.equal(parsed.markdown, '**注意：**请先登录。\n\n## 小节');
});

test('MDX in the tree (imports, expressions, elements): code left out, the elements\' content kept', () => {
  // The tree an MDX-aware parser gives for `import X from './x'`, `<Tabs>选项卡内容{1 + 1}</Tabs>` and `行内<b>粗</b>`.
  const tree = {
    type: 'root',
    children: [
      { type: 'mdxjsEsm', value: "import X from './x'" },
      { type: 'mdxJsxFlowElement', name: 'Tabs', attributes: [], children: [{ type: 'paragraph', children: [{ type: 'text', value: '选项卡内容' }, { type: 'mdxTextExpression', value: '1 + 1' }] }] },
      { type: 'paragraph', children: [{ type: 'text', value: '行内' }, { type: 'mdxJsxTextElement', name: 'b', attributes: [], children: [{ type: 'text', value: '粗' }] }] },
    ],
  } as unknown as Root;
  const { markdown } = writeMarkdownCopy(tree, { pageUrl: 'https://x.example.com/docscenter/docs/a/', syntaxExtensions: [] });
  assert.equal(markdown, '选项卡内容\n\n行内粗');
});

test('absoluteUrl: root-relative, page-relative and anchor URLs against the page; others unchanged', () => {
  const page = 'https://x.example.com/docscenter/docs/a/';
  assert.equal(absoluteUrl('/docscenter/docs/b/#小节', page), 'https://x.example.com/docscenter/docs/b/#小节');
  assert.equal(absoluteUrl('#小节', page), 'https://x.example.com/docscenter/docs/a/#小节');
  assert.equal(absoluteUrl('c/', page), 'https://x.example.com/docscenter/docs/a/c/');
  assert.equal(absoluteUrl('mailto:a@b.c', page), 'mailto:a@b.c');
  assert.equal(absoluteUrl('https://o.example.org/', page), 'https://o.example.org/');
});

const page = (docId: string, title: string, description = ''): MarkdownPage => ({
  docId,
  route: `/docscenter/docs/${docId}/`,
  title,
  description,
  url: `/docscenter/docs/${docId}.md`,
  sourceFile: `content/docs/${docId}.md`,
  text: `# ${title}\n\n${title}的正文。\n`,
  links: [`https://x.example.com/docscenter/docs/${docId}/`],
});

test('llms.txt: title, tagline, then sections in sidebar order (nested categories named with their parents), each doc with its Markdown URL and description', () => {
  const pages = [page('intro', '介绍', '第一页。\n第二行'), page('sdk/index', 'SDK'), page('sdk/android/a', 'Android 接入'), page('sdk/b', 'B [测试]')];
  const { files, links } = llmsFiles({
    pages,
    title: '站点',
    tagline: '标语',
    origin: 'https://x.example.com',
    sidebar: [
      { type: 'doc', docId: 'intro', label: '介绍', href: '' },
      { type: 'category', label: 'SDK', collapsed: true, docId: 'sdk/index', href: '', items: [{ type: 'category', label: 'Android', collapsed: true, items: [{ type: 'doc', docId: 'sdk/android/a', label: '', href: '' }] }, { type: 'doc', docId: 'sdk/b', label: '', href: '' }] },
      { type: 'doc', docId: 'not-copied', label: '未列出', href: '' },
    ],
  });
  const [index, full] = files;
  assert.equal(
    index.contents,
    '# 站点\n\n> 标语\n\n## 文档\n\n- [介绍](https://x.example.com/docscenter/docs/intro.md): 第一页。 第二行\n\n## SDK\n\n- [SDK](https://x.example.com/docscenter/docs/sdk/index.md)\n- [B \\[测试\\]](https://x.example.com/docscenter/docs/sdk/b.md)\n\n## SDK / Android\n\n- [Android 接入](https://x.example.com/docscenter/docs/sdk/android/a.md)\n',
  );
  assert.equal(full.path, 'llms-full.txt');
  assert.equal(full.contents, '# 站点\n\n> 标语\n\n' + [pages[0], pages[1], pages[3], pages[2]].map((p) => p.text).join('\n'));
  assert.deepEqual(links[0].hrefs, [pages[0], pages[1], pages[3], pages[2]].map((p) => 'https://x.example.com' + p.url));
});

test('a target already reported broken where it is written is not reported again from the copies and llms-full.txt', () => {
  const result = checkLinks({
    pages: [{ route: '/docscenter/docs/a/', kind: 'doc', file: 'docs/a/index.html', ids: new Set(), hrefs: ['./b.md'], sourceFile: 'content/docs/a.md', noindex: false }],
    sourceLinks: new Map([['/docscenter/docs/a/', [{ href: './b.md', written: './b.md', line: 3, column: 1 }]]]),
    themeLinks: [],
    otherFiles: new Set(['docs/a.md']),
    baseUrl: '/docscenter/',
    origin: 'https://x.example.com',
    textFiles: [
      { file: 'docs/a.md', sourceFile: 'content/docs/a.md', hrefs: ['https://x.example.com/docscenter/docs/a/b.md', 'https://x.example.com/docscenter/docs/c/'] },
      { file: 'llms-full.txt', sourceFile: 'llms-full.txt', hrefs: ['https://x.example.com/docscenter/docs/a/b.md', 'https://x.example.com/docscenter/docs/c/'] },
    ],
  });
  assert.deepEqual(result.broken, [
    { where: 'content/docs/a.md:3:1', href: './b.md', reason: 'no doc at that path' },
    { where: 'content/docs/a.md (docs/a.md)', href: 'https://x.example.com/docscenter/docs/c/', reason: 'no page at that path' },
  ]);
});

test('the link checker reads the URLs of text files: a missing page, file or anchor is reported with the file it is in', () => {
  const result = checkLinks({
    pages: [{ route: '/docscenter/docs/a/', kind: 'doc', file: 'docs/a/index.html', ids: new Set(['有']), hrefs: [], sourceFile: 'content/docs/a.md', noindex: false }],
    sourceLinks: new Map(),
    themeLinks: [],
    otherFiles: new Set(['docs/a.md']),
    baseUrl: '/docscenter/',
    origin: 'https://x.example.com',
    textFiles: [
      {
        file: 'llms.txt',
        sourceFile: 'llms.txt',
        hrefs: ['https://x.example.com/docscenter/docs/a.md', 'https://x.example.com/docscenter/docs/b.md', 'https://x.example.com/docscenter/docs/a/#有', 'https://x.example.com/docscenter/docs/a/#无', 'https://other.example.org/x'],
      },
    ],
  });
  assert.equal(result.checked, 4, 'URLs outside the site are not checked');
  assert.deepEqual(result.broken, [
    { where: 'llms.txt (llms.txt)', href: 'https://x.example.com/docscenter/docs/b.md', reason: 'no doc at that path' },
    { where: 'llms.txt (llms.txt)', href: 'https://x.example.com/docscenter/docs/a/#无', reason: 'no anchor #无 on /docscenter/docs/a/' },
  ]);
});
