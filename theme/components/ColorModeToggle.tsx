import { useEffect, useState } from 'react';
import { STORAGE_KEYS, storage } from '../client/storage.js';
import { useSite } from './SiteContext.js';
import { MoonIcon, SunIcon, SystemIcon } from './icons.js';

type Choice = 'light' | 'dark' | 'system';

const LABELS: Record<Choice, string> = { light: '浅色模式', dark: '深色模式', system: '跟随系统' };

function systemMode(): 'light' | 'dark' {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Cycles light → dark → system when the system preference is respected, otherwise flips light and dark. */
export function ColorModeToggle() {
  const { colorMode } = useSite().site;
  const [choice, setChoice] = useState<Choice>(colorMode.defaultMode);
  useEffect(() => {
    const stored = storage.get(STORAGE_KEYS.theme);
    if (stored === 'light' || stored === 'dark') setChoice(stored);
    else if (colorMode.respectPrefersColorScheme) setChoice('system');
  }, [colorMode.respectPrefersColorScheme]);

  const apply = (next: Choice) => {
    setChoice(next);
    document.documentElement.setAttribute('data-theme', next === 'system' ? systemMode() : next);
    if (next === 'system') storage.set(STORAGE_KEYS.theme, 'system');
    else storage.set(STORAGE_KEYS.theme, next);
  };
  const next: Choice = colorMode.respectPrefersColorScheme
    ? choice === 'light' ? 'dark' : choice === 'dark' ? 'system' : 'light'
    : choice === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" className="color-mode-toggle" onClick={() => apply(next)} aria-label={`切换颜色模式（当前为${LABELS[choice]}）`} title={LABELS[choice]} data-mode={choice}>
      {choice === 'light' ? <SunIcon /> : choice === 'dark' ? <MoonIcon /> : <SystemIcon />}
    </button>
  );
}
