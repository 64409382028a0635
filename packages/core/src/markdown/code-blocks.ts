import type { Element, ElementContent, Root } from 'hast';
import { visit } from './visit-tree.js';
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
      const meta = parseCodeMeta((code.data as { meta?: string } | undefined)?.meta ?? (code.properties.dataMeta as string | undefined));
      const source = textOf(code).replace(/\n$/, '');
      const html = highlighter.supports(written) && worthHighlighting(source) ? highlighter.toHtml(written, source) : escapeHtml(source);
      const lines = splitHighlightedLines(html).map((line, i) => `<span class="${meta.highlightedLines.has(i + 1) ? 'line highlighted' : 'line'}">${line}</span>`);
      const pre: Element = {
        type: 'element',
        tagName: 'pre',
        properties: { className: ['hljs'], tabIndex: 0 },
        // The highlighter's HTML, made from escaped source: written out as is.
        children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'raw', value: lines.join('\n') }] }],
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

const TOKEN_BOUNDARY = /<span class="[^"]*">|<\/span>|\n/g;

/**
 * Splits highlighted HTML into lines. A token (a comment, a string) may span several lines, so the
 * spans open at a line break are closed at its end and opened again on the next line.
 */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  let last = 0;
  for (const match of html.matchAll(TOKEN_BOUNDARY)) {
    line += html.slice(last, match.index);
    last = match.index + match[0].length;
    if (match[0] === '\n') {
      lines.push(dropEmptySpans(line + '</span>'.repeat(open.length)));
      line = open.join('');
    } else {
      if (match[0] === '</span>') open.pop();
      else open.push(match[0]);
      line += match[0];
    }
  }
  lines.push(dropEmptySpans(line + html.slice(last)));
  return lines;
}

const EMPTY_SPAN = /<span class="[^"]*"><\/span>/g;

/** A line break right after a token opens leaves `<span class="…"></span>` behind; nested ones go from the inside out. */
function dropEmptySpans(line: string): string {
  let result = line;
  for (let previous = ''; previous !== result; ) {
    previous = result;
    result = result.replace(EMPTY_SPAN, '');
  }
  return result;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Grammars can take seconds on data blobs (minified lines, dumps); such blocks stay plain text. */
function worthHighlighting(source: string): boolean {
  return source.length <= 100_000 && !source.split('\n').some((line) => line.length > 1_000);
}

function textOf(node: Element): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '')).join('');
}
