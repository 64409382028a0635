#!/usr/bin/env node
import { runCli } from './load-cli.js';
import { relaunchWithSmallV8Pool } from './relaunch.js';

// React picks its production build when it is first loaded, so this must come before the CLI loads.
process.env.NODE_ENV ??= 'production';
if (!relaunchWithSmallV8Pool(import.meta.url)) {
  await runCli(process.argv);
}
