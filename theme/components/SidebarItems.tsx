import type { SidebarItem } from '@docsgen/shared';
import { SidebarCategory } from './SidebarCategory.js';

/** One level of the sidebar tree. */
export function SidebarItems({ items, activeHref, level }: { items: SidebarItem[]; activeHref: string; level: number }) {
  return (
    <>
      {items.map((item, i) =>
        item.type === 'link' ? (
          <li key={item.href + i} className={`menu__item menu__item--level${level}`}>
            <a className="menu__link" href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {item.label}
            </a>
          </li>
        ) : item.type === 'doc' ? (
          <li key={item.href} className={`menu__item menu__item--level${level}`}>
            <a className={`menu__link${item.href === activeHref ? ' menu__link--active' : ''}`} href={item.href} aria-current={item.href === activeHref ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ) : (
          <SidebarCategory key={item.label + i} item={item} activeHref={activeHref} level={level} />
        ),
      )}
    </>
  );
}
