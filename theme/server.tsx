import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageData, SidebarItem, ThemeSite } from '@docsgen/shared';
import { createAppRenderer, renderApp } from './app-renderer.js';
import { headScript } from './head-script.js';

/** What the theme gives the build: rendering in node, and the page modules bundled with it. */
export interface ThemeServer {
  /** Renders the hydrated part of one page (everything in #__docsgen). */
  renderApp(props: AppRenderProps): string;
  /** renderApp for the pages of one site, faster: what their sidebars share is rendered once. */
  createAppRenderer(site: ThemeSite, sidebar: SidebarItem[]): (page: PageData) => string;
  renderStatic(element: ReactElement): string;
  headScript(site: ThemeSite): string;
  pages: { file: string; module: { default?: unknown } }[];
}

export interface AppRenderProps {
  site: ThemeSite;
  sidebar: SidebarItem[];
  page: PageData;
}

/** Renders markup that is never hydrated: Markdown bodies and page modules. */
export function renderStatic(element: ReactElement): string {
  return renderToStaticMarkup(element);
}

export { createAppRenderer, headScript, renderApp };
