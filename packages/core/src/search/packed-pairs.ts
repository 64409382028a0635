import type { ParsedDoc } from '../markdown/parse-docs.js';
import { pairsFromText } from '../cache/parse-cache.js';
import { pairsOfText, type PairsByWord } from './pairs-by-word.js';

/**
 * A body's pairs by word go to the worker as one string per list (pairs never hold a line break): copied as arrays, the
 * ten million pairs of 10,000 pages (one per occurrence) made the worker spend most of its time collecting garbage, and
 * only pages whose text changed read them (page-terms-cache.ts). unpackPairs restores them when first read.
 */
export function packPairs(doc: ParsedDoc): PairsByWord | undefined {
  // A cached doc's pairs are not stored: they are worked out from its text where read (cache/parse-cache.ts).
  if (pairsFromText(doc)) return undefined;
  const { inside, across } = doc.bodyPairs;
  return { inside: inside.join('\n'), across: across.join('\n') } as unknown as PairsByWord;
}

/** In the worker: each doc's packed pairs (or, for a cached doc, its text's), as arrays the first time something reads them. */
export function unpackPairs(doc: ParsedDoc): void {
  const packed = doc.bodyPairs as unknown as { inside: string; across: string } | undefined;
  const list = (text: string) => (text ? text.split('\n') : []);
  Object.defineProperty(doc, 'bodyPairs', {
    configurable: true,
    enumerable: true,
    get() {
      const pairs: PairsByWord = packed ? { inside: list(packed.inside), across: list(packed.across) } : pairsOfText(doc);
      Object.defineProperty(doc, 'bodyPairs', { value: pairs, enumerable: true });
      return pairs;
    },
  });
}
