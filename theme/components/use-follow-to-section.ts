import { useEffect, useRef, type MouseEvent } from 'react';
import type { SearchHit } from '../client/search-engine.js';

/** How long a click waits for a result's section before it opens the page top instead (a page file that never comes). */
const WAIT_MS = 1000;

/**
 * A result shows before its page file has said which section matches, and until then its link opens the page top.
 * A plain click on it in that moment waits for the section (usually a few milliseconds away), then follows the link
 * as it now reads; modified clicks (new tab, download) go at once. Returns the click handler for a result's link.
 */
export function useFollowToSection(hits: SearchHit[], onFollow: () => void = () => undefined) {
  const waiting = useRef<{ route: string; anchor: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | null>(null);
  const passing = useRef<HTMLAnchorElement | null>(null);

  const follow = () => {
    const held = waiting.current;
    if (!held) return;
    clearTimeout(held.timer);
    waiting.current = null;
    // The same link, clicked again as it reads now, so client navigation takes it as it takes any click.
    passing.current = held.anchor;
    held.anchor.click();
    passing.current = null;
  };

  useEffect(() => {
    const held = waiting.current;
    if (held && hits.some((hit) => hit.route === held.route && !hit.pending)) follow();
  }, [hits]);
  useEffect(() => () => clearTimeout(waiting.current?.timer), []);

  return (hit: SearchHit) => (event: MouseEvent<HTMLAnchorElement>) => {
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (passing.current === event.currentTarget || !hit.pending || !plain) {
      onFollow();
      return;
    }
    event.preventDefault();
    clearTimeout(waiting.current?.timer);
    waiting.current = { route: hit.route, anchor: event.currentTarget, timer: setTimeout(follow, WAIT_MS) };
  };
}
