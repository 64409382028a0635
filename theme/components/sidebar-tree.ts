import type { SidebarCategoryItem, SidebarItem } from '@docsgen/shared';

/** The folder whose own page (index doc) is `route`, searched through the whole tree. */
export function sectionAt(items: SidebarItem[], route: string): SidebarCategoryItem | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === route) return item;
    const found = sectionAt(item.items, route);
    if (found) return found;
  }
  return undefined;
}

/** Where a sidebar item leads: its own page, or a folder's first page when it has none. */
export function hrefOf(item: SidebarItem): string | undefined {
  if (item.href) return item.href;
  if (item.type === 'category') for (const child of item.items) {
    const href = hrefOf(child);
    if (href) return href;
  }
  return undefined;
}

/** How many pages a folder holds, its own page and those of its subfolders included. */
export function pageCount(item: SidebarCategoryItem): number {
  return item.items.reduce((sum, child) => sum + (child.type === 'doc' ? 1 : child.type === 'category' ? pageCount(child) : 0), item.href ? 1 : 0);
}
