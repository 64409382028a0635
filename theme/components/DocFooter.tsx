import type { PageData } from '@docsgen/shared';
import { EditLink } from './EditLink.js';
import { LastUpdated } from './LastUpdated.js';

/** Below a doc's body: where to edit it and when it last changed, when the site has either. */
export function DocFooter({ page }: { page: PageData }) {
  if (!page.editUrl && !page.lastUpdated) return null;
  return (
    <footer className="doc-footer">
      {page.editUrl && <EditLink href={page.editUrl} />}
      {page.lastUpdated && <LastUpdated {...page.lastUpdated} />}
    </footer>
  );
}
