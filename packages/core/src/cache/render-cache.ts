import type { PageRecord, RenderedPage } from '../render/render-pages.js';
import type { EntryStore } from './entry-store.js';
import { openPackStore } from './pack-store.js';

/** A rendered page as the cache holds it: its files' contents and its record (ids as a list). */
export interface CachedPage {
  record: Omit<PageRecord, 'ids'> & { ids: string[] };
  html: string;
  dataJson: string;
}

/** Rendered pages on disk, by the page key of render-stage.ts, in packs (one per chunk of pages rendered). */
export type RenderCache = EntryStore<CachedPage>;

export function openRenderCache(dir: string): RenderCache {
  return openPackStore<CachedPage>(dir, 'render', (page) => typeof page.html === 'string' && typeof page.dataJson === 'string' && Array.isArray(page.record?.ids));
}

export function toCachedPage({ data: _data, html, dataJson, ids, ...record }: RenderedPage): CachedPage {
  return { record: { ...record, ids: [...ids] }, html, dataJson };
}

/** The page as the build's later stages want it: record with an id set, and what its files need. */
export function fromCachedPage({ record, html, dataJson }: CachedPage): Omit<RenderedPage, 'data'> {
  return { ...record, ids: new Set(record.ids), html, dataJson };
}
