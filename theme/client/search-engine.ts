/**
 * The search engine, a lazily loaded chunk: the lunr index built by the build, queried with the
 * shared tokenizer. Pages containing every query term come first, then pages containing some.
 */
import lunr from 'lunr';
import { textRuns, tokenize, type SearchIndexFile, type SearchPostings, type TokenizeOptions } from '@docsgen/shared';

/** A piece of displayed text, highlighted when it matches the query. */
export interface TextPart {
  text: string;
  match: boolean;
}

/** One page in the results, with its best matching section. */
export interface SearchHit {
  /** Route plus the anchor of the matched heading. */
  url: string;
  route: string;
  title: TextPart[];
  section: string;
  /** The heading the best match falls under; empty for the page's intro. */
  heading: TextPart[];
  excerpt: TextPart[];
  score: number;
  /** True when the page contains every query term. */
  complete: boolean;
}

export interface SearchEngine {
  search(query: string, limit?: number): SearchHit[];
}

type Clause = { term: string; boost?: number; wildcard?: number };

const EXCERPT_CHARS = 90;

/** Loads the index file at `url` and returns an engine over it. */
export async function loadSearchEngine(url: string): Promise<SearchEngine> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return createSearchEngine((await response.json()) as SearchIndexFile);
}

/** An engine over an index file already in memory (the browser after fetching, or tests in node). */
export function createSearchEngine(data: SearchIndexFile, options: TokenizeOptions = {}): SearchEngine {
  if (data.version !== 2) throw new Error(`unsupported search index version ${String(data.version)}`);
  const loaded = lunrIndex(data.index);
  return {
    search(query, limit = 10) {
      const clauses = queryClauses(query, options);
      if (!clauses.length) return [];
      const complete = completeness(query, options, loaded.has);
      const byPage = new Map<number, { ref: number; score: number; complete: boolean }>();
      for (const result of run(loaded, clauses)) {
        const ref = Number(result.ref);
        const page = data.sections[ref][0];
        const found = complete(Object.keys(result.matchData.metadata));
        const seen = byPage.get(page);
        // A page's best section: one with every query term beats one with some, then the higher score.
        if (!seen || Number(found) - Number(seen.complete) > 0 || (found === seen.complete && result.score > seen.score)) byPage.set(page, { ref, score: result.score, complete: found });
      }
      const needles = highlightNeedles(query);
      return [...byPage.values()]
        .sort((a, b) => Number(b.complete) - Number(a.complete) || b.score - a.score)
        .slice(0, limit)
        .map(({ ref, score, complete }) => {
          const [page, anchor, heading, text] = data.sections[ref];
          const [route, title, section] = data.pages[page];
          return {
            url: anchor ? `${route}#${anchor}` : route,
            route,
            title: highlight(title, needles),
            section,
            heading: highlight(heading, needles),
            excerpt: highlight(excerptWindow(text, needles), needles),
            score,
            complete,
          };
        });
    },
  };
}

/** The most terms a wildcard (a lone CJK character, the word being typed) expands to. */
const MAX_EXPANSION = 60;

/** What lunr's query reads, built on demand from the compact postings, plus term lookups. */
export interface LoadedIndex {
  index: lunr.Index;
  has(term: string): boolean;
  /** Terms matching a clause: itself, or for wildcards the most frequent terms that contain or start with it. */
  expand(clause: Clause): string[];
}

/**
 * A lunr index over the compact postings, with the BM25 weights lunr's builder gives (k1 1.2, b 0.75).
 * Posting objects and field vectors are made only for the terms and sections a query touches:
 * making all of them up front (what lunr.Index.load does) takes seconds for 200 Chinese pages.
 */
export function lunrIndex({ fields, boosts, terms, postings, lengths }: SearchPostings): LoadedIndex {
  const F = fields.length;
  const keys = lengths.length;
  const docCount = keys / F;
  const average = fields.map((_, f) => {
    let sum = 0;
    for (let key = f; key < keys; key += F) sum += lengths[key];
    return sum / docCount || 1;
  });
  const termIndex = new Map(terms.map((term, i) => [term, i]));
  // Postings decoded into flat arrays (CSR): term t owns entries start[t] … start[t + 1].
  const start = new Uint32Array(terms.length + 1);
  postings.forEach((list, t) => {
    let n = 0;
    for (const value of list) if (value >= 0) n++;
    start[t + 1] = start[t] + n;
  });
  const postingKey = new Uint32Array(start[terms.length]);
  const postingTf = new Uint16Array(start[terms.length]);
  const perKey = new Uint32Array(keys + 1);
  postings.forEach((list, t) => {
    let key = 0;
    let at = start[t] - 1;
    for (const value of list) {
      if (value < 0) postingTf[at] = -value;
      else {
        key += value;
        postingKey[++at] = key;
        postingTf[at] = 1;
        perKey[key + 1]++;
      }
    }
  });
  for (let key = 0; key < keys; key++) perKey[key + 1] += perKey[key];
  // The forward index, for field vectors: key k owns entries perKey[k] … perKey[k + 1], as (term, posting entry).
  const forwardTerm = new Uint32Array(postingKey.length);
  const forwardEntry = new Uint32Array(postingKey.length);
  const fill = perKey.slice(0, keys);
  for (let t = 0; t < terms.length; t++) {
    for (let e = start[t]; e < start[t + 1]; e++) {
      const at = fill[postingKey[e]]++;
      forwardTerm[at] = t;
      forwardEntry[at] = e;
    }
  }
  const idf = (t: number) => {
    const n = start[t + 1] - start[t];
    return Math.log(1 + Math.abs((docCount - n + 0.5) / (n + 0.5)));
  };
  const weight = (t: number, e: number) => {
    const key = postingKey[e];
    const f = key % F;
    const tf = postingTf[e];
    const score = (idf(t) * (2.2 * tf)) / (1.2 * (0.25 + (0.75 * lengths[key]) / average[f]) + tf);
    return Math.round(score * boosts[f] * 1000) / 1000;
  };

  const invertedIndex = lazy<Record<string, unknown>>((term) => {
    const t = termIndex.get(term);
    if (t === undefined) return undefined;
    const entry: Record<string, unknown> = { _index: t };
    for (const field of fields) entry[field] = {};
    for (let e = start[t]; e < start[t + 1]; e++) {
      (entry[fields[postingKey[e] % F]] as Record<string, object>)[Math.floor(postingKey[e] / F)] = {};
    }
    return entry;
  });
  const fieldIndex = new Map(fields.map((field, f) => [field, f]));
  const fieldVectors = lazy<lunr.Vector>((fieldRef) => {
    const slash = fieldRef.indexOf('/');
    const f = fieldIndex.get(fieldRef.slice(0, slash));
    if (f === undefined) return undefined;
    const key = Number(fieldRef.slice(slash + 1)) * F + f;
    const elements: number[] = [];
    for (let at = perKey[key]; at < perKey[key + 1]; at++) elements.push(forwardTerm[at], weight(forwardTerm[at], forwardEntry[at]));
    return new lunr.Vector(elements);
  });
  const frequency = (term: string) => {
    const t = termIndex.get(term)!;
    return start[t + 1] - start[t];
  };
  const expand = (clause: Clause): string[] => {
    if (!clause.wildcard) return termIndex.has(clause.term) ? [clause.term] : [];
    const matches = clause.wildcard & lunr.Query.wildcard.LEADING ? terms.filter((term) => term.includes(clause.term)) : prefixRange(terms, clause.term);
    return matches.length <= MAX_EXPANSION ? matches : matches.sort((a, b) => frequency(b) - frequency(a)).slice(0, MAX_EXPANSION);
  };
  // @types/lunr names the vectors `documentVectors`; lunr 2.3 reads `fieldVectors`.
  const index = new lunr.Index({
    invertedIndex,
    fieldVectors,
    // Replaced for each query by the expansions `expand` computed (see `run`); lunr's own would take seconds to build.
    tokenSet: new lunr.TokenSet(),
    fields,
    pipeline: new lunr.Pipeline(),
  } as unknown as lunr.Index.Attributes);
  return { index, has: (term) => termIndex.has(term), expand };
}

/** An object whose properties are computed on first read. */
function lazy<T>(make: (key: string) => T | undefined): Record<string, T> {
  const made = new Map<string, T | undefined>();
  return new Proxy({} as Record<string, T>, {
    get(_, key) {
      if (typeof key !== 'string') return undefined;
      if (!made.has(key)) made.set(key, make(key));
      return made.get(key);
    },
  });
}

/** The terms of a sorted list that start with `prefix`. */
function prefixRange(terms: string[], prefix: string): string[] {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (terms[mid] < prefix) low = mid + 1;
    else high = mid;
  }
  const out: string[] = [];
  for (let i = low; i < terms.length && terms[i].startsWith(prefix); i++) out.push(terms[i]);
  return out;
}

/**
 * Whether a section's matched terms cover the whole query: every word (whole, or all its parts) and
 * every character of each CJK run inside some matched bigram. A bigram spanning two words of the
 * query (`关子` in `网关子设备`) may be missing; terms the index never uses are ignored.
 */
function completeness(query: string, options: TokenizeOptions, has: (term: string) => boolean): (matched: string[]) => boolean {
  const checks: ((matched: Set<string>, all: string[]) => boolean)[] = [];
  for (const r of textRuns(query)) {
    const terms = tokenize(r.text, options);
    if (r.kind === 'word') {
      const [whole, ...parts] = terms;
      if (!has(whole) && !parts.length) continue;
      checks.push((matched, all) => matched.has(whole) || (parts.length > 0 && parts.every((p) => matched.has(p))) || all.some((m) => m.startsWith(whole)));
      continue;
    }
    const chars = Array.from(r.text);
    if (chars.length === 1) {
      checks.push((_, all) => all.some((m) => m.includes(chars[0])));
      continue;
    }
    const known = chars.slice(1).map((c, i) => has(chars[i] + c));
    checks.push((matched) =>
      chars.every((_, i) => {
        const left = i > 0 && matched.has(chars[i - 1] + chars[i]);
        const right = i < chars.length - 1 && matched.has(chars[i] + chars[i + 1]);
        // A character whose bigrams the index never uses cannot be asked for.
        return left || right || ((i === 0 || !known[i - 1]) && (i === chars.length - 1 || !known[i]));
      }),
    );
  }
  return (matched) => {
    const set = new Set(matched);
    return checks.every((check) => check(set, matched));
  };
}

/**
 * Runs the clauses as one lunr query (every clause optional; completeness is judged afterwards).
 * lunr asks its token set once per clause, in order, which terms a clause matches: that set is
 * swapped for one answering from the expansions computed here.
 */
function run(loaded: LoadedIndex, clauses: Clause[]): lunr.Index.Result[] {
  const expansions = clauses.map((clause) => loaded.expand(clause));
  const queue = [...expansions];
  const index = loaded.index as unknown as { tokenSet: unknown };
  index.tokenSet = { intersect: () => ({ toArray: () => queue.shift() ?? [] }) };
  return loaded.index.query((q) => {
    clauses.forEach((c) => {
      q.term(c.term, { usePipeline: false, boost: c.boost ?? 1, wildcard: c.wildcard ?? lunr.Query.wildcard.NONE, presence: lunr.Query.presence.OPTIONAL });
    });
  });
}

/**
 * lunr clauses for a query, from the same tokenizer as the index: every CJK bigram and every word; a
 * lone CJK character matches inside any term; the word being typed (no space after it) matches as a
 * prefix; a name (`XYIoT.init`) counts whole and by its parts. All clauses are optional to lunr: the
 * results that hold the whole query (`completeness`) rank first, so a partial match still shows.
 */
function queryClauses(query: string, options: TokenizeOptions): Clause[] {
  const clauses = new Map<string, Clause>();
  const add = (clause: Clause) => {
    const key = clause.term + ':' + (clause.wildcard ?? 0);
    if (!clauses.has(key)) clauses.set(key, clause);
  };
  const runs = textRuns(query);
  const typing = !/\s$/.test(query);
  runs.forEach((r, i) => {
    const terms = tokenize(r.text, options);
    if (r.kind === 'cjk') {
      if (terms.length === 1) add({ term: terms[0], wildcard: lunr.Query.wildcard.LEADING | lunr.Query.wildcard.TRAILING });
      else for (const term of terms) add({ term });
      return;
    }
    const prefix = typing && i === runs.length - 1 ? lunr.Query.wildcard.TRAILING : undefined;
    const [whole, ...parts] = terms;
    if (!parts.length) {
      add({ term: whole, wildcard: prefix });
      if (prefix) add({ term: whole, boost: 2 });
      return;
    }
    // `getDeviceList`: the whole name scores most; its parts (`get`, `device`, `list`) find pages that split it.
    add({ term: whole, boost: 3, wildcard: prefix });
    parts.forEach((part, j) => add({ term: part, wildcard: j === parts.length - 1 ? prefix : undefined }));
  });
  return [...clauses.values()];
}

/** Substrings of the query to mark in titles and excerpts, lowercased: CJK runs as bigrams, words whole and in parts. */
function highlightNeedles(query: string): string[] {
  const needles = new Set<string>();
  for (const r of textRuns(query)) for (const term of tokenize(r.text)) needles.add(term);
  return [...needles].filter(Boolean);
}

/** Match ranges of the needles in `text`, merged. */
function matchRanges(text: string, needles: string[]): [number, number][] {
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return [];
  const ranges: [number, number][] = [];
  for (const needle of needles) {
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) ranges.push([at, at + needle.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** Splits `text` into plain and matched parts. */
export function highlight(text: string, needles: string[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const [start, end] of matchRanges(text, needles)) {
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** About EXCERPT_CHARS characters of `text` around its first match. */
function excerptWindow(text: string, needles: string[]): string {
  if (text.length <= EXCERPT_CHARS) return text;
  const first = matchRanges(text, needles)[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - 20, text.length - EXCERPT_CHARS));
  return (start > 0 ? '…' : '') + text.slice(start, start + EXCERPT_CHARS).trimEnd() + (start + EXCERPT_CHARS < text.length ? '…' : '');
}
