import { markdownUrl, type NavLink, type PageData } from '@docsgen/shared';
import type { ParsedDoc } from '../markdown/parse-docs.js';
import type { DocSource } from '../content/scan-content.js';
import type { Sidebar } from './build-sidebar.js';
import { mayHoldCardList } from '../cache/parse-cache.js';
import { fillDocCardLists } from './category-cards.js';
import { DocsgenError } from '../errors.js';
import type { DocFooter } from './doc-footer.js';

/** Drafts and unlisted docs are left out of the Markdown copies, as out of the sitemap. */
export function hasMarkdownCopy(frontMatter: Pick<DocSource['frontMatter'], 'draft' | 'unlisted'>): boolean {
  return !frontMatter.draft && !frontMatter.unlisted;
}

/** The data of one doc page, before its body is rendered to HTML. */
export interface DocPageInput {
  doc: ParsedDoc;
  data: Omit<PageData, 'html'>;
  /** The doc's last change for the sitemap, shown on the page or not. */
  lastmod?: string;
  /** The body holds cards of other docs (`<DocCardList />`), so it depends on more than the doc's own parse. */
  cardsFilled?: true;
}

/** Joins each parsed doc with its place in the sidebar: breadcrumbs, previous and next, banner. */
export function buildDocPages({ docs, sidebar, footerOf, baseUrl }: { docs: ParsedDoc[]; sidebar: Sidebar; footerOf: (doc: DocSource) => DocFooter; baseUrl: string }): DocPageInput[] {
  const position = new Map(sidebar.order.map((entry, i) => [entry.docId, i]));
  const descriptions = cardDescriptionsByHref(docs, sidebar);
  const linkTo = new Map(docs.map((doc) => [doc.source.id, { label: paginationLabel(doc), href: doc.source.route }]));
  // Neighbours are named as the sidebar names them, unless a doc asks for a label of its own.
  const paginationLabels = new Map(docs.flatMap((doc) => (typeof doc.source.frontMatter.pagination_label === 'string' ? [[doc.source.id, doc.source.frontMatter.pagination_label] as const] : [])));
  /** Docusaurus's `pagination_prev` / `pagination_next`: another doc's id, or null for none. */
  const chosen = (doc: ParsedDoc, key: 'pagination_prev' | 'pagination_next', fallback: NavLink | undefined): NavLink | undefined => {
    const value = doc.source.frontMatter[key];
    if (value === undefined) return fallback;
    if (value === null) return undefined;
    const target = linkTo.get(String(value));
    if (!target) throw new DocsgenError(`${key}: no doc has the id "${String(value)}"`, { location: { file: doc.source.file }, hint: 'a doc id is its path under the docs folder without .md, number prefixes removed' });
    return target;
  };
  return docs.map((doc) => {
    const { frontMatter, id, route } = doc.source;
    const index = position.get(id);
    const neighbour = (offset: number): NavLink | undefined => {
      if (index === undefined) return undefined;
      const entry = sidebar.order[index + offset];
      return entry && { label: paginationLabels.get(entry.docId) ?? entry.label, href: entry.href };
    };
    const trail = sidebar.ancestors.get(id) ?? [];
    const { lastmod, lastUpdated, editUrl } = footerOf(doc.source);
    // A cached doc's body is read only when it may hold cards (or when its page is rendered).
    const { html, cardDescriptions } = mayHoldCardList(doc) ? fillDocCardLists(doc.html, id, sidebar, descriptions) : { html: undefined, cardDescriptions: undefined };
    const filled = html !== undefined && html !== doc.html;
    return {
      doc: filled ? { ...doc, html } : doc,
      cardsFilled: filled || undefined,
      lastmod,
      data: {
        kind: 'doc',
        route,
        docId: id,
        title: doc.title,
        description: doc.description,
        toc: doc.toc,
        breadcrumbs: [...trail.filter((crumb) => crumb.href !== route), { label: frontMatter.sidebar_label ?? doc.title }],
        previous: chosen(doc, 'pagination_prev', neighbour(-1)),
        next: chosen(doc, 'pagination_next', neighbour(1)),
        hideTitle: frontMatter.hide_title === true || undefined,
        banner: frontMatter.draft ? 'draft' : frontMatter.unlisted ? 'unlisted' : undefined,
        hideTableOfContents: frontMatter.hide_table_of_contents,
        markdownUrl: hasMarkdownCopy(frontMatter) ? markdownUrl(route, baseUrl) : undefined,
        lastUpdated,
        editUrl,
        cardDescriptions,
      },
    };
  });
}

/** The description of each doc (by its route) and sidebar link (by its href), for the cards that lead there. */
export function cardDescriptionsByHref(docs: ParsedDoc[], sidebar: Sidebar): Map<string, string> {
  return new Map([...docs.map((doc) => [doc.source.route, doc.description] as const), ...sidebar.linkDescriptions]);
}

function paginationLabel(doc: ParsedDoc): string {
  const { pagination_label: label, sidebar_label: sidebarLabel } = doc.source.frontMatter;
  return typeof label === 'string' ? label : (sidebarLabel ?? doc.title);
}
