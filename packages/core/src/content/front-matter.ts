import matter from 'gray-matter';
import { parse as parseYaml, YAMLError } from 'yaml';
import { z } from 'zod';
import { DocsgenError } from '../errors.js';
import { once } from '../once.js';
import { readPlainFrontMatter } from './plain-front-matter.js';

/** The front matter keys docsgen reads, as Docusaurus defines them (made when first asked for, as the configuration's schema). */
export const frontMatterSchema = once(() =>
  z
    .object({
      id: z.string().min(1).optional(),
      slug: z.string().min(1).optional(),
      // Docusaurus accepts an empty title (the doc then takes its first heading).
      title: z.string().transform((title) => title || undefined).optional(),
      description: z.string().optional(),
      keywords: z.union([z.array(z.union([z.string(), z.number()]).transform(String)), z.string()]).optional(),
      sidebar_position: z.number().optional(),
      sidebar_label: z.string().min(1).optional(),
      draft: z.boolean().default(false),
      unlisted: z.boolean().default(false),
      hide_table_of_contents: z.boolean().default(false),
      toc_min_heading_level: z.number().int().min(2).max(6).optional(),
      toc_max_heading_level: z.number().int().min(2).max(6).optional(),
      /** This doc's "编辑此页" URL; null hides the link. Never `javascript:`: it would run in the site's pages. */
      custom_edit_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).nullable().optional(),
      /** Overrides what git says of the doc's last change; YAML dates arrive as Date. */
      last_update: z
        .object({
          date: z.union([z.date(), z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a date (write YYYY-MM-DD)')]).optional(),
          author: z.string().min(1).optional(),
        })
        .strict()
        .optional(),
    })
    .loose(),
);

export type FrontMatter = z.output<ReturnType<typeof frontMatterSchema>>;

/** Front matter and body of one Markdown file; `bodyLine` is the file line the body starts on. */
export interface SplitMarkdown {
  frontMatter: FrontMatter;
  body: string;
  bodyLine: number;
}

/**
 * At most this many aliases (`*name`) are expanded in one file's front matter: a few hundred bytes of nested aliases
 * otherwise expand to gigabytes (a "billion laughs").
 */
const MAX_YAML_ALIASES = 100;

/**
 * gray-matter's engines for every language but YAML, replaced: its `javascript` engine (also `---js`) is `eval`. The
 * language check below runs first; these make sure that no way around it (a byte-order mark, a spelling the check does
 * not know) can ever reach `eval`.
 */
const REFUSED_ENGINES = Object.fromEntries(['javascript', 'js', 'json', 'coffee', 'coffeescript', 'cson', 'toml'].map((name) => [name, () => refuseLanguage(name)]));

function refuseLanguage(name: string): never {
  throw new RefusedLanguage(name);
}

class RefusedLanguage extends Error {
  constructor(readonly language: string) {
    super(`front matter in ${JSON.stringify(language)}`);
  }
}

/**
 * gray-matter cuts the block before the closing line's `\n` only: with CRLF line ends its last line keeps a `\r`, and
 * `yaml` then fails on a flow value there (`keywords: [a, b]\r`: "Unexpected scalar at node end").
 */
function withoutTrailingCarriageReturn(text: string): string {
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

/** Splits and validates front matter; YAML mistakes are reported with the file's line number. Only YAML is read. */
export function readFrontMatter(source: string, file: string): SplitMarkdown {
  assertYamlLanguage(source, file);
  let parsed: matter.GrayMatterFile<string>;
  try {
    // A fresh options object turns off gray-matter's cache, so one file's result never leaks into another's.
    const yaml = (text: string) => readPlainFrontMatter(text) ?? (parseYaml(withoutTrailingCarriageReturn(text), { maxAliasCount: MAX_YAML_ALIASES }) as object);
    parsed = matter(source, { engines: { ...REFUSED_ENGINES, yaml } });
  } catch (error) {
    if (error instanceof RefusedLanguage) throw nonYamlError(error.language, file);
    const reason = (error as Error).message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    if (/alias/i.test(reason) && !(error instanceof YAMLError)) {
      throw new DocsgenError(`front matter expands too many YAML aliases (more than ${MAX_YAML_ALIASES})`, {
        location: { file, line: firstAliasLine(source) },
        hint: 'write the values out instead of repeating them through &anchors and *aliases',
      });
    }
    const position = error instanceof YAMLError ? error.linePos?.[0] : undefined;
    throw new DocsgenError(`invalid YAML front matter: ${reason}`, { location: { file, line: position?.line ?? 1, column: position?.col } });
  }
  const result = frontMatterSchema().safeParse(parsed.data ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DocsgenError(`invalid front matter: ${issue.path.join('.')}: ${issue.message}`, {
      location: { file, line: frontMatterKeyLine(source, String(issue.path[0])) },
    });
  }
  const bodyLine = source.slice(0, source.length - parsed.content.length).split('\n').length;
  return { frontMatter: result.data, body: parsed.content, bodyLine };
}

/** The 1-based line of a top-level key of the front matter block (up to its closing `---`), undefined when it is not written there. */
export function frontMatterKeyLine(source: string, key: string): number | undefined {
  for (let start = 0, line = 1; start < source.length; line++) {
    const end = source.indexOf('\n', start);
    const text = source.slice(start, end < 0 ? source.length : end).replace(/\r$/, '');
    if (line > 1 && text === '---') return undefined;
    if (text.startsWith(key + ':')) return line;
    if (end < 0) return undefined;
    start = end + 1;
  }
  return undefined;
}

/**
 * gray-matter picks a parser by the word after the opening `---`, and for `---js` or `---javascript` that parser is
 * `eval`: a Markdown file would run code at build time. Front matter is YAML, nothing else.
 */
function assertYamlLanguage(source: string, file: string): void {
  // gray-matter drops one byte-order mark before it looks for the opening `---`; the check must see what it parses.
  const parsed = source.replace(/^\uFEFF/, '');
  if (!matter.test(parsed)) return;
  const { name } = matter.language(parsed);
  if (name && !/^ya?ml$/i.test(name)) throw nonYamlError(name, file);
}

function nonYamlError(language: string, file: string): DocsgenError {
  return new DocsgenError(`front matter in ${JSON.stringify(language)} is not read: front matter must be YAML`, {
    location: { file, line: 1 },
    hint: 'start the file with a line of just --- and write the front matter in YAML',
  });
}

function firstAliasLine(source: string): number {
  const index = source.split('\n').findIndex((line, i) => i > 0 && /(^|[\s[{,:-])\*[^\s*]/.test(line));
  return index >= 0 ? index + 1 : 1;
}
