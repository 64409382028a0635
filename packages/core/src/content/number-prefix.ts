/**
 * `01-intro`, `2. setup`, `03_api` → the number and the name, as Docusaurus's default number prefix parser reads them.
 * Names that only look numbered are kept: dates (`2021-01-01-notes`), versions (`1.2.3`), plain numbers (`404`).
 */
export function splitNumberPrefix(name: string): { name: string; position?: number } {
  const match = /^(\d+)\s*[-_.]+\s*(.+)$/.exec(name);
  if (!match || /^\d+([-_.]|$)/.test(match[2])) return { name };
  return { name: match[2], position: Number(match[1]) };
}

/** A path with the number prefix of every segment removed: `01-guide/02-setup` → `guide/setup`. */
export function stripNumberPrefixes(relativePath: string): string {
  return relativePath
    .split('/')
    .map((segment) => splitNumberPrefix(segment).name)
    .join('/');
}
