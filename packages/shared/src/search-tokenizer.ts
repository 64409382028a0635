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
const WORD_CHAR = String.raw`(?:(?!${CJK_CHAR})[\p{L}\p{N}_])`;
const RUN = new RegExp(String.raw`(${CJK_CHAR}+)|(${WORD_CHAR}+(?:[.\-]${WORD_CHAR}+)*)`, 'gu');
const CJK = new RegExp('^' + CJK_CHAR, 'u');
/** Boundaries inside a name: `_`, lower→upper (`getDevice`), letter↔digit (`sha256`). */
const CAMEL = /_+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/** The CJK runs and words of a text, in order. */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const match of text.matchAll(RUN)) {
    const value = match[0];
    runs.push({ kind: CJK.test(value) ? 'cjk' : 'word', text: value, start: match.index });
  }
  return runs;
}

/** Splits text into search terms: lowercase, CJK bigrams, whole words plus their parts. Terms may repeat. */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const terms: string[] = [];
  for (const match of text.matchAll(RUN)) {
    if (match[1] !== undefined) {
      cjkTerms(match[1], terms);
      for (const word of options.dictionary ?? []) if (match[1].includes(word)) terms.push(word);
    } else for (const term of wordTermsOf(match[0])) terms.push(term);
  }
  return terms;
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

function cjkTerms(run: string, out: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    out.push(chars[0]);
    return;
  }
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i] + chars[i + 1]);
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
