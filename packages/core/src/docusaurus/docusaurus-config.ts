import fg from 'fast-glob';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfigInput, SidebarConfigItem } from '../config/schema.js';
import { DocsgenError } from '../errors.js';
import { evaluateSiteModule } from './evaluate-module.js';
import { readDocusaurusSidebars } from './sidebars.js';

export const DOCUSAURUS_CONFIG_FILES = ['docusaurus.config.ts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs', 'docusaurus.config.mts', 'docusaurus.config.cts'];

/** A Docusaurus project read as a docsgen site: the configuration, and every setting docsgen does not carry out. */
export interface DocusaurusSite {
  /** Relative to the root, for messages. */
  configFile: string;
  input: SiteConfigInput;
  /** One line per setting docsgen leaves out, naming the key. */
  unsupported: string[];
  /** What Docusaurus builds besides the docs (pages, blogs, other doc versions): links there are not docsgen's to check. */
  outsideRoutes: OutsideRoute[];
}

/** Part of a Docusaurus site that docsgen does not build. */
export interface OutsideRoute {
  /** A route under the base URL (`/contact`), or with `prefix` every route under it (`/blog/`). */
  route: string;
  prefix: boolean;
  what: string;
}

/** The Docusaurus config file of a project folder, if it has one. */
export function findDocusaurusConfig(root: string): string | undefined {
  return DOCUSAURUS_CONFIG_FILES.map((name) => path.join(root, name)).find((file) => existsSync(file));
}

type Dict = Record<string, unknown>;

/** Reads docusaurus.config.* (and the docs plugin's sidebars file) into docsgen's configuration. */
export async function readDocusaurusSite(root: string, file: string): Promise<DocusaurusSite> {
  const configFile = path.relative(root, file);
  let raw = evaluateSiteModule(file, root) as Dict;
  raw = ((raw as { default?: unknown }).default ?? raw) as Dict;
  if (typeof raw === 'function') raw = await (raw as () => Promise<Dict>)();
  raw = (await raw) as Dict;
  if (!raw || typeof raw !== 'object') throw new DocsgenError('the Docusaurus configuration does not export an object', { location: { file: configFile } });

  const unsupported: string[] = [];
  const docs = docsPluginOptions(raw, unsupported);
  const themeConfig = (raw.themeConfig ?? {}) as Dict;
  const docsDir = typeof docs.path === 'string' ? docs.path.replace(/^\.\//, '') : 'docs';
  const routeBasePath = typeof docs.routeBasePath === 'string' ? trimSlashes(docs.routeBasePath) : 'docs';
  const docsRoute = [routeBasePath, currentVersionPath(docs)].filter(Boolean).join('/');
  const i18n = (raw.i18n ?? {}) as DocusaurusI18n;
  const locale = i18n.defaultLocale ?? 'en';
  if ((i18n.locales ?? []).length > 1) unsupported.push(`i18n.locales: only the default locale "${locale}" is built (${i18n.locales!.length - 1} other locale(s) left out)`);

  const sidebar = readSidebar(root, docs.sidebarPath, unsupported);
  const markdown = (raw.markdown ?? {}) as Dict;
  const admonitions = (docs.admonitions ?? {}) as { keywords?: string[]; extendDefaults?: boolean };
  const navbar = readNavbar(themeConfig.navbar as Dict | undefined, String(raw.title ?? ''), raw.favicon as string | undefined, docsRoute, unsupported);
  const staticDirectories = raw.staticDirectories as string[] | undefined;
  if (staticDirectories && staticDirectories.length > 1) unsupported.push(`staticDirectories: only the first folder, "${staticDirectories[0]}", is copied`);

  const input: SiteConfigInput = {
    title: String(raw.title ?? 'Docs'),
    tagline: typeof raw.tagline === 'string' ? raw.tagline : '',
    url: typeof raw.url === 'string' ? raw.url : 'https://example.com',
    baseUrl: typeof raw.baseUrl === 'string' ? raw.baseUrl : '/',
    trailingSlash: typeof raw.trailingSlash === 'boolean' ? raw.trailingSlash : undefined,
    locale,
    localeLabel: i18n.localeConfigs?.[locale]?.label ?? languageName(locale),
    favicon: typeof raw.favicon === 'string' ? raw.favicon : undefined,
    // Docusaurus's React pages (src/pages) need its runtime; docsgen builds the docs only, and watches their folder in serve.
    contentDir: docsDir,
    docsDir,
    ...docsTranslations(root, i18n, docs),
    docsRoute,
    staticDir: staticDirectories?.[0] ?? 'static',
    onBrokenLinks: raw.onBrokenLinks === undefined || raw.onBrokenLinks === 'throw' ? 'throw' : 'warn',
    markdown: {
      format: markdown.format === 'md' || markdown.format === 'detect' ? markdown.format : 'mdx',
      admonitionKeywords: admonitions.keywords ?? [],
    },
    navbar,
    footer: readFooter(themeConfig.footer as Dict | undefined, docsRoute, unsupported),
    announcementBar: readAnnouncement(themeConfig.announcementBar as Dict | undefined),
    colorMode: pick(themeConfig.colorMode as Dict | undefined, ['defaultMode', 'disableSwitch', 'respectPrefersColorScheme']),
    // Docusaurus appends the doc's path from the site root to a string editUrl, as docsgen does.
    editUrl: typeof docs.editUrl === 'string' ? docs.editUrl : undefined,
    showLastUpdateTime: docs.showLastUpdateTime === true,
    showLastUpdateAuthor: docs.showLastUpdateAuthor === true,
    sidebar,
  };
  noteUnsupportedTopLevel(raw, unsupported);
  const baseUrl = input.baseUrl ?? '/';
  const outsideRoutes = [...(await pageRoutes(root)), ...blogRoutes(raw), ...(docsRoute !== routeBasePath ? [{ route: '/' + (routeBasePath && routeBasePath + '/'), prefix: true, what: `the versioned docs (versioned_docs/)` }] : [])];
  return { configFile, input, unsupported, outsideRoutes: outsideRoutes.map((outside) => ({ ...outside, route: baseUrl.replace(/\/$/, '') + outside.route })) };
}

interface DocusaurusI18n {
  defaultLocale?: string;
  locales?: string[];
  path?: string;
  localeConfigs?: Record<string, { label?: string; path?: string; translate?: boolean }>;
}

/**
 * The default locale's translations of the docs (of the default docs plugin, the one docsgen builds): Docusaurus reads
 * `i18n/<locale>/docusaurus-plugin-content-docs/current/x.md` instead of `docs/x.md` for every locale, the default one
 * included, and the sidebar labels of `current.json`, unless the locale's `translate` is false (by default it is
 * whether `i18n/<locale>` exists).
 */
function docsTranslations(root: string, i18n: DocusaurusI18n, docs: Dict): { translatedDocsDir?: string; sidebarLabels?: Record<string, string> } {
  const locale = i18n.defaultLocale ?? 'en';
  const localeConfig = i18n.localeConfigs?.[locale] ?? {};
  if (localeConfig.translate === false) return {};
  // Without the current version, docsgen's docs folder stands for the last version (see currentVersionPath).
  const version = docs.includeCurrentVersion === false && typeof docs.lastVersion === 'string' ? `version-${docs.lastVersion}` : 'current';
  const folder = path.posix.join(i18n.path ?? 'i18n', localeConfig.path ?? locale, 'docusaurus-plugin-content-docs', version);
  return {
    translatedDocsDir: existsSync(path.join(root, folder)) ? folder : undefined,
    sidebarLabels: readSidebarLabels(root, folder + '.json'),
  };
}

/** `"sidebar.<sidebar>.category.基本概念": { "message": "Introduction" }` → 基本概念 → Introduction (doc and link labels alike). */
function readSidebarLabels(root: string, file: string): Record<string, string> | undefined {
  if (!existsSync(path.join(root, file))) return undefined;
  let messages: Record<string, unknown>;
  try {
    messages = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  } catch (error) {
    throw new DocsgenError(`cannot read the translations: ${(error as Error).message}`, { location: { file }, hint: 'fix the JSON, or delete the file if the locale needs no translations' });
  }
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    const message = (value as { message?: unknown } | null)?.message;
    // The generated index's title and description (`….category.X.link.generated-index.title`) are not labels.
    const label = /^sidebar\.[^.]+\.(?:category|doc|link)\.(.+)$/.exec(key)?.[1];
    if (label !== undefined && !/\.link\.generated-index\.(title|description)$/.test(key) && typeof message === 'string') labels[label] = message;
  }
  return labels;
}

/**
 * Where the current docs folder is served: Docusaurus puts `lastVersion` at the docs root and the current
 * version under `versions.current.path` (`next` by default) when another version is the last one.
 */
function currentVersionPath(docs: Dict): string {
  const lastVersion = docs.lastVersion;
  if (lastVersion === undefined || lastVersion === 'current' || docs.includeCurrentVersion === false) return '';
  const current = ((docs.versions ?? {}) as Record<string, { path?: string }>).current;
  return trimSlashes(current?.path ?? 'next');
}

/** The React and Markdown pages of `src/pages`, which Docusaurus builds and docsgen does not. */
async function pageRoutes(root: string): Promise<OutsideRoute[]> {
  const files = await fg('**/*.{js,jsx,ts,tsx,md,mdx}', { cwd: path.join(root, 'src/pages'), ignore: ['**/_*', '**/_*/**', '**/*.test.*', '**/__tests__/**'] });
  return files.map((file) => {
    const route = '/' + file.replace(/\.[^.]+$/, '').replace(/(^|\/)index$/, '');
    return { route, prefix: false, what: `src/pages/${file}` };
  });
}

/** Blogs and further docs plugins: built by Docusaurus, not by docsgen. */
function blogRoutes(raw: Dict): OutsideRoute[] {
  const routes: OutsideRoute[] = [];
  for (const preset of (raw.presets ?? []) as unknown[]) {
    const options = (Array.isArray(preset) ? preset[1] : undefined) as Dict | undefined;
    if (options && options.blog !== false) routes.push(blogRoute((options.blog ?? {}) as Dict));
  }
  for (const plugin of (raw.plugins ?? []) as unknown[]) {
    if (!Array.isArray(plugin)) continue;
    const options = (plugin[1] ?? {}) as Dict;
    if (plugin[0] === '@docusaurus/plugin-content-blog') routes.push(blogRoute(options));
    if (plugin[0] === '@docusaurus/plugin-content-docs' && options.id !== undefined && options.id !== 'default') {
      const base = typeof options.routeBasePath === 'string' ? trimSlashes(options.routeBasePath) : String(options.id);
      routes.push({ route: `/${base}/`, prefix: true, what: `the docs of plugin "${String(options.id)}" (${typeof options.path === 'string' ? options.path : base}/)` });
    }
  }
  return routes;
}

function blogRoute(options: Dict): OutsideRoute {
  const base = typeof options.routeBasePath === 'string' ? trimSlashes(options.routeBasePath) : 'blog';
  return { route: `/${base}/`, prefix: true, what: `the blog at /${base} (${typeof options.path === 'string' ? options.path : 'blog'}/)` };
}

/** The options of the default docs plugin, from the classic preset or a plugin entry without an id. */
function docsPluginOptions(raw: Dict, unsupported: string[]): Dict {
  let options: Dict = {};
  for (const preset of (raw.presets ?? []) as unknown[]) {
    const [name, presetOptions] = Array.isArray(preset) ? preset : [preset, {}];
    if (typeof name === 'string' && /classic/.test(name) && presetOptions && typeof presetOptions === 'object') {
      const { docs, ...rest } = presetOptions as Dict;
      if (docs && typeof docs === 'object') options = docs as Dict;
      for (const key of Object.keys(rest)) if (rest[key] !== false && key !== 'theme') unsupported.push(`presets.classic.${key}: not built by docsgen (only the docs)`);
    } else unsupported.push(`presets: "${String(name)}" is not run`);
  }
  for (const plugin of (raw.plugins ?? []) as unknown[]) {
    const [name, pluginOptions] = Array.isArray(plugin) ? plugin : [plugin, {}];
    const id = (pluginOptions as Dict | undefined)?.id;
    if (name === '@docusaurus/plugin-content-docs' && (id === undefined || id === 'default')) options = pluginOptions as Dict;
    else unsupported.push(`plugins: "${typeof name === 'string' ? name : 'a plugin function'}"${id ? ` (id ${String(id)})` : ''} is not run`);
  }
  if (typeof options.editUrl === 'function') unsupported.push('docs.editUrl: a function is not called; docsgen takes a base URL (or a function of its own in site.config.ts)');
  const ignored = ['remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'beforeDefaultRehypePlugins', 'versions', 'lastVersion', 'onlyIncludeVersions', 'includeCurrentVersion', 'exclude', 'include', 'sidebarItemsGenerator', 'docItemComponent'];
  for (const key of ignored) if (options[key] !== undefined) unsupported.push(`docs.${key}: ignored${key.includes('ersion') ? ' (only the current docs folder is built, not versioned_docs)' : ''}`);
  return options;
}

function readSidebar(root: string, sidebarPath: unknown, unsupported: string[]): SidebarConfigItem[] | undefined {
  const candidates = typeof sidebarPath === 'string' ? [path.resolve(root, sidebarPath)] : sidebarPath === false ? [] : ['sidebars.js', 'sidebars.ts', 'sidebars.json', 'sidebars.cjs', 'sidebars.mjs'].map((name) => path.join(root, name));
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) return undefined;
  const { items, notes } = readDocusaurusSidebars(evaluateSiteModule(file, root), path.relative(root, file));
  unsupported.push(...notes);
  return items;
}

function readNavbar(navbar: Dict | undefined, title: string, favicon: string | undefined, docsRoute: string, unsupported: string[]): SiteConfigInput['navbar'] {
  const logo = (navbar?.logo ?? {}) as { src?: string; alt?: string };
  const items: SiteConfigInput['navbar']['items'] = [];
  ((navbar?.items ?? []) as Dict[]).forEach((item, i) => {
    const key = `themeConfig.navbar.items[${i}]`;
    const label = String(item.label ?? item.html ?? '');
    const position = item.position === 'right' ? 'right' : 'left';
    switch (item.type ?? 'default') {
      case 'doc':
        items.push({ type: 'doc', docId: String(item.docId), label: label || String(item.docId), position });
        return;
      case 'localeDropdown':
        items.push({ type: 'localeDropdown', position });
        return;
      case 'search':
        return;
      case 'default': {
        const to = typeof item.to === 'string' ? item.to : undefined;
        const href = typeof item.href === 'string' ? item.href : undefined;
        if (href && /^https?:/.test(href)) items.push({ type: 'link', label: label || href, href, position });
        else if (to && isUnder(to, docsRoute)) items.push({ type: 'link', label, to: to.startsWith('/') ? to : '/' + to, position });
        else unsupported.push(`${key}: "${label}" links to ${to ?? href ?? 'nothing'}, which is not in the docs docsgen builds; left out`);
        return;
      }
      default:
        unsupported.push(`${key}: navbar item type "${String(item.type)}" is not supported; left out`);
    }
  });
  items.push({ type: 'colorModeToggle' }, { type: 'search' });
  return { title: String(navbar?.title ?? title), logo: { src: logo.src ?? favicon ?? 'favicon.ico', alt: logo.alt ?? title }, items, hideOnScroll: Boolean(navbar?.hideOnScroll) };
}

function readFooter(footer: Dict | undefined, docsRoute: string, unsupported: string[]): SiteConfigInput['footer'] {
  const links = (footer?.links ?? []) as Dict[];
  const toLink = (item: Dict): { label: string; to?: string; href?: string }[] => {
    const url = [item.href, item.to].find((value) => typeof value === 'string' && /^https?:/.test(value)) as string | undefined;
    if (url) return [{ label: String(item.label ?? url), href: url }];
    if (typeof item.to === 'string' && isUnder(item.to, docsRoute)) return [{ label: String(item.label ?? item.to), to: item.to.startsWith('/') ? item.to : '/' + item.to }];
    if (typeof item.to === 'string') {
      unsupported.push(`themeConfig.footer.links: "${String(item.label ?? item.to)}" links to ${item.to}, which is not in the docs docsgen builds; left out`);
      return [];
    }
    unsupported.push(`themeConfig.footer.links: "${String(item.label ?? item.html ?? '?')}" (raw HTML or a relative href) left out`);
    return [];
  };
  const grouped = links.every((column) => Array.isArray(column.items));
  const columns = grouped ? links.map((column) => ({ title: String(column.title ?? ''), items: (column.items as Dict[]).flatMap(toLink) })) : [{ title: '', items: links.flatMap(toLink) }];
  const logo = footer?.logo as { src?: string; alt?: string } | undefined;
  return {
    columns: columns.filter((column) => column.items.length),
    logo: logo?.src ? { src: logo.src, alt: logo.alt ?? '' } : undefined,
    copyright: htmlToText(String(footer?.copyright ?? '')),
  };
}

function readAnnouncement(bar: Dict | undefined): SiteConfigInput['announcementBar'] {
  if (!bar || typeof bar.content !== 'string') return undefined;
  return { id: String(bar.id ?? 'announcement'), content: htmlToText(bar.content), ...pick(bar, ['backgroundColor', 'textColor', 'isCloseable']) };
}

const HANDLED = new Set(['title', 'tagline', 'url', 'baseUrl', 'trailingSlash', 'i18n', 'favicon', 'presets', 'plugins', 'themeConfig', 'onBrokenLinks', 'markdown', 'staticDirectories', 'organizationName', 'projectName', 'customFields', 'onBrokenMarkdownLinks', 'future', 'deploymentBranch', 'githubHost', 'noIndex']);

function noteUnsupportedTopLevel(raw: Dict, unsupported: string[]): void {
  for (const key of Object.keys(raw)) if (!HANDLED.has(key) && raw[key] !== undefined) unsupported.push(`${key}: not supported`);
  const markdown = (raw.markdown ?? {}) as Dict;
  for (const key of Object.keys(markdown)) if (key !== 'format' && key !== 'hooks') unsupported.push(`markdown.${key}: not supported`);
  const theme = (raw.themeConfig ?? {}) as Dict;
  for (const key of Object.keys(theme)) if (!['navbar', 'footer', 'announcementBar', 'colorMode', 'prism', 'docs', 'image', 'metadata'].includes(key)) unsupported.push(`themeConfig.${key}: not supported`);
  const prism = theme.prism as { additionalLanguages?: string[] } | undefined;
  if (prism) unsupported.push(`themeConfig.prism: not used; code is highlighted with highlight.js and docsgen's own colours${prism.additionalLanguages?.length ? ` (additionalLanguages: ${prism.additionalLanguages.join(', ')})` : ''}`);
}

/** True when a `to` path of the config lies in the docs docsgen builds. */
function isUnder(to: string, docsRoute: string): boolean {
  const pathname = to.replace(/^\/+/, '').replace(/[?#].*$/, '');
  return docsRoute === '' || pathname === docsRoute || pathname.startsWith(docsRoute + '/');
}

/** A route base as Docusaurus options write it (`/blog/`), without its leading and trailing slashes. */
function trimSlashes(route: string): string {
  return route.replace(/^\/+|\/+$/g, '');
}

function pick<T extends Dict>(value: T | undefined, keys: string[]): Dict {
  return Object.fromEntries(keys.filter((key) => value?.[key] !== undefined).map((key) => [key, value![key]]));
}

/** Footer copyright and announcement contents are HTML in Docusaurus and text in docsgen's theme. */
function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&copy;/g, '©')
    .replace(/\s+/g, ' ')
    .trim();
}

function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}
