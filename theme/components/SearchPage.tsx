import { useEffect, useState } from 'react';
import { Highlighted } from './Highlighted.js';
import { useFollowToSection } from './use-follow-to-section.js';
import { useSearch } from './use-search.js';

/** Results the page lists; the count above them says how many there are in all. */
const LIMIT = 50;

/** The full results page, /search/?q=…: the best 50 matches and the true total, shareable by URL. */
export function SearchPage() {
  const [query, setQuery] = useState('');
  const [ready, setReady] = useState(false);
  const { results, current, status, retry } = useSearch(query, { active: ready, limit: LIMIT });

  // The query lives in the URL; it is read after hydration, so server and client first render the same empty page.
  useEffect(() => {
    setQuery(new URLSearchParams(location.search).get('q') ?? '');
    setReady(true);
  }, []);

  const update = (value: string) => {
    setQuery(value);
    const url = new URL(location.href);
    if (value) url.searchParams.set('q', value);
    else url.searchParams.delete('q');
    history.replaceState(history.state, '', url.href);
  };

  const trimmed = query.trim();
  const hits = results?.hits ?? [];
  const followToSection = useFollowToSection(hits);
  return (
    <main id="__main" className="search-page">
      <h1 className="search-page__heading">搜索文档</h1>
      <div role="search" className="search-page__form">
        <input
          className="search-page__input"
          type="search"
          aria-label="搜索文档"
          placeholder="输入关键词，例如：固件升级、签名算法、1003"
          enterKeyHint="search"
          value={query}
          onChange={(event) => update(event.target.value)}
        />
      </div>
      {status === 'loading' && trimmed && !results && (
        <p className="search-page__status" role="status">
          正在加载搜索索引…
        </p>
      )}
      {status === 'error' && (
        <div className="load-error" role="alert">
          <p className="load-error__title">搜索索引加载失败</p>
          <button type="button" className="button button--danger" onClick={retry}>
            重试
          </button>
        </div>
      )}
      {status === 'ready' && trimmed && results && current && (
        <p className="search-page__status" role="status">
          {resultCount(trimmed, results.total, hits.length)}
        </p>
      )}
      <ol className="search-page__results">
        {hits.map((hit) => (
          <li key={hit.route} className="search-page__result">
            <a className="search-page__title" href={hit.url} onClick={followToSection(hit)}>
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
            {hit.pending && <p className="search-page__placeholder" aria-hidden="true" />}
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

/** The true count: every match, and how many of them are listed. */
function resultCount(query: string, total: number, shown: number): string {
  if (!total) return `没有找到与“${query}”相关的内容`;
  if (total > shown) return `显示前 ${shown} 条，共 ${total} 条与“${query}”相关的结果`;
  return `共 ${total} 条与“${query}”相关的结果`;
}
