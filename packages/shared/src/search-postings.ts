/**
 * The compact text encodings of a term shard, written by the build and read by the search worker: JSON
 * numbers cost a comma and up to three digits each and JSON arrays of strings a quote and a comma per term,
 * so a shard stores its terms front-coded in one string and its terms' postings in another, a term's
 * postings being a run of numbers without separators.
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

/** levelWeight of the levels that occur (below 2 × 46), looked up rather than raised to a power per posting. */
const LEVEL_WEIGHTS = Float64Array.from({ length: 2 * BASE }, (_, level) => levelWeight(level));

function appendNumber(out: string[], n: number): void {
  const digits = [DIGITS[n % BASE]];
  for (n = Math.floor(n / BASE); n > 0; n = Math.floor(n / BASE)) digits.push(DIGITS[BASE + (n % BASE)]);
  for (let i = digits.length - 1; i >= 0; i--) out.push(digits[i]);
}

/**
 * A term's postings: its lowest weight level, the gap from each page to the one before (ascending), then each
 * page's weight level above the lowest. Gaps and levels apart, and levels counted from the term's own lowest
 * (which its rarity sets), make runs that recur across terms, which gzip compresses better than each term's
 * pairs of gap and absolute level. A term of one page (half the terms) is its level and its page: the level
 * above its lowest would always be 0.
 */
export function encodePostings(pages: ArrayLike<number>, weights: ArrayLike<number>): string {
  if (!pages.length) return '';
  const levels = Array.from(weights, weightLevel);
  // A loop, not Math.min(...levels): spreading a common term's levels over 100,000 pages overflows the stack.
  let lowest = levels[0];
  for (const level of levels) if (level < lowest) lowest = level;
  const out: string[] = [];
  appendNumber(out, lowest);
  for (let i = 0; i < pages.length; i++) appendNumber(out, pages[i] - (i ? pages[i - 1] : 0));
  if (pages.length > 1) for (const level of levels) appendNumber(out, level - lowest);
  return out.join('');
}

export interface DecodedPostings {
  pages: Uint32Array;
  weights: Float64Array;
}

/**
 * Decodes a term's postings: its numbers in one pass into a typed array, then pages and weights from them. A
 * query over 10,000 pages decodes postings of thousands of pages in a worker whose code is not yet optimised,
 * so the loops are kept to table lookups and arithmetic.
 */
export function decodePostings(text: string): DecodedPostings {
  const numbers = new Uint32Array(text.length);
  let length = 0;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? VALUE_OF[code] : -1;
    if (value < 0) throw new Error(`bad character in search postings: ${text[i]}`);
    if (value >= BASE) {
      n = n * BASE + value - BASE;
      continue;
    }
    numbers[length++] = n * BASE + value;
    n = 0;
  }
  if (length === 2) return { pages: Uint32Array.of(numbers[1]), weights: Float64Array.of(levelWeight(numbers[0])) };
  const count = (length - 1) >> 1;
  if (count <= 1 || length !== 2 * count + 1) {
    if (length) throw new Error(`search postings hold ${length} numbers: the level and the page of a term in one page, else the lowest level, then as many gaps as levels`);
    return { pages: new Uint32Array(0), weights: new Float64Array(0) };
  }
  const lowest = numbers[0];
  const pages = new Uint32Array(count);
  const weights = new Float64Array(count);
  let page = 0;
  for (let i = 0; i < count; i++) {
    pages[i] = page += numbers[1 + i];
    const level = lowest + numbers[1 + count + i];
    weights[i] = level < LEVEL_WEIGHTS.length ? LEVEL_WEIGHTS[level] : levelWeight(level);
  }
  return { pages, weights };
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
