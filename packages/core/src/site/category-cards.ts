import type { PageData, SidebarItem } from '@docsgen/shared';
import { escapeAttribute, escapeHtml } from '../render/render-pages.js';
import type { Sidebar } from './build-sidebar.js';

/**
 * The page of each generated-index category: its description and one card per item, as Docusaurus's
 * `link: { type: 'generated-index' }` makes it. `sourceFile` names where the category is declared.
 */
export function generatedIndexPages(sidebar: Sidebar, sourceFile: string, baseUrl: string): { data: PageData; file: string; sourceFile: string; noindex: boolean }[] {
  const position = new Map(sidebar.order.map((entry, i) => [entry.docId, i]));
  return sidebar.generatedIndexes.map((index) => {
    const at = position.get(index.docId);
    const neighbour = (offset: number) => {
      const entry = at === undefined ? undefined : sidebar.order[at + offset];
      return entry && { label: entry.label, href: entry.href };
    };
    const description = index.description ?? '';
    const html = [description && `<p>${escapeHtml(description)}</p>`, cardList(index.items)].join('');
    const data: PageData = {
      kind: 'doc',
      route: index.route,
      docId: index.docId,
      title: index.title,
      description: description || index.title,
      html,
      toc: [],
      breadcrumbs: [...(sidebar.ancestors.get(index.docId) ?? []), { label: index.title }],
      previous: neighbour(-1),
      next: neighbour(1),
      hideTableOfContents: true,
    };
    return { data, file: index.route.slice(baseUrl.length) + 'index.html', sourceFile, noindex: false };
  });
}

/** `<DocCardList />` of a doc (its placeholder, see mdx.ts): the cards of the category the doc is the page of, or else the one it is in. */
export function fillDocCardLists(html: string, docId: string, sidebar: Sidebar): string {
  if (!html.includes('data-doc-card-list')) return html;
  const items = categoryItemsOf(sidebar.items, docId) ?? [];
  return html.replace(/<div class="doc-card-list" data-doc-card-list=""><\/div>/g, () => cardList(items));
}

function categoryItemsOf(items: SidebarItem[], docId: string): SidebarItem[] | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.docId === docId) return item.items;
    const inside = categoryItemsOf(item.items, docId);
    if (inside) return inside;
    if (item.items.some((child) => child.type === 'doc' && child.docId === docId)) return item.items;
  }
  return undefined;
}

function cardList(items: SidebarItem[]): string {
  return `<ul class="category-cards">${items.map(card).join('')}</ul>`;
}

function card(item: SidebarItem): string {
  if (!item.href) return `<li class="category-card"><span class="category-card__title">${escapeHtml(item.label)}</span></li>`;
  const count = item.type === 'category' ? `<span class="category-card__count">${item.items.length} 项</span>` : '';
  return `<li class="category-card"><a class="category-card__link" href="${escapeAttribute(item.href)}"><span class="category-card__title">${escapeHtml(item.label)}</span>${count}</a></li>`;
}
