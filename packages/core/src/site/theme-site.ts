import { joinUrl, siteFileUrl, type NavbarItem, type ThemeSite } from '@docsgen/shared';
import type { SiteConfig } from '../config/schema.js';
import { DocsgenError } from '../errors.js';
import { CONFIG_FILE } from '../config/load-config.js';

/** A link that the theme adds, with the config key it came from, so a broken one can be reported there. */
export interface ThemeLink {
  href: string;
  configKey: string;
}

/** Resolves the configuration into what the theme shows, with final URLs under the base path. */
export function toThemeSite(config: SiteConfig, routeById: Map<string, string>, dev: boolean): { site: ThemeSite; themeLinks: ThemeLink[] } {
  const themeLinks: ThemeLink[] = [];
  const url = (to: string | undefined, href: string | undefined, configKey: string) => {
    const resolved = href ?? joinUrl(config.baseUrl, to!.replace(/^\//, ''));
    themeLinks.push({ href: resolved, configKey });
    return resolved;
  };
  const navbar: NavbarItem[] = config.navbar.items.map((item, i): NavbarItem => {
    const key = `navbar.items[${i}]`;
    switch (item.type) {
      case 'doc': {
        const route = routeById.get(item.docId);
        if (!route) throw new DocsgenError(`${key}.docId: the navbar links to doc "${item.docId}", which does not exist`, { location: { file: CONFIG_FILE } });
        themeLinks.push({ href: route, configKey: key });
        const activeBase = item.activeBasePath ? joinUrl(config.baseUrl, item.activeBasePath.replace(/^\//, '')) : route;
        return { type: 'link', label: item.label, href: route, external: false, activeBase };
      }
      case 'link':
        if (!item.to && !item.href) throw new DocsgenError(`${key}: a link needs \`to\` or \`href\``, { location: { file: CONFIG_FILE } });
        return { type: 'link', label: item.label, href: url(item.to, item.href, key), external: Boolean(item.href) };
      case 'localeDropdown':
        return { type: 'localeDropdown', label: config.localeLabel, locales: [{ label: config.localeLabel, href: config.baseUrl }] };
      case 'colorModeToggle':
        return { type: 'colorModeToggle' };
      case 'search':
        return { type: 'search' };
    }
  });
  const site: ThemeSite = {
    title: config.title,
    tagline: config.tagline,
    baseUrl: config.baseUrl,
    locale: config.locale,
    brand: {
      title: config.navbar.title,
      logoSrc: siteFileUrl(config.baseUrl, config.navbar.logo.src),
      logoAlt: config.navbar.logo.alt,
      href: url('/', undefined, 'navbar.title'),
    },
    navbar,
    footer: {
      columns: config.footer.columns.map((column, c) => ({
        title: column.title,
        links: column.items.map((item, i) => ({ label: item.label, href: url(item.to, item.href, `footer.columns[${c}].items[${i}]`), external: Boolean(item.href) })),
      })),
      logoSrc: config.footer.logo && siteFileUrl(config.baseUrl, config.footer.logo.src),
      logoAlt: config.footer.logo?.alt,
      copyright: config.footer.copyright,
      filing: config.footer.filing && { label: config.footer.filing.label, href: config.footer.filing.href ?? '', external: true },
    },
    announcement: config.announcementBar,
    colorMode: config.colorMode,
    progressBar: config.progressBar,
    dev,
  };
  return { site, themeLinks };
}
