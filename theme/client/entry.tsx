import { hydrateRoot } from 'react-dom/client';
import type { SidebarItem, ThemeSite } from '@docsgen/shared';
import { App } from '../components/App.js';
import { listenForReloads } from './dev-reload.js';
import { pageFromDocument, routeAddress } from './page-document.js';

interface BootData {
  site: ThemeSite;
  sidebar: SidebarItem[];
}

/** Hydrates the layout; the Markdown body is taken from the DOM as it is, never re-rendered. */
async function boot(): Promise<void> {
  const page = pageFromDocument(document);
  const container = document.getElementById('__docsgen');
  if (!page || !container) return;
  // A static host may serve /a/b/index.html for the route /a/b/: show the route's own URL.
  const address = routeAddress(page, new URL(location.href));
  if (address) history.replaceState(history.state, '', address);
  const response = await fetch(container.dataset.site!, { credentials: 'same-origin' });
  const { site, sidebar } = (await response.json()) as BootData;
  hydrateRoot(container, <App site={site} sidebar={sidebar} initialPage={page} />);
  if (site.dev) listenForReloads(site.baseUrl);
}

void boot();
