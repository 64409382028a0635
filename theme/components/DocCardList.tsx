import type { SidebarItem } from '@docsgen/shared';
import { hrefOf, pageCount } from './sidebar-tree.js';

/**
 * Sidebar items as cards: a folder shows how many pages it holds and the first of them, a page or link its title (and
 * its description where the page gives them: a generated index, a page with `<DocCardList />`). Built from the sidebar,
 * so a section's index page and the not-found page never go out of date.
 */
export function DocCardList({ items, label, descriptions }: { items: SidebarItem[]; label: string; descriptions?: Record<string, string> }) {
  return (
    <nav aria-label={label}>
      <ul className="doc-cards">
        {items.map((item) => {
          const href = hrefOf(item);
          if (!href) return null;
          return (
            <li key={href}>
              <a className="doc-card" href={href}>
                <span className="doc-card__name">{item.label}</span>
                {item.type !== 'category' && descriptions?.[href] && <span className="doc-card__line">{descriptions[href]}</span>}
                {item.type === 'category' && (
                  <span className="doc-card__line">
                    {pageCount(item)} 篇：
                    {item.items.slice(0, 3).map((child, i, shown) => (
                      <span className="doc-card__page" key={i}>
                        {child.label}
                        {i < shown.length - 1 ? '、' : item.items.length > 3 ? ' 等' : ''}
                      </span>
                    ))}
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
