import { useCallback, useId, useRef, useState } from 'react';
import type { NavbarLinkItem } from '@docsgen/shared';
import { NavbarLink } from './NavbarLink.js';
import { useDismiss } from './use-dismiss.js';

/**
 * "更多": the external links folded into one button. The navbar shows either this menu or the links themselves,
 * by width (layout.css), so that nothing overlaps between the phone breakpoint and a wide screen.
 */
export function NavbarMoreMenu({ items, route }: { items: NavbarLinkItem[]; route: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useDismiss(ref, open, useCallback(() => setOpen(false), []));
  return (
    <div className="dropdown navbar__more" ref={ref}>
      <button type="button" className="navbar__link dropdown__button dropdown__button--caret" aria-haspopup="true" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        更多
      </button>
      <ul id={menuId} className="dropdown__menu" hidden={!open}>
        {items.map((item) => (
          <li key={item.href}>
            <NavbarLink item={item} route={route} className="dropdown__link" />
          </li>
        ))}
      </ul>
    </div>
  );
}
