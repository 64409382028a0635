/**
 * Checks the documentation centre against content/facts.json, the machine-readable list of the platform's shared
 * facts: every statement of a fact, wherever it is written, must state the fact's one value.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { TwinDifference } from './twin-pages.js';

/** One fact and how to find the places that state it. */
export interface Fact {
  id: string;
  /** What the fact is, in words, for the failure message. */
  fact: string;
  /** The one true value, as a reader should see it. */
  value: string;
  /** Values a statement may state; defaults to [value]. */
  allowed?: string[];
  /** Instead of a list: a regular expression every stated value must match in full (formats of identifiers). */
  allowedPattern?: string;
  /** Regular expressions with a named group `value` that captures what a statement says; may span lines. */
  patterns: string[];
  /** Path prefixes (relative to content/docs) the fact is looked for in; all pages when absent. */
  pages?: string[];
  /** Path prefixes left out, each with the reason in `excludeWhy`. */
  exclude?: string[];
  excludeWhy?: string;
}

/** An error code whose causes pages may name: every cause a page gives must be on the error-code page. */
export interface ErrorCauses {
  code: string;
  causes: { cause: string; pattern: string }[];
}

export interface FactsFile {
  facts: Fact[];
  errorCodes: Record<string, string>;
  errorCauses: ErrorCauses[];
  twinDifferences: TwinDifference[];
}

export interface Finding {
  file: string;
  line: number;
  fact: string;
  message: string;
}

/** Pages by path relative to content/docs, e.g. `app/ios/account.md`. */
export type Pages = Map<string, string>;

export const ERROR_CODE_PAGE = 'api/errorcode.md';

export function loadFacts(repoRoot: string): FactsFile {
  return JSON.parse(readFileSync(path.join(repoRoot, 'content/facts.json'), 'utf8')) as FactsFile;
}

export function loadPages(repoRoot: string): Pages {
  const docsDir = path.join(repoRoot, 'content/docs');
  const files = fg.sync('**/*.md', { cwd: docsDir }).sort();
  return new Map(files.map((file) => [file, readFileSync(path.join(docsDir, file), 'utf8')]));
}

export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function appliesTo(fact: Fact, file: string): boolean {
  if (fact.pages && !fact.pages.some((prefix) => file.startsWith(prefix))) return false;
  return !fact.exclude?.some((prefix) => file.startsWith(prefix));
}

function isAllowed(fact: Fact, stated: string): boolean {
  if (fact.allowedPattern) return new RegExp(`^(?:${fact.allowedPattern})$`).test(stated);
  return (fact.allowed ?? [fact.value]).includes(stated);
}

export interface Statement {
  file: string;
  line: number;
  stated: string;
}

/** Every place a page states the fact, with the value it states. */
export function findStatements(fact: Fact, pages: Pages): Statement[] {
  const statements: Statement[] = [];
  for (const [file, text] of pages) {
    if (!appliesTo(fact, file)) continue;
    for (const source of fact.patterns) {
      for (const match of text.matchAll(new RegExp(source, 'gd'))) {
        const stated = match.groups?.value;
        const at = match.indices?.groups?.value;
        if (stated === undefined || !at) throw new Error(`fact ${fact.id}: pattern ${source} has no group "value"`);
        statements.push({ file, line: lineOf(text, at[0]), stated });
      }
    }
  }
  return statements;
}

/** Every statement of a fact that states another value. */
export function checkFact(fact: Fact, pages: Pages): Finding[] {
  return findStatements(fact, pages)
    .filter((statement) => !isAllowed(fact, statement.stated))
    .map(({ file, line, stated }) => ({ file, line, fact: fact.id, message: `${fact.fact} is ${fact.value}; this page states "${stated}"` }));
}

/** The row of an error code in the error-code page's tables. */
function errorRow(master: string, code: string): { text: string; line: number } | undefined {
  const match = new RegExp(`^\\|\\s*${code}\\s*\\|.*$`, 'm').exec(master);
  return match ? { text: match[0], line: lineOf(master, match.index) } : undefined;
}

/** Each code on the error-code page carries the meaning the facts give it. */
export function checkErrorMeanings(facts: FactsFile, pages: Pages): Finding[] {
  const master = pages.get(ERROR_CODE_PAGE) ?? '';
  return Object.entries(facts.errorCodes).flatMap(([code, meaning]) => {
    const row = errorRow(master, code);
    if (row?.text.includes(meaning)) return [];
    return [{ file: ERROR_CODE_PAGE, line: row?.line ?? 1, fact: `error-${code}`, message: `error ${code} means "${meaning}"; the error-code page ${row ? `says: ${row.text.slice(0, 80)}` : 'lacks it'}` }];
  });
}

/** A page may give an error code only for a cause the error-code page lists for it. */
export function checkErrorCauses(facts: FactsFile, pages: Pages): Finding[] {
  const master = pages.get(ERROR_CODE_PAGE) ?? '';
  const findings: Finding[] = [];
  for (const { code, causes } of facts.errorCauses) {
    const row = errorRow(master, code)?.text ?? '';
    const codeOnLine = new RegExp(`(?<![\\d-])${code}(?!\\d)`);
    for (const { cause, pattern } of causes) {
      if (new RegExp(pattern).test(row)) continue;
      for (const [file, text] of pages) {
        if (file === ERROR_CODE_PAGE) continue;
        text.split('\n').forEach((line, index) => {
          if (codeOnLine.test(line) && new RegExp(pattern).test(line)) {
            findings.push({ file, line: index + 1, fact: `error-${code}-causes`, message: `this page gives ${code} for ${cause}, which the error-code page does not list as a cause of ${code}` });
          }
        });
      }
    }
  }
  return findings;
}

export function checkAllFacts(facts: FactsFile, pages: Pages): Finding[] {
  return [...facts.facts.flatMap((fact) => checkFact(fact, pages)), ...checkErrorMeanings(facts, pages), ...checkErrorCauses(facts, pages)];
}

export function formatFinding(finding: Finding): string {
  return `content/docs/${finding.file}:${finding.line}: [${finding.fact}] ${finding.message}`;
}
