import type { Root, Paragraph, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import { visit } from './visit-tree.js';
import type { VFile } from 'vfile';
import { docState } from './doc-state.js';

/** The admonition types, with the Chinese title shown when the author gives none. */
export const ADMONITION_TITLES: Record<string, string> = {
  note: '备注',
  tip: '提示',
  info: '信息',
  warning: '警告',
  danger: '危险',
  caution: '警告',
};

/** Docusaurus's legacy keywords, still accepted by default, and the style each is shown with. */
const LEGACY_ADMONITIONS: Record<string, { style: string; title: string }> = {
  important: { style: 'info', title: '重要' },
  secondary: { style: 'note', title: '备注' },
  success: { style: 'tip', title: '成功' },
};

/** Style and default title of an admonition keyword; custom keywords from the config look like notes titled with their name. */
function admonitionKind(name: string, custom: string[]): { style: string; title: string } | undefined {
  if (name in ADMONITION_TITLES) return { style: name, title: ADMONITION_TITLES[name] };
  if (name in LEGACY_ADMONITIONS) return LEGACY_ADMONITIONS[name];
  if (custom.includes(name)) return { style: name, title: name.charAt(0).toUpperCase() + name.slice(1) };
  return undefined;
}

/**
 * Docusaurus writes `:::tip 标题`, remark-directive expects `:::tip[标题]`: rewrite the opening
 * lines outside code fences so both spellings work. Line count is kept, so positions stay true.
 */
export function normalizeAdmonitionSyntax(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fenceMatch) {
        if (!fence) fence = fenceMatch[1];
        else if (fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && line.trim() === fenceMatch[1]) fence = undefined;
        return line;
      }
      if (fence) return line;
      return line.replace(/^(\s*:{3,})([a-z][a-z0-9-]*)[ \t]+([^[{\s][^{]*?)\s*$/, '$1$2[$3]');
    })
    .join('\n');
}

/**
 * Turns `:::type` container directives into admonition blocks (default, legacy and configured keywords);
 * an unknown `:::name` block is kept as a note with a warning naming file and line; other directives go back to plain text.
 */
export function remarkAdmonitions(options: { keywords: string[] } = { keywords: [] }) {
  return (tree: Root, file: VFile) => {
    visit(tree, (node, index, parent) => {
      if (node.type === 'containerDirective') {
        const kind = admonitionKind(node.name, options.keywords);
        if (!kind) {
          const state = docState(file);
          const line = (node.position?.start.line ?? 1) + state.lineOffset - 1;
          state.warnings.push(`${file.path}:${line}:${node.position?.start.column ?? 1}  unknown admonition ":::${node.name}", shown as a note (known: ${[...Object.keys(ADMONITION_TITLES), ...Object.keys(LEGACY_ADMONITIONS), ...options.keywords].join(', ')}; declare it in docs.admonitions.keywords of a Docusaurus config, or markdown.admonitionKeywords of site.config.ts)`);
        }
        transformAdmonition(node, kind ?? { style: 'note', title: node.name });
        return;
      }
      if ((node.type === 'textDirective' || node.type === 'leafDirective') && parent && index !== undefined) {
        parent.children.splice(index, 1, ...restoreDirective(node));
        return index;
      }
    });
  };
}

function transformAdmonition(node: ContainerDirective, kind: { style: string; title: string }): void {
  const first = node.children[0];
  const hasLabel = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel;
  const title = hasLabel ? toString(first) : kind.title;
  const body = hasLabel ? node.children.slice(1) : node.children;
  const heading: Paragraph = {
    type: 'paragraph',
    data: { hName: 'p', hProperties: { className: ['admonition-title'] } },
    children: hasLabel ? (first as Paragraph).children : [{ type: 'text', value: title }],
  };
  node.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${kind.style}`], role: 'note' } };
  node.children = [heading, { type: 'blockquote', data: { hName: 'div', hProperties: { className: ['admonition-content'] } }, children: body } as RootContent] as ContainerDirective['children'];
}

/** A directive we do not know is most likely text such as `时间 10:30:xx`: give it back as written. */
function restoreDirective(node: TextDirective | LeafDirective | ContainerDirective): RootContent[] {
  const marker = node.type === 'textDirective' ? ':' : node.type === 'leafDirective' ? '::' : ':::';
  const label = node.children.length ? `[${toString(node)}]` : '';
  const text = { type: 'text' as const, value: marker + node.name + label };
  if (node.type === 'textDirective') return [text];
  return [{ type: 'paragraph', children: [text] }];
}
