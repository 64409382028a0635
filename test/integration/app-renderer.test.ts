import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PageData, SidebarItem, ThemeSite } from '@docsgen/shared';
import type { ThemeServer } from '@docsgen/theme/server';
import { build, createBuildCache } from '../../packages/core/src/build.js';
import { buildThemeServer, importThemeServer } from '../../packages/core/src/client/bundle-theme.js';
import { repoRoot } from '../helpers/fixtures.js';

// The build renders each page's hydrated markup with the theme's createAppRenderer, which renders a doc sidebar once per
// set of open folders; the browser hydrates against renderApp's markup, so the two must agree byte for byte.

let theme: ThemeServer;
let site: ThemeSite;
let sidebar: SidebarItem[];
let pages: PageData[];

before(async () => {
  // A build that keeps its rendered pages (as `serve` does), for each page's data.
  const cache = createBuildCache();
  const result = await build({ root: repoRoot, write: false, cache });
  const siteData = result.files.find((file) => file.path === '__data/_site.json')!;
  ({ site, sidebar } = JSON.parse(String(siteData.contents)) as { site: ThemeSite; sidebar: SidebarItem[] });
  pages = [...cache.rendered.values()].map(({ page }) => page.data);
  theme = await importThemeServer((await buildThemeServer()).code);
});

function assertSameAsReact(renderer: (page: PageData) => string, forSidebar: SidebarItem[], label: string): void {
  for (const page of pages) assert.equal(renderer(page), theme.renderApp({ site, sidebar: forSidebar, page }), `${label}: ${page.route}`);
}

test('every page of the documentation centre renders to the same markup as one React render of the whole page', () => {
  assert.ok(pages.filter((page) => page.kind === 'doc').length > 200);
  assertSameAsReact(theme.createAppRenderer(site, sidebar), sidebar, 'documentation centre');
});

test('pages in the same folders reuse the sidebar markup React rendered for the first of them', () => {
  const [first, second] = pages.filter((page) => page.route.startsWith('/docscenter/docs/api/cloud-api/') && page.kind === 'doc');
  const changed: SidebarItem[] = structuredClone(sidebar);
  const render = theme.createAppRenderer(site, changed);
  assert.equal(render(first), theme.renderApp({ site, sidebar: changed, page: first }));
  // A label changed after the first render shows in a whole render, not in the markup kept from the first page.
  const item = findByHref(changed, second.route)!;
  item.label = '改过的标签';
  assert.match(theme.renderApp({ site, sidebar: changed, page: second }), /改过的标签/);
  assert.doesNotMatch(render(second), /改过的标签/);
});

test('an href that several sidebar entries share, or that needs escaping, still renders as React renders it', () => {
  const docs = pages.filter((page) => page.kind === 'doc');
  const odd: SidebarItem[] = structuredClone(sidebar);
  // A link entry with a doc's href (React marks only the doc active), and a doc whose href holds & and '.
  odd.push({ type: 'link', label: '外部副本', href: docs[0].route, external: false });
  const quirky = findByHref(odd, docs[1].route)!;
  quirky.href = `${docs[1].route}?a=1&b='x'`;
  const quirkyPage = { ...docs[1], route: quirky.href };
  const render = theme.createAppRenderer(site, odd);
  for (const page of [docs[0], quirkyPage, ...docs.slice(2)]) assert.equal(render(page), theme.renderApp({ site, sidebar: odd, page }), page.route);
});

function findByHref(items: SidebarItem[], href: string): SidebarItem | undefined {
  for (const item of items) {
    if (item.href === href) return item;
    const found = item.type === 'category' ? findByHref(item.items, href) : undefined;
    if (found) return found;
  }
  return undefined;
}
