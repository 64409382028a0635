#!/usr/bin/env node
'use strict';
// The workspace's `docsgen` command, linked into node_modules/.bin by npm install, so `npx docsgen` and npm scripts find it.
// CommonJS, as bin/docsgen.js is (bin/background-threads.js says why).
require('../../../bin/docsgen.js');
