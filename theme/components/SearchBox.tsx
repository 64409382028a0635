import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { SearchEngine, SearchHit, TextPart } from '../client/search-engine.js';
import { SearchIcon } from './icons.js';
import { useSite } from './SiteContext.js';

type Status = 'idle' | 'loading' | 'error' | 'ready';

// One load per page view, shared by the navbar and mobile-menu boxes: the lazy chunk and the index.
const engines = new Map<string, Promise<SearchEngine>>();

/** Loads lunr (a separate chunk) and the index at `url`; a failed load is forgotten so Retry fetches again. */
export function loadEngine(url: string): Promise<SearchEngine> {
  let pending = engines.get(url);
  if (!pending) {
    pending = import('../client/search-engine.js').then((module) => module.loadSearchEngine(url));
    pending.catch(() => engines.delete(url));
    engines.set(url, pending);
  }
  return pending;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The navbar search: an ARIA combobox whose results appear as you type; the index loads on first focus or shortcut. */
export function SearchBox() {
  const { site } = useSite();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [engine, setEngine] = useState<SearchEngine | null>(null);
  const [active, setActive] = useState(0);
  const [shortcut, setShortcut] = useState('Ctrl K');
  const url = site.searchIndexUrl;

  const load = (retry = false) => {
    if (!url || engine || (status === 'loading' && !retry) || (status === 'error' && !retry)) return;
    setStatus('loading');
    loadEngine(url).then(
      (loaded) => {
        setEngine(loaded);
        setStatus('ready');
      },
      () => setStatus('error'),
    );
  };

  // `/`, Ctrl+K and ⌘K focus the visible box (the navbar one, or the mobile menu's when it is open).
  useEffect(() => {
    setShortcut(isMac() ? '⌘K' : 'Ctrl K');
    const onKey = (event: KeyboardEvent) => {
      const box = input.current;
      if (!box || box.offsetParent === null || document.activeElement === box) return;
      const target = event.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      const slash = event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
      const k = event.key.toLowerCase() === 'k' && (isMac() ? event.metaKey : event.ctrlKey) && !event.altKey && !event.shiftKey;
      if (!slash && !k) return;
      const boxes = [...document.querySelectorAll<HTMLInputElement>('.search-box__input')].filter((el) => el.offsetParent !== null);
      // The mobile menu's box, when shown, comes last in the document and wins.
      if (boxes[boxes.length - 1] !== box) return;
      event.preventDefault();
      box.focus();
      box.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const hits: SearchHit[] = engine && query.trim() ? engine.search(query, 8) : [];
  const expanded = open && query.trim() !== '' && status !== 'idle';
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    list.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const go = (i: number) => {
    const hit = hits[i];
    if (!hit) return;
    // Options hold no links (a link inside an option is a nested control); a transient link lets client navigation take over.
    const anchor = document.createElement('a');
    anchor.href = hit.url;
    anchor.hidden = true;
    list.current?.parentElement?.append(anchor);
    anchor.click();
    anchor.remove();
    setOpen(false);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!hits.length) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + hits.length) % hits.length);
        return;
      }
      case 'Enter':
        if (!expanded || !hits.length) return;
        event.preventDefault();
        go(active);
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
        } else if (query) {
          setQuery('');
        } else {
          input.current?.blur();
        }
        return;
    }
  };

  return (
    <div
      className="search-box"
      role="search"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <SearchIcon />
      <input
        ref={input}
        type="search"
        className="search-box__input"
        placeholder="搜索文档"
        aria-label="搜索文档"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && hits.length ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={query}
        onFocus={() => {
          load();
          setOpen(true);
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          load();
        }}
        onKeyDown={onKeyDown}
      />
      <kbd className="search-box__kbd" aria-hidden="true">{shortcut}</kbd>
      <div className={`search-box__dropdown${expanded ? ' search-box__dropdown--open' : ''}`}>
        {expanded && status === 'loading' && (
          <div className="search-box__status" role="status">
            <span className="search-box__spinner" aria-hidden="true" />
            正在加载搜索索引…
          </div>
        )}
        {expanded && status === 'error' && (
          <div className="search-box__error" role="alert">
            <span>搜索索引加载失败，请检查网络后重试。</span>
            <button type="button" className="search-box__retry" onClick={() => {
                load(true);
                input.current?.focus();
              }}>
              重试
            </button>
          </div>
        )}
        {expanded && status === 'ready' && !hits.length && (
          <div className="search-box__status" role="status">
            没有找到与“{query.trim()}”相关的内容
          </div>
        )}
        <ul ref={list} id={`${id}-listbox`} role="listbox" aria-label="搜索结果" className="search-box__results" hidden={!expanded || !hits.length}>
          {expanded &&
            hits.map((hit, i) => (
              <li key={hit.url} id={optionId(i)} role="option" aria-selected={i === active} className="search-result" onMouseEnter={() => setActive(i)} onClick={() => go(i)}>
                <span className="search-result__link" data-href={hit.url}>
                  <span className="search-result__title">
                    <span>
                      <Highlighted parts={hit.title} />
                    </span>
                    {hit.section && hit.section !== hit.title.map((p) => p.text).join('') && <span className="search-result__section">{hit.section}</span>}
                  </span>
                  {hit.heading.length > 0 && (
                    <span className="search-result__heading">
                      <Highlighted parts={hit.heading} />
                    </span>
                  )}
                  {hit.excerpt.length > 0 && (
                    <span className="search-result__excerpt">
                      <Highlighted parts={hit.excerpt} />
                    </span>
                  )}
                </span>
              </li>
            ))}
        </ul>
        {expanded && status === 'ready' && hits.length > 0 && (
          <a className="search-box__all" href={`${site.baseUrl}search/?q=${encodeURIComponent(query.trim())}`} onClick={() => setOpen(false)}>
            查看全部搜索结果
          </a>
        )}
      </div>
    </div>
  );
}

/** Text with the matched parts in <mark>, built as React elements (never innerHTML). */
export function Highlighted({ parts }: { parts: TextPart[] }) {
  return <>{parts.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}
