import { useEffect, useRef, useState } from 'react';
import type { PageData } from '@docsgen/shared';
import { isComposing } from '../client/composing.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { NavbarLink } from './NavbarLink.js';
import { SearchBox } from './SearchBox.js';
import { SidebarItems } from './SidebarItems.js';
import { useSite } from './SiteContext.js';
import { CloseIcon } from './icons.js';

const DESKTOP_QUERY = '(min-width: 997px)';

/**
 * The narrow-screen menu: the navbar's items, and on doc pages the doc sidebar with a way back
 * to the main menu. Focus stays inside while it is open; Escape, navigation, the browser's back
 * and growing past the breakpoint close it.
 */
export function MobileMenu({ page, onClose }: { page: PageData; onClose: () => void }) {
  const { site, sidebar } = useSite();
  const [panel, setPanel] = useState<'main' | 'docs'>(page.kind === 'doc' ? 'docs' : 'main');
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const media = window.matchMedia(DESKTOP_QUERY);
    const onResize = () => media.matches && onClose();
    const onKey = (event: KeyboardEvent) => {
      if (isComposing(event)) return;
      if (event.key === 'Escape') onClose();
      if (event.key === 'Tab') trapFocus(event, dialog.current);
    };
    media.addEventListener('change', onResize);
    document.addEventListener('keydown', onKey);
    window.addEventListener('popstate', onClose);
    document.body.style.overflow = 'hidden';
    dialog.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
    return () => {
      media.removeEventListener('change', onResize);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('popstate', onClose);
      document.body.style.overflow = '';
      // Without preventScroll, focusing the toggle of a navbar hidden by scrolling pulls the page back up, undoing the scroll to a followed link's section.
      previous?.focus?.({ preventScroll: true });
    };
  }, [onClose]);

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('.mobile-menu__panel button, .mobile-menu__panel a[href]')?.focus();
  }, [panel]);

  return (
    <>
      <div className="mobile-menu__backdrop" onClick={onClose} />
      <div className="mobile-menu" role="dialog" aria-modal="true" aria-label="导航菜单" ref={dialog}>
        <div className="mobile-menu__header">
          <a className="navbar__brand" href={site.brand.href}>
            <img className="navbar__logo" src={site.brand.logoSrc} alt={site.brand.logoAlt} width={28} height={28} />
            <span className="navbar__title">{site.brand.title}</span>
          </a>
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
          <button type="button" className="mobile-menu__close" aria-label="关闭导航菜单" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {panel === 'docs' ? (
          <div className="mobile-menu__panel">
            <button type="button" className="mobile-menu__back" onClick={() => setPanel('main')}>
              ← 返回主菜单
            </button>
            <nav className="menu" aria-label="文档侧边栏">
              <ul className="menu__list">
                <SidebarItems items={sidebar} activeHref={page.route} level={1} />
              </ul>
            </nav>
          </div>
        ) : (
          <div className="mobile-menu__panel">
            <SearchBox />
            <ul className="menu__list">
              {site.navbar.map((item) =>
                item.type === 'link' ? (
                  <li className="menu__item" key={item.href}>
                    <NavbarLink item={item} route={page.route} className="menu__link" />
                  </li>
                ) : null,
              )}
            </ul>
            {page.kind === 'doc' && (
              <button type="button" className="mobile-menu__back" onClick={() => setPanel('docs')}>
                文档目录 →
              </button>
            )}
          </div>
        )}
      </div>
    </>
  );
}

function trapFocus(event: KeyboardEvent, container: HTMLElement | null): void {
  if (!container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, [tabindex]:not([tabindex="-1"])')].filter((el) => el.offsetParent !== null);
  if (!focusable.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  } else if (!container.contains(document.activeElement)) {
    event.preventDefault();
    first.focus();
  }
}
