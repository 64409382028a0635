import type { NavbarLinkItem } from '@docsgen/shared';
import { ExternalLinkIcon } from './icons.js';

/** A navbar link: active when the current route is in its section; external ones open a new tab. */
export function NavbarLink({ item, route, className = 'navbar__link' }: { item: NavbarLinkItem; route: string; className?: string }) {
  const active = Boolean(item.activeBase && route.startsWith(item.activeBase));
  if (item.external) {
    return (
      <a className={className} href={item.href} target="_blank" rel="noopener noreferrer">
        {item.label}
        <ExternalLinkIcon />
        <span className="visually-hidden">（在新标签页打开）</span>
      </a>
    );
  }
  return (
    <a className={`${className}${active ? ` ${className}--active` : ''}`} href={item.href} aria-current={active ? 'true' : undefined}>
      {item.label}
    </a>
  );
}
