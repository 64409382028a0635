import type { Browser } from 'playwright-core';

/** A screen the visual tests keep a picture of: a path at a width, with the phone menu open for `menu`. */
export interface View {
  name: string;
  path: string;
  width: number;
  menu?: boolean;
}

export const VIEWS: View[] = [390, 1280].flatMap((width) => [
  { name: `home-${width}`, path: '', width },
  { name: `doc-${width}`, path: 'docs/app/android/device_mgr/', width },
  { name: `search-${width}`, path: 'search/?q=%E7%BB%91%E5%AE%9A', width },
  { name: `not-found-${width}`, path: 'docs/no-such-page/', width },
  ...(width < 997 ? [{ name: `phone-menu-${width}`, path: 'docs/app/android/device_mgr/', width, menu: true }] : []),
]);

// The fonts every machine with fonts-noto-cjk has, so that a picture does not change with the other fonts installed;
// and no tap highlight, which Chromium draws over the tapped menu button for a moment that varies from run to run.
const PINNED_FONTS = `:root { --font-sans: 'Noto Sans CJK SC', sans-serif; --font-mono: 'Noto Sans Mono CJK SC', monospace; } * { -webkit-tap-highlight-color: transparent !important; }`;

/** Takes the picture of one view (viewport only, 800 px high): fonts pinned, animations and the caret off. */
export async function capture(browser: Browser, baseUrl: string, view: View): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: view.width, height: 800 }, reducedMotion: 'reduce', hasTouch: view.width < 997, deviceScaleFactor: 1 });
  try {
    // Data saving on: no prefetching of the links in view, so the network falls quiet as soon as the page is drawn.
    await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' }, configurable: true }));
    const page = await context.newPage();
    await page.goto(baseUrl + view.path, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.addStyleTag({ content: PINNED_FONTS });
    if (view.menu) {
      await page.getByRole('button', { name: '打开导航菜单' }).tap();
      await page.getByRole('dialog').waitFor();
    }
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForLoadState('networkidle');
    return await page.screenshot({ animations: 'disabled', caret: 'hide' });
  } finally {
    await context.close();
  }
}
