import type { Node, Parent } from 'unist';
import type { BuildVisitor } from 'unist-util-visit';

/** Do not walk into this node's children. */
export const SKIP = 'skip';
/** Stop the walk. */
export const EXIT = false;

/** The tests the pipeline's stages use: one node type, a list of types, or none (every node). */
type TypeTest = string | readonly string[] | undefined;

type AnyVisitor = (node: Node, index: number | undefined, parent: Parent | undefined) => unknown;

/** The walk stops: returned up through every level. */
const STOP = Symbol('stop');

/**
 * unist-util-visit's `visit` for type tests: the same order (node, then its children), the same arguments and the same
 * answers from the visitor (SKIP, EXIT, an index to go on from, or `[action, index]`), with its types. The pipeline
 * walks every doc's trees a dozen times; unist-util-visit keeps the list of each node's ancestors and tests each node
 * through a generic predicate, which made those walks 5–8 times slower than this loop on the 206-page corpus (about a
 * tenth of the build's CPU at 2,000 pages). `test/unit/core/visit-tree.test.ts` holds it to unist-util-visit.
 */
export function visit<Tree extends Node, Check extends string | readonly string[]>(tree: Tree, test: Check, visitor: BuildVisitor<Tree, Check>): void;
export function visit<Tree extends Node>(tree: Tree, visitor: BuildVisitor<Tree>): void;
export function visit(tree: Node, testOrVisitor: TypeTest | AnyVisitor, maybeVisitor?: AnyVisitor): void {
  const test = typeof testOrVisitor === 'function' ? undefined : testOrVisitor;
  const visitor = (typeof testOrVisitor === 'function' ? testOrVisitor : maybeVisitor) as AnyVisitor;
  const matches = test === undefined ? () => true : typeof test === 'string' ? (node: Node) => node.type === test : (node: Node) => test.includes(node.type);

  /** Visits a node and its children; returns the index its parent goes on from, or STOP. */
  const walk = (node: Node, index: number | undefined, parent: Parent | undefined): number | typeof STOP | undefined => {
    let action: unknown;
    let next: number | undefined;
    if (matches(node)) {
      const result = visitor(node, index, parent);
      if (Array.isArray(result)) [action, next] = result as [unknown, number | undefined];
      else if (typeof result === 'number') next = result;
      else action = result;
      if (action === EXIT) return STOP;
    }
    if (action !== SKIP && (node as Parent).children) {
      const self = node as Parent;
      // Read again at each step: a visitor may splice siblings in or out and say where to go on.
      for (let offset = 0; offset > -1 && offset < self.children.length; ) {
        const went = walk(self.children[offset], offset, self);
        if (went === STOP) return STOP;
        offset = typeof went === 'number' ? went : offset + 1;
      }
    }
    return next;
  };
  walk(tree, undefined, undefined);
}
