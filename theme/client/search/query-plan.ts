/**
 * What a query asks for, worked out before any shard is fetched: a list of requirements, every one of
 * which a page must meet. A requirement is met by any of its alternatives (a synonym group gives several),
 * an alternative by all of its units:
 * - a Chinese run by most of its character pairs: at most one pair in three of those the index knows may be
 *   missing (`minimumPairs`), so `网关子设备` still finds `网关与子设备` while scattered pairs do not count; a
 *   pair no page holds (`品到` in `移动产品到其他分组`) spans two words and is not asked for;
 * - a Latin word or identifier whole, or by all of its parts (`getDeviceList` → get, device, list), or, for
 *   the word being typed, by a term it starts, or, when the index lacks it, by a term one or two typos away;
 * - a dictionary word whole.
 * A three-character Chinese run is also met, at half weight and never as a phrase, by its last two characters
 * alone: it is often a one-character verb and a word (`开发票`, `查账单`, `改密码`), whose first pair (开发) spans
 * the two and says nothing the page must hold.
 */
import { textRuns, tokenize } from '@docsgen/shared';

export type Unit =
  | { kind: 'pairs'; text: string; pairs: string[]; need: number }
  /** A lone Chinese character: a term that starts with it. */
  | { kind: 'char'; char: string }
  | { kind: 'word'; text: string; whole: string; parts: string[]; typing: boolean }
  | { kind: 'term'; term: string };

export interface Alternative {
  units: Unit[];
  /** Below 1 for a synonym the query did not spell out, or a run met without its first character. */
  boost: number;
  /** Met at best as scattered pairs, never as a phrase: the query as written is not what the page holds. */
  loose?: boolean;
}

export interface Requirement {
  alternatives: Alternative[];
}

export interface QueryOptions {
  synonyms: readonly string[][];
  dictionary: readonly string[];
}

/**
 * Words that frame a question rather than say what it is about (`怎么绑定设备`, `设备为什么离线`): runs are
 * split at them. Sentence-final particles are dropped at the end of a run only (了 also starts 了解).
 */
const QUESTION_WORDS = /怎么办|怎么样|怎么做|怎么|怎样|如何|为什么|为何|什么|哪些|哪个|在哪里|在哪儿|在哪|哪里|是否|能否|能不能|请问|我们|我|的/gu;
const FINAL_PARTICLES = /[吗呢吧了啊呀]+$/u;

/** Pairs a run of `count` pairs must match: all of one or two, then all but one in three. */
export function minimumPairs(count: number): number {
  return count - Math.floor(count / 3);
}

export function planQuery(query: string, options: QueryOptions): Requirement[] {
  const lower = query.toLowerCase();
  const typingAt = /\s$/.test(query) ? -1 : lastWordStart(lower);
  const requirements: Requirement[] = [];
  // Synonym and dictionary words are cut out of the query first, longest first; the rest is split as usual.
  const phrases = [...options.synonyms.flat(), ...options.dictionary].map((p) => p.toLowerCase()).sort((a, b) => b.length - a.length);
  const rest = cutPhrases(lower, phrases, (phrase) => {
    const group = options.synonyms.find((words) => words.some((word) => word.toLowerCase() === phrase));
    const words = group ? group.map((word) => word.toLowerCase()) : [phrase];
    requirements.push({
      alternatives: words.map((word) => ({ units: phraseUnits(word, options.dictionary), boost: word === phrase ? 1 : 0.8 })),
    });
  });
  for (const unit of textUnits(rest, typingAt)) requirements.push({ alternatives: [{ units: [unit], boost: 1 }, ...withoutFirstCharacter(unit)] });
  return requirements.filter((r) => r.alternatives.every((a) => a.units.length));
}

/** A three-character run's last two characters, as a loose alternative at half weight (see the top of this file). */
function withoutFirstCharacter(unit: Unit): Alternative[] {
  if (unit.kind !== 'pairs') return [];
  const chars = Array.from(unit.text);
  if (chars.length !== 3) return [];
  const word = chars.slice(1).join('');
  return [{ units: [{ kind: 'pairs', text: word, pairs: [word], need: 1 }], boost: 0.5, loose: true }];
}

/** Where the last word of the query starts, when it is a Latin word being typed; -1 otherwise. */
function lastWordStart(lower: string): number {
  const runs = textRuns(lower);
  const last = runs[runs.length - 1];
  return last && last.kind === 'word' && last.start + last.text.length === lower.length ? last.start : -1;
}

/** Replaces each occurrence of a phrase (whole words only, for Latin ones) by spaces, reporting it once. */
function cutPhrases(text: string, phrases: string[], found: (phrase: string) => void): string {
  let rest = text;
  for (const phrase of phrases) {
    const latin = /[a-z0-9]/.test(phrase);
    let at = rest.indexOf(phrase);
    let seen = false;
    while (at !== -1) {
      const before = rest[at - 1] ?? ' ';
      const after = rest[at + phrase.length] ?? ' ';
      if (!latin || (!/[a-z0-9_]/.test(before) && !/[a-z0-9_]/.test(after))) {
        rest = rest.slice(0, at) + ' '.repeat(phrase.length) + rest.slice(at + phrase.length);
        if (!seen) found(phrase);
        seen = true;
      }
      at = rest.indexOf(phrase, at + 1);
    }
  }
  return rest;
}

function phraseUnits(phrase: string, dictionary: readonly string[]): Unit[] {
  return dictionary.includes(phrase) ? [{ kind: 'term', term: phrase }] : textUnits(phrase, -1);
}

/** Units of plain query text: Chinese runs (split at question words) and words; the word at `typingAt` is still being typed. */
function textUnits(text: string, typingAt: number): Unit[] {
  const units: Unit[] = [];
  for (const run of textRuns(text)) {
    if (run.kind === 'word') {
      const [whole, ...parts] = tokenize(run.text);
      units.push({ kind: 'word', text: run.text, whole, parts, typing: run.start === typingAt });
      continue;
    }
    // A lone character left between question words (`账单在哪里看` → 看) frames the question too.
    const pieces = run.text
      .split(QUESTION_WORDS)
      .map((piece) => piece.replace(FINAL_PARTICLES, ''))
      .filter((piece) => Array.from(piece).length > 1);
    for (const piece of pieces.length ? pieces : [run.text]) {
      const chars = Array.from(piece);
      if (chars.length === 1) {
        units.push({ kind: 'char', char: piece });
        continue;
      }
      const pairs = [...new Set(tokenize(piece))];
      units.push({ kind: 'pairs', text: piece, pairs, need: minimumPairs(pairs.length) });
    }
  }
  return units;
}
