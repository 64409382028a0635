import type { MouseEventHandler } from 'react';
import type { SearchHit } from '../client/search-engine.js';
import { Highlighted } from './Highlighted.js';

interface SearchResultLinkProps {
  id: string;
  hit: SearchHit;
  selected: boolean;
  onPointerEnter: () => void;
  /** The link's click handler (see useFollowToSection). */
  onFollow: MouseEventHandler<HTMLAnchorElement>;
}

/** One option of the search dropdown: a real link (click, tap, middle-click, copy link), titled, sectioned and excerpted. */
export function SearchResultLink({ id, hit, selected, onPointerEnter, onFollow }: SearchResultLinkProps) {
  const title = hit.title.map((p) => p.text).join('');
  return (
    <a id={id} href={hit.url} role="option" aria-selected={selected} className="search-result" onPointerEnter={onPointerEnter} onClick={onFollow}>
      <span className="search-result__title">
        <span>
          <Highlighted parts={hit.title} />
        </span>
        {hit.section && hit.section !== title && <span className="search-result__section">{hit.section}</span>}
      </span>
      {hit.heading.length > 0 && (
        <span className="search-result__heading">
          <Highlighted parts={hit.heading} />
        </span>
      )}
      {/* Shown at once with its title, a result keeps a line for the excerpt its page file is bringing. */}
      {hit.pending && <span className="search-result__placeholder" aria-hidden="true" />}
      {hit.excerpt.length > 0 && (
        <span className="search-result__excerpt">
          <Highlighted parts={hit.excerpt} />
        </span>
      )}
    </a>
  );
}
