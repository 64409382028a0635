import { renderToString } from 'react-dom/server';
import type { PageData, SidebarItem, ThemeSite } from '@docsgen/shared';
import { App } from './components/App.js';
import { PrerenderedSidebar } from './components/PrerenderedSidebar.js';

/** Renders the hydrated part of a page (everything in #__docsgen). */
export function renderApp({ site, sidebar, page }: { site: ThemeSite; sidebar: SidebarItem[]; page: PageData }): string {
  return renderToString(<App site={site} sidebar={sidebar} initialPage={page} />);
}

const SIDEBAR_OPEN = '<aside class="doc-sidebar">';

/**
 * Renders the hydrated part of every page of a site, each exactly as renderApp would. The doc sidebar is most of a
 * doc page's markup and of its render (three quarters of it at 2,000 pages), and it is the same on every page whose
 * active link lies in the same folders, but for that link: folders open where they hold the active page. So React
 * renders it once per set of open folders, with the first page of that set; the set's other pages reuse its markup with
 * the active link moved, written into their render as is (PrerenderedSidebar). A page whose route is not exactly one
 * sidebar entry, or whose sidebar markup is not found as expected, is rendered whole.
 */
export function createAppRenderer(site: ThemeSite, sidebar: SidebarItem[]): (page: PageData) => string {
  const folders = foldersByHref(sidebar);
  /** By set of open folders: the sidebar's inner markup with no active link, or null where it could not be made. */
  const neutral = new Map<string, string | null>();
  return (page) => {
    const openFolders = folders.get(page.route);
    if (page.kind !== 'doc' || openFolders === undefined) return renderApp({ site, sidebar, page });
    const shared = neutral.get(openFolders);
    const inner = shared ? withActiveLink(shared, page.route) : undefined;
    if (inner === undefined) {
      const html = renderApp({ site, sidebar, page });
      if (shared === undefined) neutral.set(openFolders, withoutActiveLink(html, page.route) ?? null);
      return html;
    }
    return renderToString(
      <PrerenderedSidebar.Provider value={inner}>
        <App site={site} sidebar={sidebar} initialPage={page} />
      </PrerenderedSidebar.Provider>,
    );
  };
}

/**
 * For each href that exactly one sidebar entry has: the folders that hold it (the folders SidebarCategory opens for
 * that active page), as a key. Hrefs of several entries are left out: their pages are rendered whole.
 */
function foldersByHref(sidebar: SidebarItem[]): Map<string, string> {
  const holders = new Map<string, string | null>();
  let folderCount = 0;
  const note = (href: string, folders: number[]) => holders.set(href, holders.has(href) ? null : folders.join(','));
  const walk = (items: SidebarItem[], folders: number[]) => {
    for (const item of items) {
      if (item.type !== 'category') {
        if (item.href) note(item.href, folders);
        continue;
      }
      const inside = [...folders, folderCount++];
      if (item.href) note(item.href, inside);
      walk(item.items, inside);
    }
  };
  walk(sidebar, []);
  return new Map([...holders].flatMap(([href, key]) => (key === null ? [] : [[href, key] as const])));
}

/** The two forms of a sidebar link, as React writes them: a doc's and a folder's own page. */
function linkForms(href: string, active: boolean): string[] {
  const attributes = `href="${escapeAttribute(href)}"${active ? ' aria-current="page"' : ''}>`;
  const modifier = active ? ' menu__link--active' : '';
  return [`<a class="menu__link${modifier}" ${attributes}`, `<a class="menu__link menu__link--sublist${modifier}" ${attributes}`];
}

/** The inner markup of a rendered page's doc sidebar with its one active link made plain; undefined if not so found. */
function withoutActiveLink(html: string, route: string): string | undefined {
  const start = html.indexOf(SIDEBAR_OPEN);
  const end = start < 0 ? -1 : html.indexOf('</aside>', start);
  if (end < 0) return undefined;
  const inner = html.slice(start + SIDEBAR_OPEN.length, end);
  return swapOnce(inner, linkForms(route, true), linkForms(route, false));
}

/** Neutral sidebar markup with the link to `route` made active; undefined unless that link is there exactly once. */
function withActiveLink(inner: string, route: string): string | undefined {
  return swapOnce(inner, linkForms(route, false), linkForms(route, true));
}

function swapOnce(text: string, from: string[], to: string[]): string | undefined {
  let result: string | undefined;
  for (const [i, form] of from.entries()) {
    const parts = text.split(form);
    if (parts.length === 1) continue;
    if (parts.length > 2 || result !== undefined) return undefined;
    result = parts[0] + to[i] + parts[1];
  }
  return result;
}

/** As React escapes attribute values. */
function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
}
