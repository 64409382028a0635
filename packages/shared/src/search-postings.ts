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
/** Each ASCII character's digit value, -1 for characters that are none: a table, as decoding runs per character. */
const VALUE_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGITS.length; i++) VALUE_OF[DIGITS.charCodeAt(i)] = i;

/** Weights are stored as a level on a logarithmic scale: this ratio between levels (at most 7 % off). */
const WEIGHT_RATIO = 1.15;

export function weightLevel(weight: number): number {
  return Math.max(0, Math.round(Math.log(weight) / Math.log(WEIGHT_RATIO)));
}

export function levelWeight(level: number): number {
  return WEIGHT_RATIO ** level;
}

/** levelWeight of the levels one character holds, looked up rather than raised to a power per posting. */
const ONE_DIGIT_WEIGHTS = Float64Array.from({ length: BASE }, (_, level) => levelWeight(level));

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

/**
 * Decodes a term's postings in one pass into typed arrays sized for the most postings the text can hold (two
 * characters each): a query over 10,000 pages decodes postings of thousands of pages in a worker whose code
 * is not yet optimised, so this loop is kept to table lookups and arithmetic.
 */
export function decodePostings(text: string): DecodedPostings {
  const pages = new Uint32Array(text.length >> 1);
  const weights = new Float64Array(text.length >> 1);
  let count = 0;
  let page = 0;
  let n = 0;
  // Numbers alternate: a page gap, then that page's weight level.
  let gap = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? VALUE_OF[code] : -1;
    if (value < 0) throw new Error(`bad character in search postings: ${text[i]}`);
    if (value >= BASE) {
      n = n * BASE + value - BASE;
      continue;
    }
    n = n * BASE + value;
    if (gap) pages[count] = page += n;
    else weights[count++] = n < BASE ? ONE_DIGIT_WEIGHTS[n] : levelWeight(n);
    gap = !gap;
    n = 0;
  }
  return { pages: pages.subarray(0, count), weights: weights.subarray(0, count) };
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
