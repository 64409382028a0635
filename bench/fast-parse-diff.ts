// The fast Markdown front end's differential check on any folders of Markdown, run by hand (the unit test covers this
// site, the fixtures and the CommonMark examples): every `.md` file below them (node_modules left out) is parsed by
// the pipeline's parser and by micromark alone, and the trees must be equal, positions included. Prints how many
// documents took the fast path, why the others did not, and the first differences; exits 1 on any difference.
// `node --import tsx bench/fast-parse-diff.ts <folder>…`
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import matter from 'gray-matter';
import { VFile } from 'vfile';
import { normalizeAdmonitionSyntax } from '../packages/core/src/markdown/admonitions.js';
import { createTokenizer, type PlacedToken } from '../packages/core/src/markdown/fast-parse/markdown-it-tokens.js';
import type { MarkdownParser } from '../packages/core/src/markdown/fast-parse/remark-fast-parse.js';
import { tokensToMdast } from '../packages/core/src/markdown/fast-parse/tokens-to-mdast.js';
import { createCodeHighlighter } from '../packages/core/src/markdown/highlighter.js';
import { createMarkdownProcessor } from '../packages/core/src/markdown/parse-docs.js';

const processor = createMarkdownProcessor(createCodeHighlighter());
const micromark = (processor as unknown as { parser: { micromark: MarkdownParser } }).parser.micromark;
const tokenizer = createTokenizer();

const files = process.argv.slice(2).flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md') && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(folder, file)),
);

/** Where two trees first differ, as a path of node types and indexes. */
function firstDifference(a: unknown, b: unknown, at = ''): string | undefined {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return isDeepStrictEqual(a, b) ? undefined : `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
    if (!(key in left) || !(key in right)) return `${at}.${key}: on one side only`;
    const where = key === 'children' ? `${at}.${String(left.type)}` : `${at}.${key}`;
    const difference = key === 'children' ? childrenDifference(left.children as unknown[], right.children as unknown[], where) : firstDifference(left[key], right[key], where);
    if (difference) return difference;
  }
  return undefined;
}

function childrenDifference(a: unknown[], b: unknown[], at: string): string | undefined {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = firstDifference(a[i], b[i], `${at}[${i}]`);
    if (difference) return difference;
  }
  return undefined;
}

let fast = 0;
const differences: string[] = [];
const reasons = new Map<string, number>();
for (const file of files) {
  const body = normalizeAdmonitionSyntax(matter(readFileSync(file, 'utf8')).content);
  const vfile = new VFile({ value: body });
  const tree = processor.parse(vfile);
  if (vfile.data.markdownParser !== 'markdown-it') {
    let reason = 'CR or NUL in the text';
    if (!/[\r\0]/.test(body)) {
      try {
        tokensToMdast(body, tokenizer.parse(body, {}) as PlacedToken[], (text) => micromark(text, new VFile({ value: text })));
      } catch (error) {
        reason = (error as Error).message;
      }
    }
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    continue;
  }
  fast++;
  const expected = micromark(body, new VFile({ value: body }));
  if (!isDeepStrictEqual(tree, expected)) differences.push(`${file}\n  ${firstDifference(tree, expected) ?? 'trees differ'}`);
}
console.log(`${files.length} Markdown files: ${fast} read by markdown-it, ${files.length - fast} by micromark; ${differences.length} trees differ from micromark's`);
for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(5)}  ${reason}`);
for (const difference of differences.slice(0, 20)) console.log(difference);
process.exitCode = differences.length ? 1 : 0;
