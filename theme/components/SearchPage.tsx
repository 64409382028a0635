import { useEffect, useState } from 'react';
import type { SearchEngine, SearchHit } from '../client/search-engine.js';
import { Highlighted, loadEngine } from './SearchBox.js';
import { useSite } from './SiteContext.js';

type Status = 'loading' | 'error' | 'ready';

/** The full results page, /search/?q=…: every match, shareable by URL. */
export function SearchPage() {
  const { site } = useSite();
  const [query, setQuery] = useState('');
  const [engine, setEngine] = useState<SearchEngine | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);

  // The query lives in the URL; it is read after hydration, so server and client first render the same empty page.
  useEffect(() => {
    setQuery(new URLSearchParams(location.search).get('q') ?? '');
  }, []);

  useEffect(() => {
    if (!site.searchIndexUrl) return;
    setStatus('loading');
    loadEngine(site.searchIndexUrl).then(
      (loaded) => {
        setEngine(loaded);
        setStatus('ready');
      },
      () => setStatus('error'),
    );
  }, [site.searchIndexUrl, attempt]);

  const update = (value: string) => {
    setQuery(value);
    const url = new URL(location.href);
    if (value) url.searchParams.set('q', value);
    else url.searchParams.delete('q');
    history.replaceState(history.state, '', url.href);
  };

  const hits: SearchHit[] = engine && query.trim() ? engine.search(query, 50) : [];
  return (
    <main id="__main" className="search-page">
      <h1>搜索文档</h1>
      <div role="search">
        <input className="search-page__input" type="search" aria-label="搜索文档" placeholder="输入关键词，例如：固件升级、签名算法、1003" value={query} onChange={(event) => update(event.target.value)} />
      </div>
      {status === 'loading' && query && (
        <p className="search-page__status" role="status">
          正在加载搜索索引…
        </p>
      )}
      {status === 'error' && (
        <div className="load-error" role="alert">
          <p className="load-error__title">搜索索引加载失败</p>
          <button type="button" className="button button--danger" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </button>
        </div>
      )}
      {status === 'ready' && query.trim() && (
        <p className="search-page__status" role="status">
          {hits.length ? `找到 ${hits.length} 个与“${query.trim()}”相关的页面` : `没有找到与“${query.trim()}”相关的内容`}
        </p>
      )}
      <ol className="search-page__results">
        {hits.map((hit) => (
          <li key={hit.url} className="search-page__result">
            <a className="search-page__title" href={hit.url}>
              <Highlighted parts={hit.title} />
            </a>
            <p className="search-page__meta">
              {hit.section}
              {hit.heading.length > 0 && (
                <>
                  {' › '}
                  <Highlighted parts={hit.heading} />
                </>
              )}
            </p>
            {hit.excerpt.length > 0 && (
              <p className="search-page__excerpt">
                <Highlighted parts={hit.excerpt} />
              </p>
            )}
          </li>
        ))}
      </ol>
    </main>
  );
}
