/** Data shared by the build (node) and the client (browser): what a page and the site look like once built. */

/** One entry of a page's table of contents. */
export interface TocItem {
  id: string;
  text: string;
  level: number;
}

/** A link to a doc in the sidebar. */
export interface SidebarDocItem {
  type: 'doc';
  docId: string;
  label: string;
  href: string;
}

/** A folder of the sidebar; `href` is set when the folder has an index doc. */
export interface SidebarCategoryItem {
  type: 'category';
  label: string;
  collapsed: boolean;
  href?: string;
  docId?: string;
  items: SidebarItem[];
}

/** A sidebar link to a URL that is not a doc (Docusaurus's `type: 'link'`). */
export interface SidebarLinkItem {
  type: 'link';
  label: string;
  href: string;
  external: boolean;
}

export type SidebarItem = SidebarDocItem | SidebarCategoryItem | SidebarLinkItem;

/** A labelled link, used for breadcrumbs and previous/next. */
export interface NavLink {
  label: string;
  href?: string;
}

export type PageKind = 'doc' | 'page' | 'notFound';

/** Everything the theme needs to show one route; emitted as JSON for client navigation. */
export interface PageData {
  kind: PageKind;
  route: string;
  title: string;
  description: string;
  /** The rendered Markdown body (or static page body) as HTML; never re-rendered on the client. */
  html: string;
  toc: TocItem[];
  docId?: string;
  breadcrumbs: NavLink[];
  previous?: NavLink;
  next?: NavLink;
  banner?: 'draft' | 'unlisted';
  /** Front matter `hide_title`: the page shows no title heading of its own. */
  hideTitle?: boolean;
  hideTableOfContents: boolean;
  /** The doc's Markdown copy; absent for drafts and unlisted docs, which have none. */
  markdownUrl?: string;
  /** When the doc's source last changed (git, else the file's time, or `last_update` front matter). */
  lastUpdated?: LastUpdated;
  /** Where to edit the doc's source (`editUrl` in the config, `custom_edit_url` in front matter). */
  editUrl?: string;
  /** On a generated-index category page: each doc and link card's description, by href, as Docusaurus's cards show it. */
  cardDescriptions?: Record<string, string>;
}

/** A doc's last change; `date` is an ISO 8601 timestamp. The theme shows what the config asks for. */
export interface LastUpdated {
  date?: string;
  author?: string;
}

export interface NavbarLinkItem {
  type: 'link';
  label: string;
  href: string;
  external: boolean;
  /** Route prefix that marks the item active. */
  activeBase?: string;
}

export type NavbarItem =
  | NavbarLinkItem
  | { type: 'localeDropdown'; label: string; locales: { label: string; href: string }[] }
  | { type: 'colorModeToggle' }
  | { type: 'search' };

export interface FooterLink {
  label: string;
  href: string;
  external: boolean;
}

export interface ProgressBarOptions {
  delay: number;
  minimum: number;
  speed: number;
  trickleRate: number;
  trickleSpeed: number;
  showSpinner: boolean;
}

/** The part of the site configuration the theme reads, resolved to final URLs. */
export interface ThemeSite {
  title: string;
  tagline: string;
  baseUrl: string;
  locale: string;
  brand: { title: string; logoSrc: string; logoAlt: string; href: string };
  navbar: NavbarItem[];
  footer: {
    columns: { title: string; links: FooterLink[] }[];
    logoSrc?: string;
    logoAlt?: string;
    copyright: string;
    filing?: FooterLink;
  };
  announcement?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  progressBar: ProgressBarOptions;
  /** URL of the search index's meta.json, when one was built. */
  searchIndexUrl?: string;
  /** URL of the search worker script, which runs queries off the main thread. */
  searchWorkerUrl?: string;
  /** True in `docsgen serve`: the client listens for reloads. */
  dev: boolean;
}
