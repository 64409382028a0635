import { useContext, useState } from 'react';
import { PrerenderedSidebar } from './PrerenderedSidebar.js';
import { useSite } from './SiteContext.js';
import { SidebarItems } from './SidebarItems.js';

/** docSidebar on wide screens: scrolls on its own, collapses to a thin rail, never disappears. */
export function DocSidebar({ activeHref }: { activeHref: string }) {
  const { sidebar } = useSite();
  const prerendered = useContext(PrerenderedSidebar);
  const [rail, setRail] = useState(false);
  if (rail) {
    return (
      <aside className="doc-sidebar doc-sidebar--rail">
        <button type="button" className="doc-sidebar__expand" aria-label="展开侧边栏" title="展开侧边栏" onClick={() => setRail(false)}>
          »
        </button>
      </aside>
    );
  }
  if (prerendered !== undefined) return <aside className="doc-sidebar" dangerouslySetInnerHTML={{ __html: prerendered }} />;
  return (
    <aside className="doc-sidebar">
      <nav className="menu" aria-label="文档侧边栏">
        <ul className="menu__list">
          <SidebarItems items={sidebar} activeHref={activeHref} level={1} />
        </ul>
      </nav>
      <button type="button" className="doc-sidebar__collapse" aria-label="收起侧边栏" title="收起侧边栏" onClick={() => setRail(true)}>
        «
      </button>
    </aside>
  );
}
