import { useState } from 'react';
import type { TocItem } from '@docsgen/shared';
import { Collapsible } from './Collapsible.js';
import { TocList } from './TocList.js';

/** The table of contents above the content on narrow screens, closed until asked for. */
export function TocCollapsible({ toc }: { toc: TocItem[] }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <div className="toc-mobile">
      <button type="button" className="toc-mobile__button" aria-expanded={expanded} aria-controls="toc-mobile-list" onClick={() => setExpanded(!expanded)}>
        本页目录
      </button>
      <Collapsible expanded={expanded} id="toc-mobile-list" className="toc-mobile__list">
        <li onClick={(event) => (event.target as Element).closest('a') && setExpanded(false)}>
          <TocList toc={toc} className="toc__list" />
        </li>
      </Collapsible>
    </div>
  );
}
