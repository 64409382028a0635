import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { buildThemeServer, importThemeServer } from '../../../packages/core/src/client/bundle-theme.js';

// The theme's server code is bundled as CommonJS and run in this process (bundle-theme.ts), not imported as an ES module
// from a temporary file: it must behave as the ES modules it was bundled from, and share this process's React.

const require = createRequire(import.meta.url);

test('the theme server bundle shares the build’s React, leaves no file behind and renders', async () => {
  const { code, inputs } = await buildThemeServer();
  assert.ok(inputs.includes(require.resolve('react')), 'React, left out of the bundle, is one of its inputs (its stamp keys the cached bundle)');
  const before = readdirSync(tmpdir()).filter((name) => name.startsWith('docsgen-theme-'));
  const theme = await importThemeServer(code);
  assert.deepEqual(readdirSync(tmpdir()).filter((name) => name.startsWith('docsgen-theme-')), before);
  const React = require('react') as typeof import('react');
  const Shows = () => React.createElement('p', null, React.useContext(Context));
  const Context = React.createContext('default');
  // A hook through the build's React inside the theme's render: with a second copy of React it throws.
  const html = theme.renderStatic(React.createElement(Context.Provider, { value: 'shared' }, React.createElement(Shows)));
  assert.equal(html, '<p>shared</p>');
});

test('theme code runs in strict mode, as the ES modules it is bundled from', async () => {
  const theme = (await importThemeServer('exports.strict = (function () { return this === undefined; })();')) as unknown as { strict: boolean };
  assert.equal(theme.strict, true);
});
