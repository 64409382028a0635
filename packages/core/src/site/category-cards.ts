import type { PageData, SidebarCategoryItem, SidebarItem } from '@docsgen/shared';
import { escapeAttribute, escapeHtml, routeFile } from '../render/render-pages.js';
import type { Sidebar } from './build-sidebar.js';

export interface GeneratedIndexOptions {
  sidebar: Sidebar;
  /** Where the categories are declared. */
  sourceFile: string;
  baseUrl: string;
  /** Each doc's description by its route, each sidebar link's by its href. */
  descriptions: Map<string, string>;
}

/**
 * The page of each generated-index category, as Docusaurus's `link: { type: 'generated-index' }` makes it: its
 * description, then the cards of its items (which the theme adds to every category's own page), each doc's with its description.
 */
export function generatedIndexPages({ sidebar, sourceFile, baseUrl, descriptions }: GeneratedIndexOptions): { data: PageData; file: string; sourceFile: string; noindex: boolean }[] {
  const position = new Map(sidebar.order.map((entry, i) => [entry.docId, i]));
  return sidebar.generatedIndexes.map((index) => {
    const at = position.get(index.docId);
    const neighbour = (offset: number) => {
      const entry = at === undefined ? undefined : sidebar.order[at + offset];
      return entry && { label: entry.label, href: entry.href };
    };
    const description = index.description ?? '';
    // The theme ends every category's own page with cards of its items (DocLayout), so the body holds the description only.
    const html = description && `<p>${escapeHtml(description)}</p>`;
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
      cardDescriptions: cardDescriptions(index.items, descriptions),
    };
    return { data, file: routeFile(index.route, baseUrl), sourceFile, noindex: false };
  });
}

/**
 * `<DocCardList />` of a doc (its placeholder, see mdx.ts). On a category's own page the placeholder goes, as the theme
 * ends that page with the category's cards anyway, and those cards get their descriptions (other category pages keep
 * cards without them); elsewhere it becomes the cards of the category the doc is in, in the theme's markup.
 */
export function fillDocCardLists(html: string, docId: string, sidebar: Sidebar, descriptions: Map<string, string>): { html: string; cardDescriptions?: Record<string, string> } {
  if (!html.includes('data-doc-card-list')) return { html };
  const ownCategory = findCategory(sidebar.items, (item) => item.docId === docId);
  const items = ownCategory ? [] : (findCategory(sidebar.items, (item) => item.items.some((child) => child.type === 'doc' && child.docId === docId))?.items ?? []);
  return {
    html: html.replace(/<div class="doc-card-list" data-doc-card-list=""><\/div>/g, () => (items.length ? cardList(items, descriptions) : '')),
    cardDescriptions: ownCategory && cardDescriptions(ownCategory.items, descriptions),
  };
}

/** The descriptions of the doc and link cards, by href. */
function cardDescriptions(items: SidebarItem[], descriptions: Map<string, string>): Record<string, string> {
  return Object.fromEntries(items.flatMap((item) => (item.type !== 'category' && descriptions.get(item.href) ? [[item.href, descriptions.get(item.href)!]] : [])));
}

function findCategory(items: SidebarItem[], test: (item: SidebarCategoryItem) => boolean): SidebarCategoryItem | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (test(item)) return item;
    const inside = findCategory(item.items, test);
    if (inside) return inside;
  }
  return undefined;
}

/** As Docusaurus's DocCard: a doc's or link's card shows its description under its name. */
function cardList(items: SidebarItem[], descriptions: Map<string, string>): string {
  const cards = items.flatMap((item) => {
    if (!item.href) return [];
    const description = item.type !== 'category' ? descriptions.get(item.href) : undefined;
    const line = description ? `<span class="doc-card__line">${escapeHtml(description)}</span>` : '';
    return [`<li><a class="doc-card" href="${escapeAttribute(item.href)}"><span class="doc-card__name">${escapeHtml(item.label)}</span>${line}</a></li>`];
  });
  return `<ul class="doc-cards">${cards.join('')}</ul>`;
}
