import { useCallback, useEffect, useState } from 'react';
import type { NavbarLinkItem, PageData } from '@docsgen/shared';
import { ColorModeToggle } from './ColorModeToggle.js';
import { LocaleDropdown } from './LocaleDropdown.js';
import { MobileMenu } from './MobileMenu.js';
import { NavbarLink } from './NavbarLink.js';
import { NavbarMoreMenu } from './NavbarMoreMenu.js';
import { SearchBox } from './SearchBox.js';
import { useSite } from './SiteContext.js';
import { MenuIcon } from './icons.js';

/**
 * The top bar: brand, section links, language, colour mode, search, external links; hides while scrolling down.
 * The phone menu is rendered beside the bar, not in it: the bar's backdrop-filter would make it the containing
 * block of the fixed drawer and clip the drawer to the bar's 60 px.
 */
export function Navbar({ page, navigationCount }: { page: PageData; navigationCount: number }) {
  const { site } = useSite();
  const [hidden, setHidden] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y < 60) setHidden(false);
      else if (Math.abs(y - lastY) > 4) setHidden(y > lastY);
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    setMenuOpen(false);
    setHidden(false);
  }, [navigationCount]);

  const sectionLinks = site.navbar.filter((item) => item.type === 'link' && !item.external);
  const rightItems = site.navbar.filter((item) => !(item.type === 'link' && !item.external));
  const externalLinks = site.navbar.filter((item): item is NavbarLinkItem => item.type === 'link' && item.external);
  return (
    <>
      <nav className={`navbar${hidden && !menuOpen ? ' navbar--hidden' : ''}`} aria-label="主导航">
        <div className="navbar__inner">
          <button type="button" className="navbar__toggle" aria-label="打开导航菜单" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <MenuIcon />
          </button>
          <a className="navbar__brand" href={site.brand.href}>
            <img className="navbar__logo" src={site.brand.logoSrc} alt={site.brand.logoAlt} width={32} height={32} />
            <span className="navbar__title">{site.brand.title}</span>
          </a>
          <div className="navbar__items">
            {sectionLinks.map((item) => item.type === 'link' && <NavbarLink key={item.href} item={item} route={page.route} />)}
          </div>
          <div className="navbar__items navbar__items--right">
            {rightItems.map((item, i) => {
              switch (item.type) {
                case 'link':
                  return <NavbarLink key={item.href} item={item} route={page.route} className="navbar__link navbar__external" />;
                case 'localeDropdown':
                  return <LocaleDropdown key={i} item={item} route={page.route} />;
                case 'colorModeToggle':
                  return site.colorMode.disableSwitch ? null : <ColorModeToggle key={i} />;
                case 'search':
                  return (
                    <div key={i} className="navbar__search">
                      <SearchBox />
                    </div>
                  );
              }
            })}
            {externalLinks.length > 0 && <NavbarMoreMenu items={externalLinks} route={page.route} />}
          </div>
        </div>
      </nav>
      {menuOpen && <MobileMenu page={page} onClose={closeMenu} />}
    </>
  );
}
