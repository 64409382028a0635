import type { TocItem } from '@docsgen/shared';

/** Nested list of the page's headings; level-3 entries sit under their level-2 parent. */
export function TocList({ toc, activeId, className }: { toc: TocItem[]; activeId?: string; className: string }) {
  const minLevel = Math.min(...toc.map((item) => item.level));
  const groups: { item: TocItem; children: TocItem[] }[] = [];
  for (const item of toc) {
    if (item.level === minLevel || !groups.length) groups.push({ item, children: [] });
    else groups[groups.length - 1].children.push(item);
  }
  const link = (item: TocItem) => (
    <a href={`#${item.id}`} className={`toc-link${item.id === activeId ? ' toc-link--active' : ''}`} aria-current={item.id === activeId ? 'location' : undefined}>
      {item.text}
    </a>
  );
  return (
    <ul className={className}>
      {groups.map(({ item, children }) => (
        <li key={item.id}>
          {link(item)}
          {children.length > 0 && (
            <ul>
              {children.map((child) => (
                <li key={child.id}>{link(child)}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
