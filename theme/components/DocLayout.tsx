import { useEffect } from 'react';
import type { PageData } from '@docsgen/shared';
import { STORAGE_KEYS, storage } from '../client/storage.js';
import { restoreTabs } from '../client/tabs.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { DocBanner } from './DocBanner.js';
import { DocFooter } from './DocFooter.js';
import { DocCardList } from './DocCardList.js';
import { DocPagination } from './DocPagination.js';
import { DocSidebar } from './DocSidebar.js';
import { PageActions } from './PageActions.js';
import { TableOfContents } from './TableOfContents.js';
import { TocCollapsible } from './TocCollapsible.js';
import { useSite } from './SiteContext.js';
import { sectionAt } from './sidebar-tree.js';

/**
 * A doc page: sidebar, then the article with breadcrumbs, title, body and pagination, then the TOC.
 * A section's own page (a folder's index doc) ends with cards for the section's pages.
 */
export function DocLayout({ page }: { page: PageData }) {
  const section = sectionAt(useSite().sidebar, page.route);
  const showToc = !page.hideTableOfContents && page.toc.length > 0;
  // The site has one docs version, "current"; remembering it keeps links from other versions of the site stable.
  useEffect(() => storage.set(STORAGE_KEYS.docsVersion, 'current'), []);
  // Tab groups of the body show the reader's remembered or linked choice.
  useEffect(() => restoreTabs(), [page.html]);
  return (
    <div className="doc-layout">
      <DocSidebar activeHref={page.route} />
      <main id="__main" className="doc-main">
        <div className="doc-container">
          <article className="doc-article">
            {page.banner && <DocBanner kind={page.banner} />}
            <Breadcrumbs items={page.breadcrumbs} />
            {!page.hideTitle && <h1 className="doc-title">{page.title}</h1>}
            {page.markdownUrl && <PageActions markdownUrl={page.markdownUrl} />}
            {showToc && <TocCollapsible toc={page.toc} />}
            <div className="markdown" dangerouslySetInnerHTML={{ __html: page.html }} />
            {section && <DocCardList items={section.items} label={`「${section.label}」的页面`} descriptions={page.cardDescriptions} />}
            <DocFooter page={page} />
            <DocPagination previous={page.previous} next={page.next} />
          </article>
          {showToc && <TableOfContents toc={page.toc} />}
        </div>
      </main>
    </div>
  );
}
