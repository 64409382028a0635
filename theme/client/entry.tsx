import { hydrateRoot } from 'react-dom/client';
import { trimHtmlSuffix, type PageData, type SidebarItem, type ThemeSite } from '@docsgen/shared';
import { App } from '../components/App.js';
import { listenForReloads } from './dev-reload.js';

interface BootData {
  site: ThemeSite;
  sidebar: SidebarItem[];
}

/** Hydrates the layout; the Markdown body is taken from the DOM as it is, never re-rendered. */
async function boot(): Promise<void> {
  const pageScript = document.getElementById('__docsgen_page');
  const container = document.getElementById('__docsgen');
  if (!pageScript || !container) return;
  const page = JSON.parse(pageScript.textContent ?? '{}') as PageData;
  // A static host may serve /a/b/index.html for the route /a/b/: show the route's own URL.
  if (page.kind !== 'notFound' && location.pathname !== page.route && trimHtmlSuffix(location.pathname) === page.route) {
    history.replaceState(history.state, '', page.route + location.search + location.hash);
  }
  const body = container.querySelector(page.kind === 'doc' ? '.markdown' : '#__main');
  page.html = body?.innerHTML ?? '';
  const response = await fetch(container.dataset.site!, { credentials: 'same-origin' });
  const { site, sidebar } = (await response.json()) as BootData;
  hydrateRoot(container, <App site={site} sidebar={sidebar} initialPage={page} />);
  if (site.dev) listenForReloads(site.baseUrl);
}

void boot();
