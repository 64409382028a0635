/**
 * The term shards a query has fetched so far, decoded on demand: a shard is fetched once per page view,
 * so a second query fetches only shards it has not seen.
 */
import { decodePostings, decodeTerms, shardOf, type DecodedPostings, type SearchShard } from '@docsgen/shared';

/** Shards a prefix may span before its expansions stop (a one-letter prefix could span the whole index). */
const MAX_PREFIX_SHARDS = 3;

export class TermStore {
  private readonly shards = new Map<number, Promise<void>>();
  /** Each loaded term's postings, still encoded: most terms of a shard are never asked for. */
  private readonly raw = new Map<string, string>();
  private readonly sorted: string[][] = [];
  private readonly decoded = new Map<string, DecodedPostings>();

  constructor(
    private readonly shardStarts: readonly string[],
    /** The file of each shard, by its number. */
    private readonly shardFiles: readonly string[],
    private readonly read: (name: string) => Promise<unknown>,
    /** Pages in the index. */
    readonly pageCount: number,
  ) {}

  shardOfTerm(term: string): number {
    return shardOf(this.shardStarts, term);
  }

  /** The shards holding the terms that start with `prefix` (the first few). */
  shardsOfPrefix(prefix: string): number[] {
    const first = shardOf(this.shardStarts, prefix);
    const last = Math.min(shardOf(this.shardStarts, prefix + '\uffff'), first + MAX_PREFIX_SHARDS - 1);
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  }

  load(ids: Iterable<number>): Promise<void[]> {
    return Promise.all(
      [...new Set(ids)].map((id) => {
        let pending = this.shards.get(id);
        if (!pending) {
          pending = this.read(this.shardFiles[id]).then((data) => {
            const [terms, postings] = data as SearchShard;
            const list = postings.split(' ');
            this.sorted[id] = decodeTerms(terms);
            this.sorted[id].forEach((term, i) => this.raw.set(term, list[i]));
          });
          pending.catch(() => this.shards.delete(id));
          this.shards.set(id, pending);
        }
        return pending;
      }),
    );
  }

  has(term: string): boolean {
    return this.raw.has(term);
  }

  /** How many pages hold the term. */
  frequency(term: string): number {
    return this.postings(term)?.pages.length ?? 0;
  }

  /** The term's pages (ascending) with their weights, decoded once. */
  postings(term: string): DecodedPostings | undefined {
    let postings = this.decoded.get(term);
    if (postings) return postings;
    const encoded = this.raw.get(term);
    if (encoded === undefined) return undefined;
    postings = decodePostings(encoded);
    this.decoded.set(term, postings);
    return postings;
  }

  /** Loaded terms that start with `prefix`. */
  termsWithPrefix(prefix: string): string[] {
    const out: string[] = [];
    for (const id of this.shardsOfPrefix(prefix)) {
      const terms = this.sorted[id];
      if (!terms) continue;
      for (let i = lowerBound(terms, prefix); i < terms.length && terms[i].startsWith(prefix); i++) out.push(terms[i]);
    }
    return out;
  }
}

function lowerBound(terms: string[], value: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (terms[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
