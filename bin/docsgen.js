#!/usr/bin/env node
import { relaunchWithSmallV8Pool } from './relaunch.js';

// React picks its production build when it is first loaded, so this must come before the import.
process.env.NODE_ENV ??= 'production';
if (!relaunchWithSmallV8Pool(import.meta.url)) {
  const { main } = await import('../dist/cli.js');
  await main(process.argv);
}
