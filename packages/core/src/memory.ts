import { setFlagsFromString } from 'node:v8';

/**
 * From this many docs parsed or pages rendered the build holds the heap's growth down (below it, the extra collections
 * cost more than they save: at 2,000 pages 1.3 s of user CPU, 13.05 against 11.7 s, medians of six alternating builds,
 * for 40–60 MB less peak).
 */
const LARGE_SITE_DOCS = 5_000;

/**
 * Between full collections V8 lets the old generation grow to several times what was live after the last
 * one. Rendering promotes every page's short-lived strings, so at 10,000 pages the heap reached 1.9 GB
 * around 0.4 GB of live data (1.5 GB with a one-thread V8 pool, which marks more slowly).
 * Capping the growth at 1.5× (V8 reads the flag at every collection) measured 1.0–1.05 GB at the same
 * build time; on this site's 206 pages it cost 0.1 s, hence only for large sites. It is held for the docs parsed and
 * the pages rendered (parse-stage.ts, render-stage.ts), not for the site's docs: a rebuild of 10,000 pages after one
 * edit, which parses one doc and renders one page, spent 0.2 s more on collections that kept its heap 50–80 MB smaller
 * (4.55 against 4.30 s, medians of four alternating rebuilds).
 */
export function holdHeapGrowthFor(docs: number): void {
  if (docs >= LARGE_SITE_DOCS) setFlagsFromString('--heap-growing-percent=50');
}
