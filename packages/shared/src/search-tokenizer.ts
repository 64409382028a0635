/**
 * The search tokenizer, run by the build on every doc and by the browser on every query, so both
 * split text the very same way. Chinese (and Japanese kana) runs become overlapping character
 * pairs; Latin words, API names and numbers are kept whole and lowercased, with dotted, dashed and
 * camel-case names also split into their parts.
 */

export interface TokenizeOptions {
  /** Chinese words (the site's user dictionary) also kept whole, besides their character pairs. */
  dictionary?: readonly string[];
}

/** One piece of text as the tokenizer reads it: a CJK run or a Latin word/name, with where it starts. */
export interface TextRun {
  kind: 'cjk' | 'word';
  text: string;
  start: number;
}

/** A character of a CJK run: Han, kana and the long-vowel mark. */
export const CJK_CHAR = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]`;
const ONE_CJK_CHAR = new RegExp(`^${CJK_CHAR}$`, 'u');
/** A character of a word, when not a CJK one. */
const ONE_WORD_CHAR = /^[\p{L}\p{N}_]$/u;
/** Boundaries inside a name: `_`, lower→upper (`getDevice`), letter↔digit (`sha256`). */
const CAMEL = /_+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/** What a code point is to the tokenizer. */
const OTHER = 1;
const CJK = 2;
const WORD = 3;
/**
 * Each code point's kind, tested against the Unicode properties once and kept (in the BMP by index, 0 while not yet
 * tested). Matching the text against a pattern of these properties made an object per run: tokenising the pages of a
 * cold 206-page build made 38 MB of garbage that way, 13 MB this way, and took 17–32 ms a pass once warm, 7 ms this way.
 */
const bmpKinds = new Uint8Array(0x10000);
const astralKinds = new Map<number, number>();

function kindOf(codePoint: number): number {
  let kind = codePoint < 0x10000 ? bmpKinds[codePoint] : astralKinds.get(codePoint);
  if (!kind) {
    const char = String.fromCodePoint(codePoint);
    kind = ONE_CJK_CHAR.test(char) ? CJK : ONE_WORD_CHAR.test(char) ? WORD : OTHER;
    if (codePoint < 0x10000) bmpKinds[codePoint] = kind;
    else astralKinds.set(codePoint, kind);
  }
  return kind;
}

/** UTF-16 units of a code point. */
const units = (codePoint: number): number => (codePoint > 0xffff ? 2 : 1);

/**
 * Calls `visit` with each CJK run and each word of the text, in order, by where it starts and ends. A word is letters,
 * digits and `_` (not CJK), with single dots and dashes inside it (`XYIoT.init`, `X-XY-Signature`); a lone surrogate
 * is neither.
 */
function forEachRun(text: string, visit: (cjk: boolean, start: number, end: number) => void): void {
  let index = 0;
  while (index < text.length) {
    const start = index;
    const first = text.codePointAt(index)!;
    const kind = kindOf(first);
    index += units(first);
    if (kind === OTHER) continue;
    index = kind === WORD ? wordEnd(text, index) : cjkEnd(text, index);
    visit(kind === CJK, start, index);
  }
}

/** Where the word that goes on at `index` ends: its letters, digits and `_`, and single dots and dashes between them. */
function wordEnd(text: string, from: number): number {
  let index = from;
  for (;;) {
    while (index < text.length) {
      const codePoint = text.codePointAt(index)!;
      if (kindOf(codePoint) !== WORD) break;
      index += units(codePoint);
    }
    const separator = text.charCodeAt(index);
    const joined = (separator === 0x2e || separator === 0x2d) && index + 1 < text.length && kindOf(text.codePointAt(index + 1)!) === WORD;
    if (!joined) return index;
    index++;
  }
}

/** Where the CJK run that goes on at `index` ends. */
function cjkEnd(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    const codePoint = text.codePointAt(index)!;
    if (kindOf(codePoint) !== CJK) break;
    index += units(codePoint);
  }
  return index;
}

/** The CJK runs and words of a text, in order. */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  forEachRun(text, (cjk, start, end) => runs.push({ kind: cjk ? 'cjk' : 'word', text: text.slice(start, end), start }));
  return runs;
}

/** Splits text into search terms: lowercase, CJK bigrams, whole words plus their parts. Terms may repeat. */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const terms: string[] = [];
  forEachTerm(text, options, (term) => terms.push(term));
  return terms;
}

/** Calls `visit` with each of `tokenize`'s terms of the text, in order, without making their list. */
export function forEachTerm(text: string, options: TokenizeOptions, visit: (term: string) => void): void {
  forEachTermOrPair(text, options, visit, (first, second) => visit(String.fromCharCode(first, second)));
}

/**
 * `forEachTerm`, but a pair of two BMP characters, most terms of Chinese text, is given to `visitPair` as its two UTF-16
 * units: the build counts every page's terms by number, and making a string of each pair only to look its number up
 * was most of that.
 */
export function forEachTermOrPair(text: string, options: TokenizeOptions, visit: (term: string) => void, visitPair: (first: number, second: number) => void): void {
  const dictionary = options.dictionary ?? [];
  // forEachRun's loop, with a CJK run's pairs given as they are read: one loop, which V8 optimises while it runs (a cold
  // build tokenises every page once, mostly in code not yet optimised), rather than a callback per run that reads it again.
  let index = 0;
  while (index < text.length) {
    const start = index;
    const first = text.codePointAt(index)!;
    const kind = kindOf(first);
    index += units(first);
    if (kind === OTHER) continue;
    if (kind === WORD) {
      index = wordEnd(text, index);
      for (const term of wordTermsOf(text.slice(start, index))) visit(term);
      continue;
    }
    // A run of one character is that character; a longer one, each pair of characters side by side.
    let pairStart = start;
    while (index < text.length) {
      const codePoint = text.codePointAt(index)!;
      if (kindOf(codePoint) !== CJK) break;
      const pairEnd = index + units(codePoint);
      if (pairEnd - pairStart === 2) visitPair(text.charCodeAt(pairStart), text.charCodeAt(index));
      else visit(text.slice(pairStart, pairEnd));
      pairStart = index;
      index = pairEnd;
    }
    if (pairStart === start) visit(text.slice(start, index));
    if (dictionary.length) {
      const run = text.slice(start, index);
      for (const word of dictionary) if (run.includes(word)) visit(word);
    }
  }
}

/** The same words recur all through a site (API names, `SDK`); their terms are worked out once. */
const termsOfWord = new Map<string, string[]>();

function wordTermsOf(word: string): string[] {
  let terms = termsOfWord.get(word);
  if (!terms) {
    terms = [];
    wordTerms(word, terms);
    termsOfWord.set(word, terms);
  }
  return terms;
}

/** Unique terms of a query, in order of first appearance. */
export function tokenizeQuery(text: string, options: TokenizeOptions = {}): string[] {
  return [...new Set(tokenize(text, options))];
}

function wordTerms(word: string, out: string[]): void {
  const whole = word.toLowerCase();
  out.push(whole);
  const pieces = word.split(/[.\-]/).filter(Boolean);
  const parts = new Set<string>();
  for (const piece of pieces) {
    if (pieces.length > 1 && piece.length > 1) parts.add(piece.toLowerCase());
    const camel = piece.split(CAMEL).filter(Boolean);
    // `iOS`, `XYIoT`: a one-letter part means the name is a brand, not camel case; keep it whole.
    if (camel.length > 1 && camel.every((part) => part.length > 1)) for (const part of camel) parts.add(part.toLowerCase());
  }
  parts.delete(whole);
  out.push(...parts);
}
