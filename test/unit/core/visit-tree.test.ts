import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { Node, Parent } from 'unist';
import * as reference from 'unist-util-visit';
import * as ours from '../../../packages/core/src/markdown/visit-tree.js';

type Visit = typeof reference.visit;
type Actions = { SKIP: unknown; EXIT: unknown };

// Real trees: every Markdown file of the test fixtures, as mdast and as hast.
const fixtures = path.join(import.meta.dirname, '../../fixtures');
const markdownFiles = readdirSync(fixtures, { recursive: true, encoding: 'utf8' }).filter((file) => /\.mdx?$/.test(file));
const toMdast = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const toHast = unified().use(remarkRehype, { allowDangerousHtml: true });
const trees: Node[] = markdownFiles.flatMap((file) => {
  const mdast = toMdast.parse(readFileSync(path.join(fixtures, file), 'utf8'));
  return [mdast, toHast.runSync(structuredClone(mdast)) as Node];
});

/** What a walk saw, in order: each visited node's type, index and parent's type, and the tree it left behind. */
function record(walk: Visit, actions: Actions, tree: Node, run: (walk: Visit, actions: Actions, seen: string[], tree: Node) => void): { seen: string[]; tree: Node } {
  const copy = structuredClone(tree);
  const seen: string[] = [];
  run(walk, actions, seen, copy);
  return { seen, tree: copy };
}

const note = (seen: string[], node: Node, index: number | undefined, parent: Parent | undefined) => seen.push(`${node.type}@${index}<${parent?.type}`);

const walks: Record<string, (walk: Visit, actions: Actions, seen: string[], tree: Node) => void> = {
  'every node': (walk, _actions, seen, tree) => walk(tree, (node, index, parent) => void note(seen, node, index, parent)),
  'one type': (walk, _actions, seen, tree) => walk(tree, 'text', (node, index, parent) => void note(seen, node, index, parent)),
  'a list of types': (walk, _actions, seen, tree) => walk(tree, ['link', 'heading', 'element', 'code'], (node, index, parent) => void note(seen, node, index, parent)),
  'SKIP below lists and tables': (walk, actions, seen, tree) =>
    walk(tree, (node, index, parent) => {
      note(seen, node, index, parent);
      const tag = (node as { tagName?: string }).tagName;
      return node.type === 'list' || node.type === 'table' || tag === 'ul' || tag === 'table' ? (actions.SKIP as never) : undefined;
    }),
  'EXIT at the 40th node': (walk, actions, seen, tree) =>
    walk(tree, (node, index, parent) => {
      note(seen, node, index, parent);
      return seen.length === 40 ? (actions.EXIT as never) : undefined;
    }),
  'splice a node out and go on after what replaced it': (walk, _actions, seen, tree) =>
    walk(tree, (node, index, parent) => {
      note(seen, node, index, parent);
      if ((node.type === 'thematicBreak' || node.type === 'code' || (node as { tagName?: string }).tagName === 'pre') && parent && index !== undefined) {
        (parent as Parent).children.splice(index, 1, { type: 'text', value: 'was ' + node.type } as never, { type: 'text', value: '!' } as never);
        return index + 2;
      }
      return undefined;
    }),
  'replace a node and skip it, as a tuple': (walk, actions, seen, tree) =>
    walk(tree, (node, index, parent) => {
      note(seen, node, index, parent);
      if ((node.type === 'blockquote' || (node as { tagName?: string }).tagName === 'blockquote') && parent && index !== undefined) {
        (parent as Parent).children[index] = { type: 'wrapper', children: [node] } as never;
        return [actions.SKIP, index + 1] as never;
      }
      return undefined;
    }),
};

test('visit-tree walks real trees exactly as unist-util-visit does: order, index, parent, SKIP, EXIT, splices and tuples', () => {
  assert.ok(trees.length >= 10, 'the fixture site gives trees to walk');
  for (const [name, run] of Object.entries(walks)) {
    let visited = 0;
    for (const tree of trees) {
      const expected = record(reference.visit, reference, tree, run);
      const actual = record(ours.visit as Visit, ours, tree, run);
      assert.deepEqual(actual.seen, expected.seen, `${name}: the same visits`);
      assert.deepEqual(actual.tree, expected.tree, `${name}: the same tree afterwards`);
      visited += actual.seen.length;
    }
    assert.ok(visited > 0, `${name}: something was visited`);
  }
});
