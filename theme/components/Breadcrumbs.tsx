import type { NavLink } from '@docsgen/shared';
import { useSite } from './SiteContext.js';
import { HomeIcon } from './icons.js';

/** Where the doc sits: home, then its folders. */
export function Breadcrumbs({ items }: { items: NavLink[] }) {
  const { site } = useSite();
  return (
    <nav className="breadcrumbs" aria-label="面包屑导航">
      <ol>
        <li>
          <a href={site.baseUrl} aria-label="首页">
            <HomeIcon />
          </a>
        </li>
        {items.map((item, i) => (
          <li key={i}>{item.href ? <a href={item.href}>{item.label}</a> : <span aria-current={i === items.length - 1 ? 'page' : undefined}>{item.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
