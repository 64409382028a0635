// The same site with Docusaurus Faster on (Rspack, SWC, Lightning CSS, the persistent Rspack cache, SSG on
// worker threads), as teams that care about build time run it: `docusaurus build --config docusaurus.faster.config.js`.
// Docusaurus 3.10 renamed `future.experimental_faster` to `future.faster` (and rejects the old name).
import config from './docusaurus.config.js';

export default { ...config, future: { v4: true, faster: true } };
