import type { KeyedFile } from '../emit/output-sink.js';
import { pageFile, type PageRecord, type RenderedPage } from '../render/render-pages.js';
import type { EntryStore } from './entry-store.js';
import { openPackStore } from './pack-store.js';

/**
 * A rendered page as the cache holds it: its record (ids as a list) and its HTML's bytes. UTF-8 bytes rather than
 * strings: V8's format keeps a string as it is in memory, and a page's HTML, Chinese text in ASCII markup, is held with
 * two bytes per character, which made the render packs half as large again as UTF-8 (117 MB against 80 MB at 2,000 pages).
 */
export interface CachedPage {
  record: Omit<PageRecord, 'ids'> & { ids: string[] };
  html: Uint8Array;
}

/** Rendered pages on disk, by the page key of render-stage.ts, in packs (one per chunk of pages rendered). */
export type RenderCache = EntryStore<CachedPage>;

export function openRenderCache(dir: string): RenderCache {
  return openPackStore<CachedPage>(dir, 'render', (page) => page.html instanceof Uint8Array && Array.isArray(page.record?.ids));
}

export function toCachedPage({ data: _data, html, ids, ...record }: RenderedPage): CachedPage {
  return { record: { ...record, ids: [...ids] }, html: Buffer.from(html) };
}

/**
 * A rendered page's file and its cache entry, sharing one encoding of its HTML (writing a string encodes it anyway).
 * Not for files sent from a worker: a small Buffer is a view of a shared 8 KB slab, which a message copies whole.
 */
export function pageFileAndEntry(rendered: RenderedPage, key: string): { file: KeyedFile; entry: CachedPage } {
  const entry = toCachedPage(rendered);
  return { file: pageFile({ file: rendered.file, html: entry.html }, key), entry };
}

/** The page as the build's later stages want it: record with an id set, and its HTML's bytes. */
export function fromCachedPage({ record, html }: CachedPage): PageRecord & Pick<CachedPage, 'html'> {
  return { ...record, ids: new Set(record.ids), html };
}
