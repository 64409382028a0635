#!/usr/bin/env node
// React picks its production build when it is first loaded, so this must come before the import.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../dist/cli.js');

await main(process.argv);
