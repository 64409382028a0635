import { useEffect, useId, useState } from 'react';
import type { SidebarCategoryItem, SidebarItem } from '@docsgen/shared';
import { Collapsible } from './Collapsible.js';
import { SidebarItems } from './SidebarItems.js';
import { ChevronIcon } from './icons.js';

// Every page asks each visible folder whether it holds the active page; remembering each folder's
// links once keeps rendering N pages linear instead of quadratic in the size of the sidebar.
const hrefsByFolder = new WeakMap<SidebarItem[], Set<string>>();

function hrefsUnder(items: SidebarItem[]): Set<string> {
  let hrefs = hrefsByFolder.get(items);
  if (!hrefs) {
    hrefs = new Set();
    for (const item of items) {
      if (item.href) hrefs.add(item.href);
      if (item.type === 'category') for (const href of hrefsUnder(item.items)) hrefs.add(href);
    }
    hrefsByFolder.set(items, hrefs);
  }
  return hrefs;
}

export function containsHref(items: SidebarItem[], href: string): boolean {
  return hrefsUnder(items).has(href);
}

/** A sidebar folder: expanded when it holds the active page, otherwise as configured; toggled by its button. */
export function SidebarCategory({ item, activeHref, level }: { item: SidebarCategoryItem; activeHref: string; level: number }) {
  const holdsActive = item.href === activeHref || containsHref(item.items, activeHref);
  const [expanded, setExpanded] = useState(holdsActive || !item.collapsed);
  const listId = useId();
  useEffect(() => {
    if (holdsActive) setExpanded(true);
  }, [holdsActive, activeHref]);
  const isActive = item.href === activeHref;
  const toggle = (
    <button type="button" className="menu__caret" aria-expanded={expanded} aria-controls={listId} aria-label={`${expanded ? '折叠' : '展开'}「${item.label}」`} onClick={() => setExpanded(!expanded)}>
      <ChevronIcon />
    </button>
  );
  return (
    <li className={`menu__item menu__item--category menu__item--level${level}${expanded ? '' : ' menu__item--collapsed'}`}>
      <div className="menu__category">
        {item.href ? (
          <a className={`menu__link menu__link--sublist${isActive ? ' menu__link--active' : ''}`} href={item.href} aria-current={isActive ? 'page' : undefined} onClick={() => setExpanded(true)}>
            {item.label}
          </a>
        ) : (
          <button type="button" className="menu__link menu__link--sublist" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
            {item.label}
          </button>
        )}
        {item.href && toggle}
      </div>
      <Collapsible expanded={expanded} id={listId} className="menu__list">
        <SidebarItems items={item.items} activeHref={activeHref} level={level + 1} />
      </Collapsible>
    </li>
  );
}
