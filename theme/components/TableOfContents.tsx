import { useEffect, useState } from 'react';
import type { TocItem } from '@docsgen/shared';
import { TocList } from './TocList.js';

/** Offset below the sticky navbar at which a heading counts as "being read". */
const ACTIVE_OFFSET = 100;

/** The right-hand table of contents on wide screens, highlighting the heading in view. */
export function TableOfContents({ toc }: { toc: TocItem[] }) {
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  useEffect(() => {
    const update = () => {
      let current: string | undefined;
      for (const item of toc) {
        const heading = document.getElementById(item.id);
        if (heading && heading.getBoundingClientRect().top <= ACTIVE_OFFSET) current = item.id;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setActiveId(atBottom && toc.length ? toc[toc.length - 1].id : current ?? toc[0]?.id);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [toc]);
  return (
    <nav className="toc" aria-label="本页目录">
      <p className="toc__title">本页目录</p>
      <TocList toc={toc} activeId={activeId} className="toc__list" />
    </nav>
  );
}
