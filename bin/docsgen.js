#!/usr/bin/env node
'use strict';
// CommonJS, so that node has started no thread of its file I/O pool before yieldBackgroundThreads runs (an ES module's
// loading starts them): the threads it finds are node's and V8's own.
const { yieldBackgroundThreads } = require('./background-threads.js');

yieldBackgroundThreads();
// React picks its production build when it is first loaded, so this must come before the CLI loads.
process.env.NODE_ENV ??= 'production';
require('./load-cli.js').runCli(process.argv);
