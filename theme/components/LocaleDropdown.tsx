import { useCallback, useRef, useState } from 'react';
import type { NavbarItem } from '@docsgen/shared';
import { LanguageIcon } from './icons.js';
import { useDismiss } from './use-dismiss.js';

type LocaleItem = Extract<NavbarItem, { type: 'localeDropdown' }>;

/** The language menu; the site has one locale, listed so readers see which one they read. */
export function LocaleDropdown({ item, route }: { item: LocaleItem; route: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, useCallback(() => setOpen(false), []));
  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className="navbar__link dropdown__button" aria-label={`语言：${item.label}`} aria-haspopup="true" aria-expanded={open} aria-controls="locale-menu" onClick={() => setOpen(!open)}>
        <LanguageIcon />
        <span>{item.label}</span>
      </button>
      <ul id="locale-menu" className="dropdown__menu" hidden={!open}>
        {item.locales.map((locale) => (
          <li key={locale.label}>
            <a className="dropdown__link dropdown__link--active" href={route} lang="zh-Hans" aria-current="true">
              {locale.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
