import { useEffect, useRef, useState } from 'react';
import { searchInWorker } from '../client/search-client.js';
import type { SearchResults } from '../client/search-engine.js';
import { useSite } from './SiteContext.js';

export type SearchStatus = 'idle' | 'loading' | 'error' | 'ready';

/**
 * Runs `query` in the search worker while `active` (the worker and the index load on first activation),
 * keeping the last results on screen until the new ones arrive. `retry` asks again after an error.
 */
export function useSearch(query: string, { active, limit }: { active: boolean; limit: number }) {
  const { site } = useSite();
  const [results, setResults] = useState<SearchResults | null>(null);
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [attempt, setAttempt] = useState(0);
  const trimmed = query.trim();
  // Replies arrive in bursts (partial results, then all of them): the dropdown renders at most once a frame.
  const pending = useRef<{ results: SearchResults | null; frame: number }>({ results: null, frame: 0 });
  const show = (next: SearchResults | null) => {
    pending.current.results = next;
    if (pending.current.frame) return;
    pending.current.frame = requestAnimationFrame(() => {
      pending.current.frame = 0;
      setResults(pending.current.results);
      setStatus('ready');
    });
  };

  useEffect(() => {
    const { searchIndexUrl: indexUrl, searchWorkerUrl: workerUrl } = site;
    if (!active || !indexUrl || !workerUrl) return;
    setStatus((current) => (current === 'ready' && trimmed ? 'ready' : 'loading'));
    // An empty query only opens the index, so the first real one does not wait for the meta file.
    return searchInWorker(
      { workerUrl, indexUrl, query: trimmed, limit },
      {
        onResults: (next) => show(trimmed ? next : null),
        onError: () => setStatus('error'),
      },
    );
  }, [active, trimmed, limit, attempt, site]);

  return {
    /** The latest results, possibly of the previous query while the new one runs. */
    results: trimmed ? results : null,
    /** Whether `results` answer the query as it is now. */
    current: results?.query === trimmed,
    status,
    retry: () => setAttempt((n) => n + 1),
  };
}
