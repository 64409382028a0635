/**
 * The term shards a query has fetched so far, decoded on demand: a shard is fetched once per page view,
 * so a second query fetches only shards it has not seen.
 */
import { shardOf, type SearchShard } from '@docsgen/shared';

/** A term's pages (ascending) with their weights, and the sections whose heading holds it (page → section numbers). */
export interface TermPostings {
  pages: Uint32Array;
  weights: Float64Array;
  headings: Map<number, number[]>;
}

/** Shards a prefix may span before its expansions stop (a one-letter prefix could span the whole index). */
const MAX_PREFIX_SHARDS = 3;

export class TermStore {
  private readonly shards = new Map<number, Promise<void>>();
  private readonly raw = new Map<string, SearchShard[number]>();
  private readonly sorted: string[][] = [];
  private readonly decoded = new Map<string, TermPostings>();

  constructor(
    private readonly shardStarts: readonly string[],
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
          pending = this.read(`t${id}.json`).then((data) => {
            const shard = data as SearchShard;
            this.sorted[id] = shard.map((entry) => entry[0]);
            for (const entry of shard) this.raw.set(entry[0], entry);
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
    return (this.raw.get(term)?.[1].length ?? 0) / 2;
  }

  postings(term: string): TermPostings | undefined {
    let postings = this.decoded.get(term);
    if (postings) return postings;
    const entry = this.raw.get(term);
    if (!entry) return undefined;
    const length = entry[1].length / 2;
    postings = { pages: new Uint32Array(length), weights: new Float64Array(length), headings: new Map() };
    for (let i = 0, page = 0; i < length; i++) {
      postings.pages[i] = page += entry[1][2 * i];
      postings.weights[i] = entry[1][2 * i + 1];
    }
    for (let i = 0, page = 0; i < entry[2].length; i += 2) {
      page += entry[2][i];
      const list = postings.headings.get(page);
      if (list) list.push(entry[2][i + 1]);
      else postings.headings.set(page, [entry[2][i + 1]]);
    }
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
