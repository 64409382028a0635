import { useRef, useState, type ReactNode } from 'react';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect.js';

/** Docusaurus-like duration: longer for taller content, but never sluggish. */
export function collapseDuration(height: number): number {
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** A list that animates its height when it opens or closes (1 ms under reduced motion). */
export function Collapsible({ expanded, id, className, children }: { expanded: boolean; id?: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLUListElement>(null);
  const [rendered, setRendered] = useState(expanded);
  const firstRun = useRef(true);

  useIsomorphicLayoutEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    if (expanded) setRendered(true);
  }, [expanded]);

  useIsomorphicLayoutEffect(() => {
    const element = ref.current;
    if (!element || (!expanded && !rendered)) return;
    if (expanded && element.dataset.state === 'open') return;
    const height = element.scrollHeight;
    const duration = prefersReducedMotion() ? 1 : collapseDuration(height);
    element.dataset.collapseDuration = String(duration);
    element.style.overflow = 'hidden';
    element.style.transition = `height ${duration}ms ease-in-out`;
    element.style.height = `${expanded ? 0 : height}px`;
    element.getBoundingClientRect();
    element.style.height = `${expanded ? height : 0}px`;
    const finish = () => {
      element.style.transition = '';
      element.style.height = '';
      element.style.overflow = '';
      element.dataset.state = expanded ? 'open' : 'closed';
      if (!expanded) setRendered(false);
    };
    const timer = setTimeout(finish, duration + 50);
    return () => clearTimeout(timer);
  }, [expanded, rendered]);

  return (
    <ul ref={ref} id={id} className={className} hidden={!expanded && !rendered} data-state={expanded ? 'open' : 'closed'}>
      {/* Closed lists render nothing inside, so a large sidebar costs each page only its open branches. */}
      {expanded || rendered ? children : null}
    </ul>
  );
}
