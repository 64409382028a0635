import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { isComposing } from '../client/composing.js';
import { SearchIcon } from './icons.js';
import { SearchResultLink } from './SearchResultLink.js';
import { useSite } from './SiteContext.js';
import { useFollowToSection } from './use-follow-to-section.js';
import { useSearch } from './use-search.js';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The navbar search: an ARIA combobox whose results (links, so they open in a new tab too) appear as you
 * type; the search worker and the index load on first focus or shortcut.
 */
export function SearchBox() {
  const { site } = useSite();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  // While an input method composes, the field shows its pinyin but the search keeps the text committed so far.
  const [committed, setCommitted] = useState('');
  const [composing, setComposing] = useState(false);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [active, setActive] = useState(0);
  const [shortcut, setShortcut] = useState('Ctrl K');
  const searched = composing ? committed : query;
  const { results, current, status, retry } = useSearch(searched, { active: used, limit: 8 });

  // `/`, Ctrl+K and ⌘K focus the visible box (the navbar one, or the mobile menu's when it is open).
  useEffect(() => {
    setShortcut(isMac() ? '⌘K' : 'Ctrl K');
    const onKey = (event: KeyboardEvent) => {
      const box = input.current;
      if (!box || box.offsetParent === null || document.activeElement === box || isComposing(event)) return;
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

  const hits = results?.hits ?? [];
  // Once a result is followed the box lets go of the focus: focused, it widens over the navbar's links.
  const followToSection = useFollowToSection(hits, () => {
    setOpen(false);
    input.current?.blur();
  });
  const expanded = open && searched.trim() !== '' && status !== 'idle';
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => setActive(0), [searched]);
  useEffect(() => {
    list.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    // With an input method composing, Enter and the arrows belong to it (choosing and committing characters).
    if (isComposing(event.nativeEvent)) return;
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
        if (!expanded || !hits[active]) return;
        event.preventDefault();
        // The option is a link: following it lets client navigation take over, as a click would.
        list.current?.querySelector<HTMLAnchorElement>(`[id="${optionId(active)}"]`)?.click();
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
          setUsed(true);
          setOpen(true);
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          if (!composing) setCommitted(event.target.value);
          setOpen(true);
          setUsed(true);
        }}
        onCompositionStart={() => setComposing(true)}
        onCompositionEnd={(event) => {
          setComposing(false);
          setCommitted(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
      />
      <kbd className="search-box__kbd" aria-hidden="true">{shortcut}</kbd>
      {/* A press inside the dropdown must not move focus out of the field: that would close the list before the click lands. */}
      <div className={`search-box__dropdown${expanded ? ' search-box__dropdown--open' : ''}`} onMouseDown={(event) => event.preventDefault()}>
        {expanded && status === 'loading' && !results && (
          <div className="search-box__status" role="status">
            <span className="search-box__spinner" aria-hidden="true" />
            正在加载搜索索引…
          </div>
        )}
        {expanded && status === 'error' && (
          <div className="search-box__error" role="alert">
            <span>搜索索引加载失败，请检查网络后重试。</span>
            <button
              type="button"
              className="search-box__retry"
              onClick={() => {
                retry();
                input.current?.focus();
              }}
            >
              重试
            </button>
          </div>
        )}
        {expanded && status === 'ready' && current && !hits.length && (
          <div className="search-box__status" role="status">
            没有找到与“{searched.trim()}”相关的内容
          </div>
        )}
        <div ref={list} id={`${id}-listbox`} role="listbox" aria-label="搜索结果" className="search-box__results" hidden={!expanded || !hits.length}>
          {expanded &&
            hits.map((hit, i) => (
              <SearchResultLink key={hit.route} id={optionId(i)} hit={hit} selected={i === active} onPointerEnter={() => setActive(i)} onFollow={followToSection(hit)} />
            ))}
        </div>
        {expanded && results && hits.length > 0 && (
          <a className="search-box__all" href={`${site.baseUrl}search/?q=${encodeURIComponent(searched.trim())}`} onClick={() => setOpen(false)}>
            {results.total > hits.length ? `查看全部 ${results.total} 条搜索结果` : '查看全部搜索结果'}
          </a>
        )}
      </div>
    </div>
  );
}
