import type { ParsedDoc } from '../markdown/parse-docs.js';
import type { PairsByWord } from './pairs-by-word.js';

/**
 * A body's pairs by word go to the worker as one string per list (pairs never hold a line break): copied as arrays, the
 * ten million pairs of 10,000 pages (one per occurrence) made the worker spend most of its time collecting garbage, and
 * only pages whose text changed read them (page-terms-cache.ts). unpackPairs restores them when first read.
 */
export function packPairs({ inside, across }: PairsByWord): PairsByWord {
  return { inside: inside.join('\n'), across: across.join('\n') } as unknown as PairsByWord;
}

/** In the worker: each doc's packed pairs, as arrays again the first time something reads them. */
export function unpackPairs(doc: ParsedDoc): void {
  const packed = doc.bodyPairs as unknown as { inside: string; across: string };
  const list = (text: string) => (text ? text.split('\n') : []);
  Object.defineProperty(doc, 'bodyPairs', {
    configurable: true,
    enumerable: true,
    get() {
      const pairs: PairsByWord = { inside: list(packed.inside), across: list(packed.across) };
      Object.defineProperty(doc, 'bodyPairs', { value: pairs, enumerable: true });
      return pairs;
    },
  });
}
