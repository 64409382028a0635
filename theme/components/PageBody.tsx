import type { PageData } from '@docsgen/shared';

/** A non-doc page (landing, 404, search results): its static body in the main area. */
export function PageBody({ page }: { page: PageData }) {
  return <main id="__main" className={`page-main page-main--${page.kind}`} dangerouslySetInnerHTML={{ __html: page.html }} />;
}
