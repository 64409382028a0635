/** docsgen's pipeline: build, check and serve a documentation site. */
export { build, createBuildCache, type BuildOptions, type BuildResult, type BuildStats, type BuildCache, type ProgressEvent } from './build.js';
export { serve, type ServeOptions, type DevServer } from './serve.js';
export { watch, type WatchOptions } from './watch.js';
export { DocsgenError, isDocsgenError, formatLocation } from './errors.js';
export { defineConfig } from './config/define-config.js';
export { loadConfig, validateConfig } from './config/load-config.js';
export type { SiteConfig, SiteConfigInput } from './config/schema.js';
