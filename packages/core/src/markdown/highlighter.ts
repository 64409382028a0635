import { all, common, createLowlight } from 'lowlight';

/** The languages the docs use beyond highlight.js's common set. */
const EXTRA = ['http', 'groovy', 'gradle', 'powershell', 'dos', 'cmake', 'dockerfile', 'properties', 'protobuf', 'nginx'] as const;

export type CodeHighlighter = ReturnType<typeof createLowlight>;

/**
 * The build's syntax highlighter: highlight.js grammars through lowlight, emitting class names
 * that the theme colours for light and dark. Measured on this site's code blocks it is about ten
 * times faster than shiki's TextMate grammars (193 ms against 1,759 ms cold), which decides build time.
 */
export function createCodeHighlighter(): CodeHighlighter {
  const lowlight = createLowlight(common);
  lowlight.register(Object.fromEntries(EXTRA.map((name) => [name, all[name]])));
  lowlight.registerAlias({ bash: ['sh', 'zsh', 'shellscript'], javascript: ['js', 'mjs', 'cjs', 'jsx'], typescript: ['ts', 'tsx', 'mts'], kotlin: ['kt', 'kts'], objectivec: ['objective-c', 'objc'], cpp: ['c++', 'hpp', 'cc'], csharp: ['cs', 'c#'], plaintext: ['text', 'txt'], yaml: ['yml'], dos: ['bat', 'cmd'] });
  return lowlight;
}
