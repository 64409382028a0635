/**
 * The compact text encodings of a term shard, written by the build and read by the search worker: JSON
 * numbers cost a comma and up to three digits each and JSON arrays of strings a quote and a comma per term,
 * so a shard stores its terms front-coded in one string and its terms' postings in another, a term's
 * postings being a run of digits without separators.
 */

/**
 * Printable ASCII without `"`, `'` and `\` (nothing JSON escapes): the first 46 are a number's last digit,
 * the other 46 its earlier digits, so numbers need no separators.
 */
const DIGITS = '!#$%&()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~';
const BASE = 46;
const VALUE_OF = new Map([...DIGITS].map((char, i) => [char.charCodeAt(0), i]));

/** Weights are stored as a level on a logarithmic scale: this ratio between levels (at most 7 % off). */
const WEIGHT_RATIO = 1.15;

export function weightLevel(weight: number): number {
  return Math.max(0, Math.round(Math.log(weight) / Math.log(WEIGHT_RATIO)));
}

export function levelWeight(level: number): number {
  return WEIGHT_RATIO ** level;
}

function appendNumber(out: string[], n: number): void {
  const digits = [DIGITS[n % BASE]];
  for (n = Math.floor(n / BASE); n > 0; n = Math.floor(n / BASE)) digits.push(DIGITS[BASE + (n % BASE)]);
  for (let i = digits.length - 1; i >= 0; i--) out.push(digits[i]);
}

/** A term's postings: for each page (ascending), the gap from the previous page, then the weight's level. */
export function encodePostings(pages: readonly number[], weights: readonly number[]): string {
  const out: string[] = [];
  pages.forEach((page, i) => {
    appendNumber(out, page - (i ? pages[i - 1] : 0));
    appendNumber(out, weightLevel(weights[i]));
  });
  return out.join('');
}

export interface DecodedPostings {
  pages: Uint32Array;
  weights: Float64Array;
}

export function decodePostings(text: string): DecodedPostings {
  const pages: number[] = [];
  const levels: number[] = [];
  let page = 0;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const value = VALUE_OF.get(text.charCodeAt(i));
    if (value === undefined) throw new Error(`bad character in search postings: ${text[i]}`);
    if (value >= BASE) {
      n = n * BASE + value - BASE;
      continue;
    }
    n = n * BASE + value;
    // Numbers alternate: a page gap, then that page's weight level.
    if (pages.length === levels.length) pages.push((page += n));
    else levels.push(n);
    n = 0;
  }
  return { pages: Uint32Array.from(pages), weights: Float64Array.from(levels, levelWeight) };
}

/**
 * Sorted terms as one string: each term is the length of the start it shares with the one before (one
 * digit, at most 9) and the rest of it, terms separated by spaces (no term holds one). Character pairs
 * that share their first character then cost one character each.
 */
export function encodeTerms(terms: readonly string[]): string {
  let previous: string[] = [];
  return terms
    .map((term) => {
      const chars = Array.from(term);
      let shared = 0;
      while (shared < 9 && shared < chars.length - 1 && chars[shared] === previous[shared]) shared++;
      previous = chars;
      return shared + chars.slice(shared).join('');
    })
    .join(' ');
}

export function decodeTerms(text: string): string[] {
  if (!text) return [];
  let previous: string[] = [];
  return text.split(' ').map((coded) => {
    const chars = [...previous.slice(0, Number(coded[0])), ...Array.from(coded.slice(1))];
    previous = chars;
    return chars.join('');
  });
}
