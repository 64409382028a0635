/**
 * The search engine (it runs in the search worker; tests and the benchmark run it in node): reads the
 * sharded index through `read`, fetching the meta file and the titles once, then per query only the shards
 * of its terms not fetched yet, and the page files of the results it shows.
 */
import { SEARCH_INDEX_VERSION, tokenize, type SearchMeta, type SearchPageFile, type SearchPageSections, type SearchPageTitles } from '@docsgen/shared';
import { matchPages, typoShards, unitTerms } from './search/match-pages.js';
import { planQuery, type Unit } from './search/query-plan.js';
import { TermStore } from './search/term-store.js';

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
  /** True when every part of the query is found as written (not only by scattered character pairs or a typo). */
  phrase: boolean;
  /** True while its page file is on its way: title and section are known, heading and excerpt not yet (both empty). */
  pending: boolean;
}

export interface SearchResults {
  query: string;
  /** Every page that matches, not only those shown. */
  total: number;
  /** The first `limit` of them, best first. */
  hits: SearchHit[];
}

export interface SearchOptions {
  limit?: number;
  /**
   * Called as the results fill in: first with every result shown, titled but `pending` (as soon as the
   * shards are in), then again as each one's page file brings its heading and excerpt. The promise gives
   * them complete.
   */
  onPartial?: (results: SearchResults) => void;
}

export interface SearchEngine {
  search(query: string, options?: SearchOptions): Promise<SearchResults>;
}

/** Reads one file of the index folder (the meta file, and the titles, shards and page files it names) as parsed JSON. */
export type ReadIndexFile = (name: string) => Promise<unknown>;

const EXCERPT_CHARS = 90;

interface OpenIndex {
  meta: SearchMeta;
  store: TermStore;
  /** Fetched beside the meta file; a query waits for it only once it knows its results. */
  titles: Promise<SearchPageTitles>;
}

/**
 * An engine over the index that `read` serves, whose meta file is `metaFile` (`meta.<hash>.json`); nothing is fetched
 * until the first query. An empty query opens the index: it fetches the meta file and the titles (as focusing the
 * search box does), and finds nothing.
 */
export function createSearchEngine(read: ReadIndexFile, metaFile: string): SearchEngine {
  let opened: Promise<OpenIndex> | undefined;
  const forget = (error: unknown) => {
    opened = undefined;
    throw error;
  };
  const open = () =>
    (opened ??= (read(metaFile) as Promise<SearchMeta>)
      .then((meta) => {
        if (meta.version !== SEARCH_INDEX_VERSION) throw new Error(`unsupported search index version ${String(meta.version)}`);
        const titles = (read(meta.files.titles) as Promise<SearchPageTitles>).catch(forget);
        // Awaited by every query, which reports a failure; not an unhandled rejection meanwhile.
        titles.catch(() => undefined);
        return { meta, store: new TermStore(meta.shardStarts, meta.files.shards, read, meta.pageCount), titles };
      })
      .catch(forget));
  const pageFiles = new Map<number, Promise<SearchPageFile>>();
  const pageSections = async (page: number, meta: SearchMeta): Promise<SearchPageSections> => {
    const file = Math.floor(page / meta.pagesPerFile);
    let pending = pageFiles.get(file);
    if (!pending) {
      pending = read(meta.files.pages[file]) as Promise<SearchPageFile>;
      pending.catch(() => pageFiles.delete(file));
      pageFiles.set(file, pending);
    }
    return (await pending)[page % meta.pagesPerFile];
  };

  return {
    async search(query, { limit = 10, onPartial } = {}) {
      const { meta, store, titles } = await open();
      const requirements = planQuery(query, meta);
      const units = requirements.flatMap((r) => r.alternatives.flatMap((a) => a.units));
      if (!units.length) {
        await titles;
        return { query, total: 0, hits: [] };
      }
      await store.load(
        units.flatMap((unit) => {
          const { exact, prefixes } = unitTerms(unit);
          return [...exact.map((term) => store.shardOfTerm(term)), ...prefixes.flatMap((prefix) => store.shardsOfPrefix(prefix)), ...typoShards(unit, store)];
        }),
      );
      const { total, pages: shown, terms } = matchPages(requirements, store, limit);
      // A loose alternative's run (发票 of 开发票) is marked as a term, not as a whole run inside the query's own.
      const needles = highlightNeedles(requirements.flatMap((r) => r.alternatives.flatMap((a) => (a.loose ? [] : a.units))), [...terms.keys()]);
      const { labels, pages: titled } = await titles;
      const hits = shown.map((match): SearchHit => {
        const [route, title, label] = titled[match.page];
        const phrase = match.phrases === requirements.length;
        return { url: route, route, title: highlight(title, needles(title)), section: labels[label], heading: [], excerpt: [], score: match.score, phrase, pending: true };
      });
      const results = () => ({ query, total, hits: [...hits] });
      if (hits.length) onPartial?.(results());
      await Promise.all(
        shown.map(async (match, i) => {
          const sections = await pageSections(match.page, meta);
          hits[i] = withSection(hits[i], sections[bestSection(sections, terms, meta.dictionary, needles)], needles);
          onPartial?.(results());
        }),
      );
      return results();
    },
  };
}

/** The section to show: the one whose heading holds the most query terms, else whose text shows the most of them, else the intro. */
function bestSection(sections: SearchPageSections, terms: Map<string, number>, dictionary: readonly string[], needles: (text: string) => string[]): number {
  const scores = new Float64Array(sections.length);
  sections.forEach(([, heading, text], s) => {
    for (const term of new Set(tokenize(heading, { dictionary }))) scores[s] += 10 * (terms.get(term) ?? 0);
    const lower = text.toLowerCase();
    for (const needle of needles(text)) if (lower.includes(needle)) scores[s] += 1;
  });
  let best = 0;
  scores.forEach((score, s) => {
    if (score > scores[best]) best = s;
  });
  return best;
}

/**
 * What to mark in a text: the matched terms (one-letter words left out), except that where a Chinese
 * run of the query appears whole, it is marked whole and its pairs are not marked elsewhere in that text.
 */
function highlightNeedles(units: Unit[], terms: string[]): (text: string) => string[] {
  const runs = units.flatMap((unit) => (unit.kind === 'pairs' ? [unit] : []));
  const marked = terms.filter((term) => term.length > 1 || !/[a-z0-9]/.test(term));
  return (text) => {
    const lower = text.toLowerCase();
    const whole = runs.filter((run) => lower.includes(run.text));
    if (!whole.length) return marked;
    const covered = new Set(whole.flatMap((run) => run.pairs));
    return [...whole.map((run) => run.text), ...marked.filter((term) => !covered.has(term))];
  };
}

/** The titled hit completed with the section to show: its anchor, heading and an excerpt around the first match. */
function withSection(hit: SearchHit, section: SearchPageSections[number] | undefined, needles: (text: string) => string[]): SearchHit {
  const [anchor, heading, text] = section ?? ['', '', ''];
  const excerpt = excerptWindow(text, needles(text));
  return {
    ...hit,
    url: anchor ? `${hit.route}#${anchor}` : hit.route,
    heading: highlight(heading, needles(heading)),
    excerpt: highlight(excerpt, needles(excerpt)),
    pending: false,
  };
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
