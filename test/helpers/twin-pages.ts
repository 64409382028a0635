/**
 * The App SDK is one design in two languages: the Android page and the iOS page of a topic (app/android/x.md and
 * app/ios/x.md) declare the same methods and list the same error codes, except where content/facts.json documents
 * a difference and why.
 */
import type { Pages } from './content-facts.js';

export interface TwinDifference {
  /** The topic's file below app/android and app/ios, e.g. `account.md`. */
  topic: string;
  android: string[];
  ios: string[];
  why: string;
}

export interface TwinSurface {
  methods: Set<string>;
  errorCodes: Set<string>;
}

export interface TwinMismatch {
  topic: string;
  kind: 'method' | 'error code';
  name: string;
  /** The side that has it. */
  only: 'android' | 'ios';
}

const DECLARATION = /^(?:public |open |internal |abstract )*(?:final )?(?:data |enum |sealed |fun )?(?:class|object|interface|protocol|struct|enum|extension) XY\w+/;
const BLOCK = /^```(kotlin|swift)\b[^\n]*\n([\s\S]*?)^```$/gm;

/** Methods of the SDK's own types (XY…) declared in a page's Kotlin or Swift code blocks; sample code is left out. */
export function declaredMethods(markdown: string): Set<string> {
  const methods = new Set<string>();
  for (const [, language, code] of markdown.matchAll(BLOCK)) {
    const keyword = language === 'kotlin' ? 'fun' : 'func';
    let inSdkType = false;
    for (const line of code.split('\n')) {
      // A line that starts in the first column with a word opens the next top-level declaration.
      if (/^[A-Za-z@]/.test(line)) inSdkType = DECLARATION.test(line);
      if (!inSdkType) continue;
      for (const match of line.matchAll(new RegExp(`\\b${keyword} (?!interface\\b)(\\w+)`, 'g'))) methods.add(match[1]);
    }
  }
  return methods;
}

/** Codes in the first column of the page's 错误码 section, e.g. `| -1、-2 | …` gives -1 and -2. */
export function listedErrorCodes(markdown: string): Set<string> {
  const section = /^## 错误码[^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1] ?? '';
  const codes = new Set<string>();
  for (const [, cell] of section.matchAll(/^\|\s*([^|]+?)\s*\|/gm)) {
    for (const [code] of cell.matchAll(/-?\d+/g)) codes.add(code);
  }
  return codes;
}

export function twinTopics(pages: Pages): string[] {
  return [...pages.keys()]
    .filter((file) => file.startsWith('app/android/') && pages.has(file.replace('app/android/', 'app/ios/')))
    .map((file) => file.slice('app/android/'.length))
    .sort();
}

export function surface(markdown: string): TwinSurface {
  return { methods: declaredMethods(markdown), errorCodes: listedErrorCodes(markdown) };
}

/** What one twin page has and the other lacks, less the documented differences. */
export function twinMismatches(pages: Pages, differences: TwinDifference[]): TwinMismatch[] {
  const mismatches: TwinMismatch[] = [];
  for (const topic of twinTopics(pages)) {
    const android = surface(pages.get(`app/android/${topic}`)!);
    const ios = surface(pages.get(`app/ios/${topic}`)!);
    const documented = differences.filter((difference) => difference.topic === topic);
    const excused = (side: 'android' | 'ios', name: string) => documented.some((difference) => difference[side].includes(name));
    const compare = (kind: TwinMismatch['kind'], a: Set<string>, b: Set<string>) => {
      for (const name of a) if (!b.has(name) && !excused('android', name)) mismatches.push({ topic, kind, name, only: 'android' });
      for (const name of b) if (!a.has(name) && !excused('ios', name)) mismatches.push({ topic, kind, name, only: 'ios' });
    };
    compare('method', android.methods, ios.methods);
    compare('error code', android.errorCodes, ios.errorCodes);
  }
  return mismatches;
}

/** Documented differences that are no longer true: the name is gone from its side, or the other side has it too. */
export function staleDifferences(pages: Pages, differences: TwinDifference[]): string[] {
  return differences.flatMap((difference) => {
    const android = surface(pages.get(`app/android/${difference.topic}`) ?? '');
    const ios = surface(pages.get(`app/ios/${difference.topic}`) ?? '');
    const has = (side: TwinSurface, name: string) => side.methods.has(name) || side.errorCodes.has(name);
    return [
      ...difference.android.filter((name) => !has(android, name) || has(ios, name)).map((name) => `${difference.topic}: android ${name}`),
      ...difference.ios.filter((name) => !has(ios, name) || has(android, name)).map((name) => `${difference.topic}: ios ${name}`),
    ];
  });
}

export function formatMismatch(mismatch: TwinMismatch): string {
  const other = mismatch.only === 'android' ? 'ios' : 'android';
  return `app/${mismatch.only}/${mismatch.topic} has ${mismatch.kind} ${mismatch.name}; app/${other}/${mismatch.topic} lacks it and content/facts.json documents no difference`;
}
