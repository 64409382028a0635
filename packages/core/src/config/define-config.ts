import type { SiteConfigInput } from './schema.js';

/** Gives site.config.ts its types; the value is validated when the build loads it. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
