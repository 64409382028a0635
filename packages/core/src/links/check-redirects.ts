import { joinUrl } from '@docsgen/shared';
import type { SiteConfig } from '../config/schema.js';
import type { PageRecord } from '../render/render-pages.js';
import type { BrokenLink } from './check-links.js';

/** Redirects whose target is no page of the site. */
export function brokenRedirects(config: SiteConfig, pages: PageRecord[]): BrokenLink[] {
  const routes = new Set(pages.map((page) => page.route));
  return config.redirects.flatMap(({ to }, i) => {
    const target = joinUrl(config.baseUrl, to.replace(/^\//, '')).split('#')[0];
    return routes.has(target) || routes.has(target + '/') ? [] : [{ where: `site.config.ts (redirects[${i}].to)`, href: to, reason: 'no page at that path' }];
  });
}
