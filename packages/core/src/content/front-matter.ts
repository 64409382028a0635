import matter from 'gray-matter';
import { z } from 'zod';
import { DocsgenError } from '../errors.js';

/** The front matter keys docsgen reads, as Docusaurus defines them. */
export const frontMatterSchema = z
  .object({
    id: z.string().min(1).optional(),
    slug: z.string().min(1).optional(),
    // Docusaurus accepts an empty title (the doc then takes its first heading).
    title: z.string().optional().transform((title) => title || undefined),
    description: z.string().optional(),
    keywords: z.union([z.array(z.union([z.string(), z.number()]).transform(String)), z.string()]).optional(),
    sidebar_position: z.number().optional(),
    sidebar_label: z.string().min(1).optional(),
    draft: z.boolean().default(false),
    unlisted: z.boolean().default(false),
    hide_table_of_contents: z.boolean().default(false),
    toc_min_heading_level: z.number().int().min(2).max(6).optional(),
    toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  })
  .loose();

export type FrontMatter = z.output<typeof frontMatterSchema>;

/** Front matter and body of one Markdown file; `bodyLine` is the file line the body starts on. */
export interface SplitMarkdown {
  frontMatter: FrontMatter;
  body: string;
  bodyLine: number;
}

/** Splits and validates front matter; YAML mistakes are reported with the file's line number. */
export function readFrontMatter(source: string, file: string): SplitMarkdown {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // gray-matter caches by content; a fresh options object turns that off so one file's result never leaks into another's.
    parsed = matter(source, {});
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    throw new DocsgenError(`invalid YAML front matter: ${reason}`, {
      location: { file, line: mark ? mark.line + 2 : 1, column: mark ? mark.column + 1 : undefined },
    });
  }
  const result = frontMatterSchema.safeParse(parsed.data ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DocsgenError(`invalid front matter: ${issue.path.join('.')}: ${issue.message}`, {
      location: { file, line: findKeyLine(source, String(issue.path[0])) },
    });
  }
  const bodyLine = source.slice(0, source.length - parsed.content.length).split('\n').length;
  return { frontMatter: result.data, body: parsed.content, bodyLine };
}

function findKeyLine(source: string, key: string): number | undefined {
  const index = source.split('\n').findIndex((line) => line.startsWith(key + ':'));
  return index >= 0 ? index + 1 : undefined;
}
