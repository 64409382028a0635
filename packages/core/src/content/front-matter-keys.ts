/**
 * Every front matter key Docusaurus docs accept. docsgen reads the first group; the second changes only what
 * docsgen's theme does not have (edit links, per-doc sidebars, social cards …) and is knowingly ignored.
 */
const READ_KEYS = ['id', 'title', 'description', 'keywords', 'slug', 'sidebar_position', 'sidebar_label', 'draft', 'unlisted', 'hide_table_of_contents', 'toc_min_heading_level', 'toc_max_heading_level', 'pagination_label', 'pagination_next', 'pagination_prev', 'hide_title', 'custom_edit_url', 'last_update'];
const IGNORED_KEYS = ['parse_number_prefixes', 'tags', 'displayed_sidebar', 'sidebar_class_name', 'sidebar_custom_props', 'sidebar_key', 'image', 'format', 'sidebar', 'author', 'authors', 'date'];
const KNOWN_KEYS = [...READ_KEYS, ...IGNORED_KEYS];

/** `file  unknown front matter key "titel" (did you mean "title"?)` for each key no Docusaurus doc has. */
export function unknownFrontMatterKeys(frontMatter: Record<string, unknown>, file: string): string[] {
  return Object.keys(frontMatter)
    .filter((key) => !KNOWN_KEYS.includes(key))
    .map((key) => {
      const closest = closestKey(key);
      return `${file}  unknown front matter key "${key}"${closest ? ` (did you mean "${closest}"?)` : ''}; it is ignored`;
    });
}

function closestKey(key: string): string | undefined {
  let best: { key: string; distance: number } | undefined;
  for (const known of KNOWN_KEYS) {
    const distance = editDistance(key, known);
    if (!best || distance < best.distance) best = { key: known, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(key.length / 3)) ? best.key : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}
