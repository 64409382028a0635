import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { PageData, SidebarItem, ThemeSite } from '@docsgen/shared';
import { App } from './components/App.js';
import { headScript } from './head-script.js';

/** What the theme gives the build: rendering in node, and the page modules bundled with it. */
export interface ThemeServer {
  renderApp(props: AppRenderProps): string;
  renderStatic(element: ReactElement): string;
  headScript(site: ThemeSite): string;
  pages: { file: string; module: { default?: unknown } }[];
}

export interface AppRenderProps {
  site: ThemeSite;
  sidebar: SidebarItem[];
  page: PageData;
}

/** Renders the hydrated part of a page (everything in #__docsgen). */
export function renderApp({ site, sidebar, page }: AppRenderProps): string {
  return renderToString(<App site={site} sidebar={sidebar} initialPage={page} />);
}

/** Renders markup that is never hydrated: Markdown bodies and page modules. */
export function renderStatic(element: ReactElement): string {
  return renderToStaticMarkup(element);
}

export { headScript };
