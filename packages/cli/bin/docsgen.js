#!/usr/bin/env node
// The workspace's `docsgen` command, linked into node_modules/.bin by npm install, so `npx docsgen` and npm scripts find it.
import '../../../bin/docsgen.js';
