import { useEffect, useRef, useState } from 'react';
import { writeClipboard } from '../client/clipboard.js';
import { loadMarkdown, prefetchMarkdown } from '../client/markdown-source.js';

type CopyState = 'idle' | 'copied' | 'failed';

const LABELS: Record<CopyState, string> = { idle: '复制本页 Markdown', copied: '已复制', failed: '复制失败，请重试' };

/** "复制本页 Markdown" and "查看 Markdown" for a doc that has a Markdown copy; the copy is fetched only when asked for (or hovered). */
export function PageActions({ markdownUrl }: { markdownUrl: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const reset = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    setState('idle');
    return () => clearTimeout(reset.current);
  }, [markdownUrl]);

  const copy = async () => {
    let next: CopyState = 'copied';
    try {
      await writeClipboard(await loadMarkdown(markdownUrl));
    } catch {
      next = 'failed';
    }
    setState(next);
    clearTimeout(reset.current);
    reset.current = setTimeout(() => setState('idle'), 2000);
  };

  return (
    <div className="page-actions" role="group" aria-label="本页 Markdown">
      <button
        type="button"
        className={`page-actions__item${state === 'copied' ? ' page-actions__item--copied' : ''}`}
        onClick={copy}
        onPointerEnter={() => prefetchMarkdown(markdownUrl)}
        onFocus={() => prefetchMarkdown(markdownUrl)}
      >
        <span aria-live="polite">{LABELS[state]}</span>
      </button>
      <a className="page-actions__item" href={markdownUrl} type="text/markdown">
        查看 Markdown
      </a>
    </div>
  );
}
