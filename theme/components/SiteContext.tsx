import { createContext, useContext } from 'react';
import type { SidebarItem, ThemeSite } from '@docsgen/shared';

/** The site-wide data every component may read: configuration and the sidebar. */
export interface SiteContextValue {
  site: ThemeSite;
  sidebar: SidebarItem[];
}

export const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() outside <SiteContext.Provider>');
  return value;
}
