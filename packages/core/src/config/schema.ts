import { z } from 'zod';

/** The site configuration: this schema is both the type users write and the validator the build runs. */

/** A link out of the site: http(s), mail or phone, never `javascript:` (it would run in the site's pages). */
const externalUrl = () => z.url({ protocol: /^(https?|mailto|tel)$/, error: 'must be an http(s), mailto: or tel: URL' });

const link = z
  .object({
    label: z.string().min(1),
    to: z.string().startsWith('/').optional(),
    href: externalUrl().optional(),
  })
  .strict()
  .refine((item) => Boolean(item.to) !== Boolean(item.href), { message: 'give exactly one of `to` (a path in the site) or `href` (an external URL)' });

const navbarItem = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('doc'),
      docId: z.string().min(1),
      label: z.string().min(1),
      position: z.enum(['left', 'right']).default('left'),
      /** Route prefix under which the item shows as active. */
      activeBasePath: z.string().optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('link'),
      label: z.string().min(1),
      to: z.string().startsWith('/').optional(),
      href: externalUrl().optional(),
      position: z.enum(['left', 'right']).default('right'),
    })
    .strict(),
  z.object({ type: z.literal('localeDropdown'), position: z.enum(['left', 'right']).default('right') }).strict(),
  z.object({ type: z.literal('colorModeToggle') }).strict(),
  z.object({ type: z.literal('search'), position: z.enum(['left', 'right']).default('right') }).strict(),
]);

const sidebarItem: z.ZodType<SidebarConfigItem> = z.lazy(() =>
  z.union([
    z.string().min(1),
    z.object({ type: z.literal('doc'), id: z.string().min(1), label: z.string().optional() }).strict(),
    z
      .object({
        type: z.literal('category'),
        label: z.string().min(1),
        collapsed: z.boolean().default(true),
        link: z.string().optional(),
        items: z.array(sidebarItem),
      })
      .strict(),
  ]),
);

/** What an `editUrl` function is given: the doc's id, its path under the docs folder and from the site root, and its route. */
export type EditUrlFunction = (doc: { docId: string; docPath: string; file: string; permalink: string }) => string | undefined;

export type SidebarConfigItem =
  | string
  | { type: 'doc'; id: string; label?: string }
  | { type: 'category'; label: string; collapsed?: boolean; link?: string; items: SidebarConfigItem[] };

export const siteConfigSchema = z
  .object({
    title: z.string().min(1),
    tagline: z.string().default(''),
    url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    baseUrl: z
      .string()
      .regex(/^\/(.*\/)?$/, 'must start and end with "/"')
      // It is written into every page's HTML and scripts: only characters a path holds as they are.
      .regex(/^[^"'<>`\\\s?#%]*$/, 'may not hold quotes, <, >, `, \\, spaces, ? # or %')
      .default('/'),
    locale: z.string().default('zh-Hans'),
    localeLabel: z.string().default('简体中文'),
    favicon: z.string().optional(),
    contentDir: z.string().default('content'),
    docsRoute: z.string().regex(/^[a-z0-9-]+$/, 'a single path segment such as "docs"').default('docs'),
    staticDir: z.string().default('static'),
    navbar: z
      .object({
        title: z.string(),
        logo: z.object({ src: z.string(), alt: z.string() }).strict(),
        items: z.array(navbarItem),
        hideOnScroll: z.boolean().default(true),
      })
      .strict(),
    footer: z
      .object({
        columns: z.array(z.object({ title: z.string(), items: z.array(link) }).strict()).default([]),
        logo: z.object({ src: z.string(), alt: z.string() }).strict().optional(),
        copyright: z.string(),
        filing: z.object({ label: z.string(), href: externalUrl().optional() }).strict().optional(),
      })
      .strict(),
    announcementBar: z
      .object({
        id: z.string().min(1),
        content: z.string().min(1),
        backgroundColor: z.string().default('#e8f1ff'),
        textColor: z.string().default('#1c1e21'),
        isCloseable: z.boolean().default(true),
      })
      .strict()
      .optional(),
    colorMode: z
      .object({
        defaultMode: z.enum(['light', 'dark']).default('light'),
        disableSwitch: z.boolean().default(false),
        respectPrefersColorScheme: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
    redirects: z.array(z.object({ from: z.string().startsWith('/'), to: z.string().startsWith('/') }).strict()).default([]),
    tableOfContents: z
      .object({ minHeadingLevel: z.number().int().min(2).max(6).default(2), maxHeadingLevel: z.number().int().min(2).max(6).default(3) })
      .strict()
      .prefault({}),
    progressBar: z
      .object({
        delay: z.number().nonnegative().default(200),
        minimum: z.number().min(0).max(1).default(0.08),
        speed: z.number().nonnegative().default(200),
        trickleRate: z.number().min(0).max(1).default(0.02),
        trickleSpeed: z.number().nonnegative().default(800),
        showSpinner: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
    search: z
      .object({
        /** Groups of words that find each other's pages: a query holding one also matches pages holding another (`['配网', '联网配置']`). */
        synonyms: z.array(z.array(z.string().trim().min(1)).min(2, 'a synonym group needs at least two words')).default([]),
        /** Chinese words indexed whole besides their character pairs; a query holding one asks for the whole word. */
        dictionary: z.array(
          z
            .string()
            .trim()
            .regex(/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]{2,}$/u, 'a dictionary word is two or more Chinese characters (Latin words are always indexed whole)'),
        ).default([]),
      })
      .strict()
      .prefault({}),
    /** An explicit sidebar; when absent the sidebar is generated from the docs folders. */
    sidebar: z.array(sidebarItem).optional(),
    /** The main doc, the target of the sidebar's landing link. */
    mainDocId: z.string().default('overview/index'),
    /** "编辑此页": a base URL the doc's file path (`content/docs/a.md`) is appended to, or a function of the doc. */
    editUrl: z.union([z.url(), z.custom<EditUrlFunction>((value) => typeof value === 'function', 'expected a URL or a function')]).optional(),
    /** Show when each doc last changed (from git, else the file's time) and who changed it. */
    showLastUpdateTime: z.boolean().default(false),
    showLastUpdateAuthor: z.boolean().default(false),
  })
  .strict();

/** What a user writes in site.config.ts. */
export type SiteConfigInput = z.input<typeof siteConfigSchema>;
/** The validated configuration with every default filled in. */
export type SiteConfig = z.output<typeof siteConfigSchema>;
