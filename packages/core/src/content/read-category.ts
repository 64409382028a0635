import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { SidebarCategoryLink } from '../config/schema.js';
import { DocsgenError } from '../errors.js';
import { normaliseSlug } from './doc-routes.js';
import { splitNumberPrefix, stripNumberPrefixes } from './number-prefix.js';
import type { CategoryMeta } from './scan-content.js';

/** Reads a folder's `_category_.json` / `_category_.yml`; `dir` is the folder as written, number prefixes included. */
export function readCategory(text: string, file: string, dir: string): CategoryMeta {
  const meta = parseMeta(text, file);
  const check = (key: string, type: string) => {
    if (meta[key] !== undefined && typeof meta[key] !== type) throw new DocsgenError(`"${key}" must be a ${type}`, { location: { file } });
  };
  check('label', 'string');
  check('position', 'number');
  check('collapsed', 'boolean');
  return {
    dir: stripNumberPrefixes(dir).replace(/^\.$/, ''),
    file,
    label: meta.label as string | undefined,
    position: (meta.position as number | undefined) ?? splitNumberPrefix(path.posix.basename(dir)).position,
    collapsed: meta.collapsed as boolean | undefined,
    link: readLink(meta.link, file, text),
  };
}

function parseMeta(text: string, file: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new DocsgenError(`invalid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(error as Error).message}`, { location: { file } });
  }
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new DocsgenError('a category file holds an object of keys (label, position, …)', { location: { file } });
  return raw as Record<string, unknown>;
}

function readLink(link: unknown, file: string, source: string): SidebarCategoryLink | undefined {
  if (link === undefined || link === null) return undefined;
  const value = link as Record<string, unknown>;
  if (value.type === 'doc' && typeof value.id === 'string') return { type: 'doc', id: value.id };
  if (value.type === 'generated-index') {
    const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : undefined);
    const slug = text('slug');
    // The generated page is written at this path, so it is normalised and contained as a doc's slug is.
    const line = source.split('\n').findIndex((row) => /(?:^|[\s{,])["']?slug["']?\s*:/.test(row)) + 1 || undefined;
    return { type: 'generated-index', slug: slug === undefined ? undefined : normaliseSlug(slug, '', { file, line, what: 'category slug' }), title: text('title'), description: text('description') };
  }
  throw new DocsgenError('"link" must be { type: "doc", id } or { type: "generated-index" }', { location: { file } });
}
