import type { ParsedDoc } from '../markdown/parse-docs.js';
import { openEntryStore, type EntryStore } from './entry-store.js';

/** A parsed doc as the cache holds it: everything but its source, which the build has already read. */
export type CachedDoc = Omit<ParsedDoc, 'source'>;

/** Parsed docs on disk, by the content key of parse-stage.ts. */
export type ParseCache = EntryStore<CachedDoc>;

export function openParseCache(dir: string): ParseCache {
  return openEntryStore<CachedDoc>(dir, 'parse', (doc) => typeof doc.html === 'string' && Array.isArray(doc.links) && Array.isArray(doc.sections) && Array.isArray(doc.bodyPairs?.across));
}
