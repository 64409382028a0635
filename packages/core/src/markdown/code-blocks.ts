import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import { visit } from 'unist-util-visit';
import type { CodeHighlighter } from './highlighter.js';

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

/** Highlights fenced code at build time and wraps it with its title and a copy button; one span per line. */
export function rehypeCodeBlocks({ highlighter }: { highlighter: CodeHighlighter }) {
  return (tree: Root) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children[0];
      if (code?.type !== 'element' || code.tagName !== 'code') return;
      const className = (code.properties.className as string[] | undefined) ?? [];
      const written = className.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? 'text';
      const meta = parseCodeMeta((code.data as { meta?: string } | undefined)?.meta);
      const source = textOf(code).replace(/\n$/, '');
      const tokens = highlighter.registered(written) && worthHighlighting(source) ? highlighter.highlight(written, source).children : [{ type: 'text' as const, value: source }];
      const lines = splitLines(tokens).map(
        (children, i): Element => ({ type: 'element', tagName: 'span', properties: { className: meta.highlightedLines.has(i + 1) ? ['line', 'highlighted'] : ['line'] }, children }),
      );
      const pre: Element = {
        type: 'element',
        tagName: 'pre',
        properties: { className: ['hljs'], tabIndex: 0 },
        children: [{ type: 'element', tagName: 'code', properties: {}, children: lines.flatMap((line, i) => (i ? [{ type: 'text', value: '\n' } as Text, line] : [line])) }],
      };
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
}

/**
 * Splits highlighted tokens into lines. A token (a comment, a string) may span several lines, so
 * each text piece is re-wrapped in the classes of all its ancestors, line by line.
 */
export function splitLines(nodes: RootContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  const walk = (list: RootContent[], classes: string[]) => {
    for (const node of list) {
      if (node.type === 'text') {
        node.value.split('\n').forEach((piece, i) => {
          if (i) lines.push([]);
          if (!piece) return;
          const text: Text = { type: 'text', value: piece };
          lines[lines.length - 1].push(classes.length ? { type: 'element', tagName: 'span', properties: { className: classes }, children: [text] } : text);
        });
      } else if (node.type === 'element') {
        walk(node.children as RootContent[], [...new Set([...classes, ...((node.properties.className as string[] | undefined) ?? [])])]);
      }
    }
  };
  walk(nodes, []);
  return lines;
}

/** Grammars can take seconds on data blobs (minified lines, dumps); such blocks stay plain text. */
function worthHighlighting(source: string): boolean {
  return source.length <= 100_000 && !source.split('\n').some((line) => line.length > 1_000);
}

function textOf(node: Element): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '')).join('');
}
