/**
 * Which pages meet every requirement of a query, and how well: each unit's terms are looked up in the
 * fetched shards, pages are kept only where every requirement is met, and a page where a requirement is
 * met as a phrase (every character pair of a Chinese run) counts twice the same pairs scattered; pages rank
 * by the sum of their terms' BM25 weights (title, keywords, headings and body boosted in the index).
 */
import type { Requirement, Unit } from './query-plan.js';
import type { TermStore } from './term-store.js';

export interface PageMatch {
  page: number;
  /** Requirements met as a phrase. */
  phrases: number;
  score: number;
}

export interface MatchResult {
  /** Matching pages, best first. */
  pages: PageMatch[];
  /** Index terms the query matched, weighted: for highlighting and for choosing a page's section. */
  terms: Map<string, number>;
}

interface UnitHit {
  score: number;
  phrase: boolean;
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

/** A word the index lacks, whole and in parts, and that no typed prefix explains: a candidate for typo matching. */
export function unmatchedWord(unit: Unit, store: TermStore): string | undefined {
  if (unit.kind !== 'word' || unit.whole.length < 5 || !/^[a-z]/.test(unit.whole)) return undefined;
  if (store.has(unit.whole) || (unit.parts.length > 0 && unit.parts.every((p) => store.has(p)))) return undefined;
  if (unit.typing && store.termsWithPrefix(unit.whole).length) return undefined;
  return unit.whole;
}

export function matchPages(requirements: Requirement[], store: TermStore): MatchResult {
  const terms = new Map<string, number>();
  let matched: Map<number, { phrases: number; score: number }> | undefined;
  for (const requirement of requirements) {
    const met = new Map<number, UnitHit>();
    for (const alternative of requirement.alternatives) {
      let pages: Map<number, UnitHit> | undefined;
      for (const unit of alternative.units) {
        const hits = unitHits(unit, store, terms);
        pages = pages ? intersect(pages, hits) : hits;
      }
      for (const [page, hit] of pages ?? []) {
        const score = hit.score * alternative.boost;
        const seen = met.get(page);
        if (!seen || Number(hit.phrase) - Number(seen.phrase) > 0 || (hit.phrase === seen.phrase && score > seen.score)) met.set(page, { score, phrase: hit.phrase });
      }
    }
    const next = new Map<number, { phrases: number; score: number }>();
    if (!matched) for (const [page, hit] of met) next.set(page, { phrases: Number(hit.phrase), score: hit.score });
    else
      for (const [page, sum] of matched) {
        const hit = met.get(page);
        if (hit) next.set(page, { phrases: sum.phrases + Number(hit.phrase), score: sum.score + hit.score });
      }
    matched = next;
    if (!matched.size) break;
  }
  const pages = [...(matched ?? [])].map(([page, { phrases, score }]) => ({ page, phrases, score }));
  pages.sort((a, b) => b.score - a.score || a.page - b.page);
  return { pages, terms };
}

function intersect(a: Map<number, UnitHit>, b: Map<number, UnitHit>): Map<number, UnitHit> {
  const out = new Map<number, UnitHit>();
  for (const [page, hit] of a) {
    const other = b.get(page);
    if (other) out.set(page, { score: hit.score + other.score, phrase: hit.phrase && other.phrase });
  }
  return out;
}

/** The pages that meet one unit, with its score there; records the terms it matched in `seen`. */
function unitHits(unit: Unit, store: TermStore, seen: Map<string, number>): Map<number, UnitHit> {
  const hits = new Map<number, UnitHit>();
  const add = (term: string, factor: number, phrase: boolean) => {
    const postings = store.postings(term);
    if (!postings) return;
    seen.set(term, Math.max(seen.get(term) ?? 0, factor));
    for (const [page, weight] of postings.pages) {
      const hit = hits.get(page);
      const score = weight * factor;
      if (!hit || Number(phrase) - Number(hit.phrase) > 0 || (phrase === hit.phrase && score > hit.score)) hits.set(page, { score, phrase });
    }
  };
  switch (unit.kind) {
    case 'pairs':
      return pairHits(unit.pairs, unit.need, store, seen);
    case 'term':
      add(unit.term, 1, true);
      return hits;
    case 'char':
      for (const term of expansions(store, store.termsWithPrefix(unit.char))) add(term, term === unit.char ? 1 : CHAR_PREFIX, true);
      return hits;
    case 'word': {
      add(unit.whole, WHOLE_WORD, true);
      if (unit.parts.length) for (const [page, hit] of pairHits(unit.parts, unit.parts.length, store, seen)) if (!hits.has(page)) hits.set(page, { score: hit.score, phrase: false });
      if (unit.typing) for (const term of expansions(store, store.termsWithPrefix(unit.whole))) if (term !== unit.whole) add(term, PREFIX, true);
      if (!hits.size && unit.whole.length >= 5) for (const term of nearTerms(unit.whole, store)) add(term, TYPO, false);
      return hits;
    }
  }
}

/** Pages holding at least `need` of the pairs; a phrase when they hold all of them. */
function pairHits(pairs: string[], need: number, store: TermStore, seen: Map<string, number>): Map<number, UnitHit> {
  const counts = new Map<number, { count: number; score: number }>();
  for (const pair of pairs) {
    const postings = store.postings(pair);
    if (!postings) continue;
    seen.set(pair, Math.max(seen.get(pair) ?? 0, 1));
    for (const [page, weight] of postings.pages) {
      const entry = counts.get(page);
      if (entry) {
        entry.count++;
        entry.score += weight;
      } else counts.set(page, { count: 1, score: weight });
    }
  }
  const hits = new Map<number, UnitHit>();
  for (const [page, { count, score }] of counts) if (count >= need) hits.set(page, count === pairs.length ? { score: score * PHRASE, phrase: true } : { score, phrase: false });
  return hits;
}

function expansions(store: TermStore, terms: string[]): string[] {
  return terms.length <= MAX_EXPANSION ? terms : [...terms].sort((a, b) => store.frequency(b) - store.frequency(a)).slice(0, MAX_EXPANSION);
}

/** Loaded terms that share the word's first two letters and are one typo away (two for words of nine letters or more). */
export function nearTerms(word: string, store: TermStore): string[] {
  const limit = word.length >= 9 ? 2 : 1;
  return store.termsWithPrefix(word.slice(0, 2)).filter((term) => Math.abs(term.length - word.length) <= limit && editDistance(word, term, limit) <= limit);
}

/** Damerau–Levenshtein distance (adjacent transpositions count one), giving up above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
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
