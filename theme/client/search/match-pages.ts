/**
 * Which pages meet every requirement of a query, and how well: each unit's terms are looked up in the
 * fetched shards, pages are kept only where every requirement is met, and a page where a requirement is
 * met as a phrase (every character pair of a Chinese run) counts twice the same pairs scattered; pages rank
 * by the sum of their terms' BM25 weights (title, keywords, headings and body boosted in the index).
 */
import { minimumPairs, type Requirement, type Unit } from './query-plan.js';
import type { TermStore } from './term-store.js';

export interface PageMatch {
  page: number;
  /** Requirements met as a phrase. */
  phrases: number;
  score: number;
}

export interface MatchResult {
  /** How many pages match. */
  total: number;
  /** The best `limit` of them, best first (ties by page order). */
  pages: PageMatch[];
  /** Index terms the query matched, weighted: for highlighting and for choosing a page's section. */
  terms: Map<string, number>;
}

/**
 * Per page, as dense arrays (a page's number is its index): how a unit or requirement is met (0 not, 1 met,
 * 2 met as a phrase) and its score there. Arrays rather than maps keep a query over 10,000 pages to a few
 * passes over flat memory.
 */
interface PageHits {
  met: Uint8Array;
  score: Float64Array;
}

const NOT = 0;
const MET = 1;
const PHRASE_MET = 2;

function emptyHits(count: number): PageHits {
  return { met: new Uint8Array(count), score: new Float64Array(count) };
}

/** The most terms a prefix or a lone character expands to: the most frequent ones. */
const MAX_EXPANSION = 60;
/** How a match counts against an exact one. */
const WHOLE_WORD = 3;
const PREFIX = 0.6;
const TYPO = 0.4;
const CHAR_PREFIX = 0.5;
/** A Chinese run found whole (every pair) against the same pairs scattered. */
const PHRASE = 2;

/** The terms a unit may need from the index: exact terms and prefixes, for fetching their shards. */
export function unitTerms(unit: Unit): { exact: string[]; prefixes: string[] } {
  switch (unit.kind) {
    case 'pairs':
      return { exact: unit.pairs, prefixes: [] };
    case 'char':
      return { exact: [unit.char], prefixes: [unit.char] };
    case 'word':
      return { exact: [unit.whole, ...unit.parts], prefixes: unit.typing ? [unit.whole] : [] };
    case 'term':
      return { exact: [unit.term], prefixes: [] };
  }
}

/**
 * The shards where a misspelt word's corrections would be: those of its first two letters, for a Latin word of
 * five letters or more (shorter ones have too many neighbours). Fetched with the query's own shards, before
 * it is known whether the index holds the word: a second round of requests costs more than a shard or two.
 */
export function typoShards(unit: Unit, store: TermStore): number[] {
  return unit.kind === 'word' && unit.whole.length >= 5 && /^[a-z]/.test(unit.whole) ? store.shardsOfPrefix(unit.whole.slice(0, 2)) : [];
}

export function matchPages(requirements: Requirement[], store: TermStore, limit: number): MatchResult {
  const terms = new Map<string, number>();
  const count = store.pageCount;
  const phrases = new Uint16Array(count);
  const total = new Float64Array(count);
  const alive = new Uint8Array(count).fill(1);
  for (const requirement of requirements) {
    const met = emptyHits(count);
    for (const alternative of requirement.alternatives) {
      let pages: PageHits | undefined;
      for (const unit of alternative.units) {
        const hits = unitHits(unit, store, terms);
        if (!pages) pages = hits;
        else
          for (let p = 0; p < count; p++) {
            pages.met[p] = Math.min(pages.met[p], hits.met[p]);
            pages.score[p] += hits.score[p];
          }
      }
      if (!pages) continue;
      // A requirement takes its best alternative: a phrase before a scattered match, then the higher score.
      for (let p = 0; p < count; p++) {
        const how = alternative.loose ? Math.min(pages.met[p], MET) : pages.met[p];
        if (how === NOT) continue;
        const score = pages.score[p] * alternative.boost;
        if (how > met.met[p] || (how === met.met[p] && score > met.score[p])) {
          met.met[p] = how;
          met.score[p] = score;
        }
      }
    }
    for (let p = 0; p < count; p++) {
      if (!met.met[p]) alive[p] = 0;
      else {
        total[p] += met.score[p];
        if (met.met[p] === PHRASE_MET) phrases[p]++;
      }
    }
  }
  if (!requirements.length) return { total: 0, pages: [], terms };
  const { total: matching, best } = bestPages(alive, total, limit);
  return { total: matching, pages: best.map((page) => ({ page, phrases: phrases[page], score: total[page] })), terms };
}

/**
 * The `limit` best of the alive pages by score (ties by page order) and how many are alive, in one pass:
 * a query often matches most of 10,000 pages, and sorting them all to show eight is most of its work.
 */
function bestPages(alive: Uint8Array, score: Float64Array, limit: number): { total: number; best: number[] } {
  const best: number[] = [];
  let total = 0;
  for (let p = 0; p < alive.length; p++) {
    if (!alive[p]) continue;
    total++;
    // Pages come in order, so a page ties below every kept page of its score.
    if (best.length === limit && (!limit || score[p] <= score[best[limit - 1]])) continue;
    let at = best.length === limit ? limit - 1 : best.length;
    while (at > 0 && score[best[at - 1]] < score[p]) {
      best[at] = best[at - 1];
      at--;
    }
    best[at] = p;
  }
  return { total, best };
}

/** The pages that meet one unit, with its score there; records the terms it matched in `seen`. */
function unitHits(unit: Unit, store: TermStore, seen: Map<string, number>): PageHits {
  const hits = emptyHits(store.pageCount);
  const add = (term: string, factor: number, how: number) => {
    const postings = store.postings(term);
    if (!postings) return;
    seen.set(term, Math.max(seen.get(term) ?? 0, factor));
    const { pages, weights } = postings;
    for (let i = 0; i < pages.length; i++) {
      const p = pages[i];
      const score = weights[i] * factor;
      if (how > hits.met[p] || (how === hits.met[p] && score > hits.score[p])) {
        hits.met[p] = how;
        hits.score[p] = score;
      }
    }
  };
  switch (unit.kind) {
    case 'pairs': {
      const known = unit.pairs.filter((pair) => store.has(pair));
      return known.length ? pairHits(known, Math.min(unit.need, minimumPairs(known.length)), store, seen) : hits;
    }
    case 'term':
      add(unit.term, 1, PHRASE_MET);
      return hits;
    case 'char':
      for (const term of expansions(store, store.termsWithPrefix(unit.char))) add(term, term === unit.char ? 1 : CHAR_PREFIX, PHRASE_MET);
      return hits;
    case 'word': {
      add(unit.whole, WHOLE_WORD, PHRASE_MET);
      if (unit.parts.length) {
        const parts = pairHits(unit.parts, unit.parts.length, store, seen);
        for (let p = 0; p < store.pageCount; p++) {
          if (parts.met[p] && !hits.met[p]) {
            hits.met[p] = MET;
            hits.score[p] = parts.score[p];
          }
        }
      }
      if (unit.typing) for (const term of expansions(store, store.termsWithPrefix(unit.whole))) if (term !== unit.whole) add(term, PREFIX, PHRASE_MET);
      if (!hits.met.includes(MET) && !hits.met.includes(PHRASE_MET) && unit.whole.length >= 5) for (const term of nearTerms(unit.whole, store)) add(term, TYPO, MET);
      return hits;
    }
  }
}

/** Pages holding at least `need` of the pairs; a phrase (scoring double) when they hold all of them. */
function pairHits(pairs: string[], need: number, store: TermStore, seen: Map<string, number>): PageHits {
  const counts = new Uint8Array(store.pageCount);
  const hits = emptyHits(store.pageCount);
  for (const pair of pairs) {
    const postings = store.postings(pair);
    if (!postings) continue;
    seen.set(pair, Math.max(seen.get(pair) ?? 0, 1));
    for (let i = 0; i < postings.pages.length; i++) {
      counts[postings.pages[i]]++;
      hits.score[postings.pages[i]] += postings.weights[i];
    }
  }
  for (let p = 0; p < store.pageCount; p++) {
    if (counts[p] === pairs.length) {
      hits.met[p] = PHRASE_MET;
      hits.score[p] *= PHRASE;
    } else if (counts[p] >= need) hits.met[p] = MET;
    else hits.score[p] = 0;
  }
  return hits;
}

function expansions(store: TermStore, terms: string[]): string[] {
  return terms.length <= MAX_EXPANSION ? terms : [...terms].sort((a, b) => store.frequency(b) - store.frequency(a)).slice(0, MAX_EXPANSION);
}

/** Loaded terms that share the word's first two letters and are one typo away (two for words of nine letters or more). */
function nearTerms(word: string, store: TermStore): string[] {
  const limit = word.length >= 9 ? 2 : 1;
  return store.termsWithPrefix(word.slice(0, 2)).filter((term) => Math.abs(term.length - word.length) <= limit && editDistance(word, term, limit) <= limit);
}

/** Damerau–Levenshtein distance (adjacent transpositions count one), giving up above `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2][j - 2] + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}
