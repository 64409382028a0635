import type { NavLink, PageData } from '@docsgen/shared';
import type { ParsedDoc } from '../markdown/parse-docs.js';
import type { Sidebar } from './build-sidebar.js';
import { fillDocCardLists } from './category-cards.js';

/** The data of one doc page, before its body is rendered to HTML. */
export interface DocPageInput {
  doc: ParsedDoc;
  data: Omit<PageData, 'html'>;
}

/** Joins each parsed doc with its place in the sidebar: breadcrumbs, previous and next, banner. */
export function buildDocPages(docs: ParsedDoc[], sidebar: Sidebar): DocPageInput[] {
  const position = new Map(sidebar.order.map((entry, i) => [entry.docId, i]));
  return docs.map((doc) => {
    const { frontMatter, id, route } = doc.source;
    const index = position.get(id);
    const neighbour = (offset: number): NavLink | undefined => {
      if (index === undefined) return undefined;
      const entry = sidebar.order[index + offset];
      return entry && { label: entry.label, href: entry.href };
    };
    const trail = sidebar.ancestors.get(id) ?? [];
    const html = fillDocCardLists(doc.html, id, sidebar);
    return {
      doc: html === doc.html ? doc : { ...doc, html },
      data: {
        kind: 'doc',
        route,
        docId: id,
        title: doc.title,
        description: doc.description,
        toc: doc.toc,
        breadcrumbs: [...trail.filter((crumb) => crumb.href !== route), { label: frontMatter.sidebar_label ?? doc.title }],
        previous: neighbour(-1),
        next: neighbour(1),
        banner: frontMatter.draft ? 'draft' : frontMatter.unlisted ? 'unlisted' : undefined,
        hideTableOfContents: frontMatter.hide_table_of_contents,
      },
    };
  });
}
