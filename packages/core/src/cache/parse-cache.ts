import type { DocSource } from '../content/scan-content.js';
import type { ParsedDoc } from '../markdown/parse-docs.js';
import { pairsOfText, type PairsByWord } from '../search/pairs-by-word.js';
import { openPackStore } from './pack-store.js';

/**
 * A parsed doc as the cache's main entry holds it: everything but its source, its body's HTML (with whether that holds
 * cards) and its pairs by word, which follow from its text (pairsOfText) and are read only when its page is tokenised
 * for search, that is when its text changed (then it was parsed, not cached) or the search terms table is rebuilt.
 */
export type CachedDoc = Omit<ParsedDoc, 'source' | 'html' | 'bodyPairs'> & { cardList: boolean };

/**
 * Parsed docs on disk, by the content key of parse-stage.ts, in two entries each: the doc's HTML body apart (`parse-html/`),
 * read only for a doc whose page is rendered again or whose body holds cards (a third of each entry: at 10,000 docs,
 * reading and decoding every entry whole was most of a warm build's parse stage).
 */
export interface ParseCache {
  /** The docs found, each with a body read when first asked for (reparse makes it again when its entry is bad). */
  load(keys: string[], sources: DocSource[], reparse: (source: DocSource) => ParsedDoc): Promise<Map<string, ParsedDoc>>;
  store(entries: [key: string, doc: ParsedDoc][]): Promise<void>;
}

/** What a doc page's body holds where `<DocCardList />` was (see category-cards.ts). */
const CARD_LIST_MARK = 'data-doc-card-list';

const withoutCardList = new WeakSet<ParsedDoc>();
const cachedDocs = new WeakSet<ParsedDoc>();

/** Whether the doc's pairs by word are worked out from its text when read (a cached doc's), rather than held. */
export function pairsFromText(doc: ParsedDoc): boolean {
  return cachedDocs.has(doc);
}

/** Whether the doc's body may hold cards of other docs: false without reading a cached doc's body. */
export function mayHoldCardList(doc: ParsedDoc): boolean {
  return !withoutCardList.has(doc) && doc.html.includes(CARD_LIST_MARK);
}

export function openParseCache(dir: string): ParseCache {
  const docs = openPackStore<CachedDoc>(dir, 'parse', (doc) => typeof doc.cardList === 'boolean' && Array.isArray(doc.links) && Array.isArray(doc.sections));
  const bodies = openPackStore<{ html: string }>(dir, 'parse-html', (body) => typeof body.html === 'string');
  return {
    async load(keys, sources, reparse) {
      const found = new Map<string, ParsedDoc>();
      const cached = await docs.load(keys);
      keys.forEach((key, i) => {
        const entry = cached.get(key);
        if (!entry) return;
        const { cardList, ...rest } = entry;
        let html: string | undefined;
        let pairs: PairsByWord | undefined;
        const doc = { ...rest, source: sources[i] } as ParsedDoc;
        Object.defineProperties(doc, {
          html: { enumerable: true, get: () => (html ??= bodies.loadOne(key)?.html ?? repaired(key, reparse(sources[i]))) },
          bodyPairs: { enumerable: true, get: () => (pairs ??= pairsOfText(doc)) },
        });
        cachedDocs.add(doc);
        if (!cardList) withoutCardList.add(doc);
        found.set(key, doc);
      });
      return found;
    },
    async store(entries) {
      await Promise.all([
        docs.store(entries.map(([key, { source: _source, html, bodyPairs: _pairs, ...doc }]) => [key, { ...doc, cardList: html.includes(CARD_LIST_MARK) }])),
        bodies.store(entries.map(([key, doc]) => [key, { html: doc.html }])),
      ]);
    },
  };

  /** A body whose entry was missing, truncated or corrupted, parsed again and rewritten. */
  function repaired(key: string, doc: ParsedDoc): string {
    bodies.storeOne(key, { html: doc.html });
    return doc.html;
  }
}
