import { useEffect, useMemo, useRef, useState } from 'react';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect.js';
import type { PageData, SidebarItem, ThemeSite } from '@docsgen/shared';
import { createProgress } from '../client/progress.js';
import { scrollTo, startRouter, type Router, type ScrollTarget } from '../client/router.js';
import { trackKeyboardNavigation } from '../client/keyboard.js';
import { enableCodeCopy } from '../client/copy-code.js';
import { enableTabs } from '../client/tabs.js';
import { enableImageZoom } from '../client/image-zoom.js';
import { AnnouncementBar } from './AnnouncementBar.js';
import { BackToTop } from './BackToTop.js';
import { DocLayout } from './DocLayout.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { Footer } from './Footer.js';
import { LoadError } from './LoadError.js';
import { Navbar } from './Navbar.js';
import { NotFound } from './NotFound.js';
import { PageBody } from './PageBody.js';
import { SearchPage } from './SearchPage.js';
import { SiteContext } from './SiteContext.js';
import { SkipToContent } from './SkipToContent.js';
import { Spinner } from './Spinner.js';

export interface AppProps {
  site: ThemeSite;
  sidebar: SidebarItem[];
  initialPage: PageData;
}

/** The whole hydrated page: layout around the current route's content, with client navigation. */
export function App({ site, sidebar, initialPage }: AppProps) {
  const [page, setPage] = useState(initialPage);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<{ error: Error; retry: () => void } | null>(null);
  const [navigationCount, setNavigationCount] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const router = useRef<Router | null>(null);
  const pendingScroll = useRef<ScrollTarget | null>(null);
  const context = useMemo(() => ({ site, sidebar }), [site, sidebar]);

  useEffect(() => {
    const progress = createProgress(site.progressBar);
    router.current = startRouter({
      baseUrl: site.baseUrl,
      progress,
      onLoading: setLoading,
      onPage: (next, scroll) => {
        pendingScroll.current = scroll;
        setLoadError(null);
        setPage(next);
      },
      onError: (error, retry) => setLoadError({ error, retry }),
      onNavigate: () => setNavigationCount((n) => n + 1),
    });
    const stopKeyboard = trackKeyboardNavigation();
    const stopCopy = enableCodeCopy();
    const stopTabs = enableTabs();
    const stopImageZoom = enableImageZoom();
    document.documentElement.dataset.hydrated = 'true';
    return () => {
      router.current?.stop();
      stopKeyboard();
      stopCopy();
      stopTabs();
      stopImageZoom();
    };
  }, [site]);

  useIsomorphicLayoutEffect(() => {
    if (!pendingScroll.current) return;
    scrollTo(pendingScroll.current);
    pendingScroll.current = null;
  }, [page]);

  // After a crash, load the page's data again and render it anew.
  const retry = () => {
    const rerender = () => setAttempt((n) => n + 1);
    (router.current?.refresh() ?? Promise.resolve()).then(rerender, rerender);
  };
  const content =
    page.kind === 'doc' ? <DocLayout page={page} /> : page.kind === 'notFound' ? <NotFound /> : page.kind === 'page' && page.route === site.baseUrl + 'search/' ? <SearchPage /> : <PageBody page={page} />;
  return (
    <SiteContext.Provider value={context}>
      <SkipToContent />
      {site.announcement && <AnnouncementBar announcement={site.announcement} />}
      <Navbar page={page} navigationCount={navigationCount} />
      <div className="main-wrapper" aria-busy={loading}>
        {loadError ? <LoadError error={loadError.error} onRetry={loadError.retry} /> : null}
        {loading ? <Spinner /> : null}
        <ErrorBoundary resetKey={`${page.route}#${attempt}`} onRetry={retry}>
          {content}
        </ErrorBoundary>
      </div>
      <Footer />
      <BackToTop />
    </SiteContext.Provider>
  );
}
