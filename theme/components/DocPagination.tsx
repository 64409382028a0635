import type { NavLink } from '@docsgen/shared';

/** Previous and next docs, in sidebar order. */
export function DocPagination({ previous, next }: { previous?: NavLink; next?: NavLink }) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label="文档分页导航">
      {previous ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={previous.href}>
          <span className="pagination-nav__sublabel">上一页</span>
          <span className="pagination-nav__label">{previous.label}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="pagination-nav__link pagination-nav__link--next" href={next.href}>
          <span className="pagination-nav__sublabel">下一页</span>
          <span className="pagination-nav__label">{next.label}</span>
        </a>
      )}
    </nav>
  );
}
