import { createHighlighter, type Highlighter } from 'shiki';

/** The languages the docs use; anything else is shown as plain text. */
const LANGUAGES = [
  'bash', 'shellscript', 'powershell', 'bat', 'json', 'jsonc', 'javascript', 'typescript', 'tsx', 'jsx', 'kotlin', 'java', 'groovy', 'swift',
  'objective-c', 'c', 'cpp', 'csharp', 'python', 'go', 'http', 'yaml', 'xml', 'html', 'css', 'ini', 'properties', 'diff', 'sql', 'cmake', 'makefile', 'dockerfile', 'ruby', 'toml',
] as const;

export const LIGHT_THEME = 'github-light';
export const DARK_THEME = 'github-dark';

/** Creates the one highlighter a build shares; loading grammars is the slow part, so it happens once. */
export function createCodeHighlighter(): Promise<Highlighter> {
  return createHighlighter({ themes: [LIGHT_THEME, DARK_THEME], langs: [...LANGUAGES] });
}
