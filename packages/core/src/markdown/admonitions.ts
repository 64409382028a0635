import type { Root, Paragraph, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';

/** The admonition types, with the Chinese title shown when the author gives none. */
export const ADMONITION_TITLES: Record<string, string> = {
  note: '备注',
  tip: '提示',
  info: '信息',
  warning: '警告',
  danger: '危险',
  caution: '警告',
};

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
      return line.replace(/^(\s*:{3,})([a-z]+)[ \t]+([^[{\s][^{]*?)\s*$/, (_, colons: string, name: string, title: string) =>
        name in ADMONITION_TITLES ? `${colons}${name}[${title}]` : _,
      );
    })
    .join('\n');
}

/** Turns `:::type` container directives into admonition blocks; other directives go back to plain text. */
export function remarkAdmonitions() {
  return (tree: Root) => {
    visit(tree, (node, index, parent) => {
      if (node.type === 'containerDirective' && node.name in ADMONITION_TITLES) {
        transformAdmonition(node);
        return;
      }
      if ((node.type === 'textDirective' || node.type === 'leafDirective' || node.type === 'containerDirective') && parent && index !== undefined) {
        parent.children.splice(index, 1, ...restoreDirective(node));
        return index;
      }
    });
  };
}

function transformAdmonition(node: ContainerDirective): void {
  const first = node.children[0];
  const hasLabel = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel;
  const title = hasLabel ? toString(first) : ADMONITION_TITLES[node.name];
  const body = hasLabel ? node.children.slice(1) : node.children;
  const heading: Paragraph = {
    type: 'paragraph',
    data: { hName: 'p', hProperties: { className: ['admonition-title'] } },
    children: hasLabel ? (first as Paragraph).children : [{ type: 'text', value: title }],
  };
  node.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${node.name}`], role: 'note' } };
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
