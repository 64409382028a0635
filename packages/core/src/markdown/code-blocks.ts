import type { Element, ElementContent, Root } from 'hast';
import type { Highlighter } from 'shiki';
import { visit } from 'unist-util-visit';
import { DARK_THEME, LIGHT_THEME } from './highlighter.js';

/** What a code fence's meta string says: `title="..."` and highlighted lines `{1,3-5}`. */
export interface CodeMeta {
  title?: string;
  highlightedLines: Set<number>;
}

export function parseCodeMeta(meta: string | undefined): CodeMeta {
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta ?? '');
  const ranges = /\{([\d,\s-]+)\}/.exec(meta ?? '');
  const highlightedLines = new Set<number>();
  for (const part of ranges?.[1].split(',') ?? []) {
    const [from, to] = part.trim().split('-').map(Number);
    if (!Number.isInteger(from)) continue;
    for (let line = from; line <= (Number.isInteger(to) ? to : from) && line - from < 10_000; line++) highlightedLines.add(line);
  }
  return { title: title ? (title[1] ?? title[2] ?? title[3]) : undefined, highlightedLines };
}

/** Highlights fenced code at build time with shiki and wraps it with its title and a copy button. */
export function rehypeCodeBlocks({ highlighter }: { highlighter: Highlighter }) {
  const known = new Set(highlighter.getLoadedLanguages());
  // Docs repeat snippets (init calls, error envelopes); tokenizing is the costly part, so identical blocks share one result.
  const highlightedBlocks = new Map<string, Element>();
  return (tree: Root) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children[0];
      if (code?.type !== 'element' || code.tagName !== 'code') return;
      const className = (code.properties.className as string[] | undefined) ?? [];
      const written = className.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? 'text';
      const lang = known.has(written) ? written : 'text';
      const meta = parseCodeMeta((code.data as { meta?: string } | undefined)?.meta);
      const source = textOf(code).replace(/\n$/, '');
      const cacheKey = `${lang}\0${[...meta.highlightedLines].join(',')}\0${source}`;
      const pre = highlightedBlocks.get(cacheKey) ?? highlight(source, lang, meta);
      if (highlightedBlocks.size > 5000) highlightedBlocks.clear();
      highlightedBlocks.set(cacheKey, pre);
      const children: ElementContent[] = [];
      if (meta.title) children.push({ type: 'element', tagName: 'div', properties: { className: ['code-title'] }, children: [{ type: 'text', value: meta.title }] });
      children.push(pre, {
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', className: ['copy-button'], ariaLabel: '复制代码', dataCopy: '' },
        children: [{ type: 'text', value: '复制' }],
      });
      parent.children[index] = { type: 'element', tagName: 'div', properties: { className: ['code-block'], dataLanguage: written }, children };
      return 'skip';
    });
  };

  function highlight(source: string, lang: string, meta: CodeMeta): Element {
    const highlighted = highlighter.codeToHast(source, {
      lang,
      themes: { light: LIGHT_THEME, dark: DARK_THEME },
      defaultColor: 'light',
      transformers: [
        {
          line(line, number) {
            if (meta.highlightedLines.has(number)) this.addClassToHast(line, 'highlighted');
          },
        },
      ],
    });
    const pre = highlighted.children[0] as Element;
    pre.properties.tabIndex = 0;
    return pre;
  }
}

function textOf(node: Element): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '')).join('');
}
