#!/usr/bin/env node
import { yieldBackgroundThreads } from './background-threads.js';
import { runCli } from './load-cli.js';

// React picks its production build when it is first loaded, so this must come before the CLI loads.
process.env.NODE_ENV ??= 'production';
yieldBackgroundThreads();
await runCli(process.argv);
