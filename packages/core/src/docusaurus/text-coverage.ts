/**
 * How much of what an author wrote reaches the page, measured without docsgen's own parser: the source's words
 * (Markdown and MDX syntax, URLs and imports taken out) against the words of the built page. Chinese, Japanese and
 * Korean text counts character by character, other scripts word by word, and a word counts as often as the page has it.
 */
export interface TextCoverage {
  /** Words of the source, with repeats. */
  sourceWords: number;
  /** Of those, how many the page shows. */
  shownWords: number;
  ratio: number;
  /** The source's words the page lacks most, for a quick look at what was lost. */
  missing: string[];
}

export function textCoverage(source: string, pageHtml: string): TextCoverage {
  const { total, lacking, missing } = wordsLacking(countWords(visibleSourceText(source)), countWords(visiblePageText(pageHtml)));
  return { sourceWords: total, shownWords: total - lacking, ratio: total ? (total - lacking) / total : 1, missing };
}

/** Of the words `expected` counts, how many `shown` lacks (a word counts as often as it occurs), the most lacking first. */
function wordsLacking(expected: Map<string, number>, shown: Map<string, number>): { total: number; lacking: number; missing: string[] } {
  let total = 0;
  let lacking = 0;
  const missing: [string, number][] = [];
  for (const [word, count] of expected) {
    total += count;
    const lack = count - Math.min(count, shown.get(word) ?? 0);
    lacking += lack;
    if (lack > 0) missing.push([word, lack]);
  }
  missing.sort((x, y) => y[1] - x[1]);
  return { total, lacking, missing: missing.slice(0, 12).map(([word, count]) => (count > 1 ? `${word}×${count}` : word)) };
}

/** The text a reader of the rendered source would see: syntax, URLs, imports and comments removed, code kept as written. */
export function visibleSourceText(markdown: string): string {
  const parts: string[] = [];
  let prose: string[] = [];
  let fence: string | undefined;
  // Docusaurus unwraps ```mdx-code-block fences: their content is MDX, not code.
  let unwrapping: string | undefined;
  const flush = () => {
    parts.push(proseText(prose.join('\n')));
    prose = [];
  };
  for (const line of markdown.replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '').split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && line.trim() === fence) fence = undefined;
      else parts.push(line);
    } else if (marker && !unwrapping && /^\s*(`{3,}|~{3,})\s*mdx-code-block\s*$/.test(line)) {
      unwrapping = marker;
    } else if (marker && unwrapping && line.trim() === unwrapping) {
      unwrapping = undefined;
    } else if (marker) {
      flush();
      fence = marker;
    } else {
      prose.push(line);
    }
  }
  flush();
  return parts.join('\n');
}

function proseText(text: string): string {
  return text
    .replace(/`([^`\n]+)`/g, (_, code: string) => code.replace(/</g, ' '))
    // Ordered list numbers are markup: the page shows them as list numbering, not text.
    .replace(/^(\s*(?:>\s*)*)\d{1,9}[.)](?=\s)/gm, '$1')
    .replace(/^import\s(?:.*\sfrom\s+)?['"][^'"]+['"];?[ \t]*$/gm, ' ')
    .replace(/^export\s+(?:const|let|var|function|default)\b[\s\S]*?(?=\n[ \t]*\n|$(?![\s\S]))/gm, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ')
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\]\((?:[^()]|\([^()]*\))*\)/g, ']')
    .replace(/\]\[[^\]\n]*\]/g, ']')
    .replace(/<(?:https?|mailto):[^>]*>/g, ' ')
    .replace(/<\/?[A-Za-z][^<>]*>/g, ' ')
    .replace(/\{#[^}]+\}/g, ' ')
    .replace(/\{\s*(['"`])([^'"`{}]*)\1\s*\}/g, '$2')
    .replace(/\{[^{}\n]*\}/g, ' ')
    .replace(/^\s*:{3,}[a-z-]*/gim, ' ')
    .replace(/&nbsp;/g, ' ');
}

/** What a page built by another tool (Docusaurus) shows in its articles that the same page of docsgen does not. */
export interface TextBeyond {
  /** Words of the other page's articles, with repeats. */
  otherWords: number;
  /** Of those, how many docsgen's page lacks. */
  missingWords: number;
  /** The words it lacks most. */
  missing: string[];
}

/**
 * The words of `otherHtml`'s articles (from the first `<article>` to the last `</article>`: Docusaurus writes one per
 * card on a generated-index page) that `pageHtml`'s article lacks, counted as textCoverage counts them.
 */
export function textBeyond(otherHtml: string, pageHtml: string): TextBeyond {
  const { total, lacking, missing } = wordsLacking(countWords(visiblePageText(otherHtml)), countWords(visiblePageText(pageHtml)));
  return { otherWords: total, missingWords: lacking, missing };
}

/** The text of a built page's articles (title and body), scripts and markup removed. */
export function visiblePageText(html: string): string {
  const start = html.indexOf('<article');
  const end = html.lastIndexOf('</article>');
  const article = start >= 0 ? html.slice(start, end < start ? undefined : end) : html;
  return decodeEntities(
    article
      .replace(/<script[\s\S]*?<\/script>/gi, ' ')
      .replace(/<style[\s\S]*?<\/style>/gi, ' ')
      .replace(/<img[^>]*\balt="([^"]*)"[^>]*>/gi, ' $1 ')
      // Inline elements (highlighted code is made of spans) join the text around them; other tags separate it.
      // Attribute values may hold `>` (Docusaurus writes `aria-label="ListResult<TagVo>的直接链接"`): quoted values are skipped whole.
      .replace(/<\/?(?:span|a|code|strong|em|b|i|kbd|sub|sup|mark|del|s|u|small|abbr)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi, '')
      .replace(/<(?:[^>"']|"[^"]*"|'[^']*')+>/g, ' '),
  );
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function countWords(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  // A CJK character is a word of its own, also next to Latin letters (`Consumer并启动` is `consumer`, 并, 启, 动).
  for (const match of decodeEntities(text).toLowerCase().matchAll(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+/gu)) {
    const word = match[0];
    if (!CJK.test(word) && word.length < 2 && !/\d/.test(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(lt|gt|quot|apos|amp|nbsp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&', nbsp: ' ' })[name] ?? ' ');
}
