/**
 * Front matter written the way almost every doc writes it, one `key: value` per line with a plain value or a one-line
 * list of them (`title: 快速入门`, `sidebar_position: 3`, `draft: true`, `keywords: [设备, SDK]`), read without building
 * `yaml`'s document model: that parse was the scan's largest cost in a cold build (parseDocument alone 240 ms of the
 * 2,000-page corpus's profile). Anything else — quotes, block lists, nesting, comments, anchors, a `:` or `#` in a value,
 * a number that is not a small whole one, words YAML reads as null or a boolean, CRLF line ends — returns undefined and
 * goes to `yaml`. What this reads, it reads exactly as `yaml` does (test/unit/core/plain-front-matter.test.ts
 * compares them on generated and real front matter).
 */
export function readPlainFrontMatter(text: string): Record<string, PlainValue> | undefined {
  const data: Record<string, PlainValue> = {};
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const match = PLAIN_LINE.exec(line);
    if (!match) return undefined;
    const [, key, written] = match;
    const trimmed = trimSpaces(written);
    const value = trimmed.startsWith('[') && trimmed.endsWith(']') ? plainList(trimmed) : plainValue(trimmed);
    if (value === undefined || SPECIAL_WORD.test(key) || key === '__proto__' || Object.hasOwn(data, key)) return undefined;
    data[key] = value;
  }
  return data;
}

type PlainValue = string | number | boolean | (string | number | boolean)[];

/** A top-level key of letters, digits, `_` and `-`, then `: ` and a value on the same line, with no tab, `:` or `#` anywhere after the key. */
const PLAIN_LINE = /^([A-Za-z_][A-Za-z0-9_-]*): ([^\t:#\r]*)$/;
/** Characters that make a value something other than plain text when they start it (YAML's indicators, quotes, and what starts a number or `.inf`). */
const SPECIAL_START = /^[-?:,[\]{}#&*!|>'"%@`.+0-9~]/;
/** Plain words YAML's core schema reads as null or a boolean, in any of the spellings it accepts or might. */
const SPECIAL_WORD = /^(?:null|true|false|yes|no|on|off|y|n)$/i;

/**
 * A flow list of plain values on one line (`keywords: [设备, SDK, 3]`), as Docusaurus docs write their keywords; its
 * items hold no brackets or braces, and none is empty.
 */
function plainList(value: string): (string | number | boolean)[] | undefined {
  const inner = value.slice(1, -1);
  if (inner.trim() === '') return inner === '' ? [] : undefined;
  const items: (string | number | boolean)[] = [];
  for (const written of inner.split(',')) {
    const item = plainValue(trimSpaces(written));
    if (item === undefined || (typeof item === 'string' && /[[\]{}]/.test(item))) return undefined;
    items.push(item);
  }
  return items;
}

/** YAML trims a plain value of spaces only (not the ideographic space or no-break space that JavaScript's trim takes too). */
function trimSpaces(text: string): string {
  return text.replace(/^ +| +$/g, '');
}

function plainValue(value: string): string | number | boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  // Small whole numbers only: they read the same in every YAML schema, and no precision is lost.
  if (/^(?:0|[1-9][0-9]{0,8})$/.test(value)) return Number(value);
  if (value === '' || SPECIAL_START.test(value) || SPECIAL_WORD.test(value)) return undefined;
  return value;
}
