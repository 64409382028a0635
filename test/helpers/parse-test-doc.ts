import { validateConfig } from '../../packages/core/src/config/load-config.js';
import type { DocSource } from '../../packages/core/src/content/scan-content.js';
import { createCodeHighlighter } from '../../packages/core/src/markdown/highlighter.js';
import { createMarkdownProcessor, parseDoc, type ParsedDoc } from '../../packages/core/src/markdown/parse-docs.js';

/** A minimal valid config under /docscenter/ at https://x.example.com, for Markdown unit tests. */
export const testConfig = validateConfig(
  { title: 't', url: 'https://x.example.com', baseUrl: '/docscenter/', navbar: { title: 't', logo: { src: 'l.svg', alt: 'l' }, items: [] }, footer: { copyright: 'c' } },
  'site.config.ts',
);
export const testProcessor = createMarkdownProcessor(createCodeHighlighter());
export const testRoutesByDocsPath = new Map([
  ['api/signature.md', '/docscenter/docs/api/signature/'],
  ['guide/intro.md', '/docscenter/docs/guide/intro/'],
]);

/** Parses `body` as the doc guide/intro.md (front matter title 页面 unless overridden), its body starting on line 5. */
export function parseTestDoc(body: string, frontMatter: Partial<DocSource['frontMatter']> = {}): ParsedDoc {
  const doc: DocSource = {
    id: 'guide/intro',
    file: 'content/docs/guide/intro.md',
    docsPath: 'guide/intro.md',
    route: '/docscenter/docs/guide/intro/',
    frontMatter: { draft: false, unlisted: false, hide_table_of_contents: false, title: '页面', ...frontMatter },
    body,
    bodyLine: 5,
    contentHash: '',
  };
  return parseDoc(doc, { config: testConfig, processor: testProcessor, routesByDocsPath: testRoutesByDocsPath });
}
