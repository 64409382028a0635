/**
 * The terms of a build's pages, each by a number: a page lists its terms by number, so the index is inverted by
 * counting into typed arrays rather than by looking up every posting's string (10,433 terms but 2.3 million postings
 * at 10,000 pages). The last build's table numbers its terms this way already (page-terms-cache.ts).
 */
export class TermNumbers {
  /** The term at each number. One listed twice keeps its first number, so a table that lists a term twice is found out (page-terms-cache.ts). */
  readonly terms: string[];
  private readonly numbers = new Map<string, number>();
  /** Numbers of two-character terms by their UTF-16 units, `first << 16 | second`: a lookup that makes no string. */
  private readonly pairNumbers = new Map<number, number>();

  constructor(terms: string[] = []) {
    this.terms = terms;
    for (let i = 0; i < terms.length; i++) if (!this.numbers.has(terms[i])) this.numbers.set(terms[i], i);
  }

  /** The term's number; a term not listed yet is added. */
  numberOf(term: string): number {
    let number = this.numbers.get(term);
    if (number === undefined) this.numbers.set(term, (number = this.terms.push(term) - 1));
    return number;
  }

  /** The number of the term of two BMP characters, by their UTF-16 units. */
  numberOfPair(first: number, second: number): number {
    const units = (first << 16) | second;
    let number = this.pairNumbers.get(units);
    if (number === undefined) this.pairNumbers.set(units, (number = this.numberOf(String.fromCharCode(first, second))));
    return number;
  }
}
