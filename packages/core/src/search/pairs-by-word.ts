import { CJK_CHAR } from '@docsgen/shared';
import type { SearchSection } from '../markdown/search-sections.js';
import { once } from '../once.js';

const CJK_PAIRS_RUN = new RegExp(`${CJK_CHAR}{2,}`, 'gu');

/** The CJK runs of a text that hold a pair of characters or more: textRuns' `cjk` runs of two or more, without making the words' runs (a third of the time of the parse's search pairs). */
export function cjkPairRuns(text: string): string[] {
  return text.match(CJK_PAIRS_RUN) ?? [];
}

/** The character pairs of a text's Chinese runs by where `Intl.Segmenter` puts them. */
export interface PairsByWord {
  /** Pairs inside one word (功耗 of 低|功耗), each once. */
  inside: string[];
  /** Pairs that span two words, at least one of them two characters or more (备绑 of 设备|绑|定) or a function word (已绑 of 已|绑), once per occurrence. */
  across: string[];
}

/** Made when first used: making it loads ICU's word dictionaries, 6–7 ms of every command's start (`--version` too), profiled. */
const words = once(() => new Intl.Segmenter('zh', { granularity: 'word' }));
/**
 * Characters that, standing alone, are function words (particles, pronouns, conjunctions, adverbs such as 已 and
 * 再): a pair of one of them and another lone character (已|绑, 时|的) is two words side by side, like a pair
 * across words, not a word the segmenter does not know (绑|定). Words holding them that the segmenter knows
 * (已经, 再次, 只读, 每秒) are single segments and unaffected.
 */
const FUNCTION_CHARS = new Set('的了和或与及是你我它这那见把被就都还也仍已会再只才请该每各并');
/** A site repeats its phrases (a generated corpus its sentences): each run is segmented once, up to this many runs. */
const MAX_CACHED_RUNS = 100_000;
const pairsOfRun = new Map<string, PairsByWord>();

/**
 * Sorts the character pairs of the text's Chinese runs by the words `Intl.Segmenter` finds: `设备绑定失败` is
 * 设备|绑|定|失败, so 设备 and 失败 are inside words and 备绑 and 定失 across two. Each is also one of
 * `tokenize`'s terms of the text. A pair of two other lone characters is in neither list: the segmenter's
 * dictionary lacks many words of this domain and splits them into characters (绑定, 固件, 网关).
 */
export function pairsByWord(text: string): PairsByWord {
  const inside = new Set<string>();
  const across: string[] = [];
  for (const run of cjkPairRuns(text)) {
    let pairs = pairsOfRun.get(run);
    if (!pairs) {
      pairs = segmentRun(run);
      if (pairsOfRun.size >= MAX_CACHED_RUNS) pairsOfRun.clear();
      pairsOfRun.set(run, pairs);
    }
    for (const pair of pairs.inside) inside.add(pair);
    for (const pair of pairs.across) across.push(pair);
  }
  return { inside: [...inside], across };
}

/** The pairs by word of a doc's indexed body (what the parse works out for each doc). */
export function pairsOfText(doc: { description: string; sections: SearchSection[] }): PairsByWord {
  return pairsByWord(searchBody(doc.description, doc.sections));
}

/** The text a page's body is indexed as: the description first, so a page with no text before its first heading is still found by it. */
export function searchBody(description: string, sections: SearchSection[]): string {
  return [description, ...sections.map((section) => section.text)].filter(Boolean).join('\n');
}

function segmentRun(run: string): PairsByWord {
  const pairs: PairsByWord = { inside: [], across: [] };
  let previous: string[] = [];
  for (const { segment } of words().segment(run)) {
    const chars = Array.from(segment);
    if (previous.length && (previous.length > 1 || chars.length > 1 || FUNCTION_CHARS.has(previous[0]) || FUNCTION_CHARS.has(chars[0]))) {
      pairs.across.push(previous[previous.length - 1] + chars[0]);
    }
    for (let i = 0; i < chars.length - 1; i++) pairs.inside.push(chars[i] + chars[i + 1]);
    previous = chars;
  }
  return pairs;
}
