import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from '../../packages/core/src/build.js';
import { copyFixture } from '../helpers/fixtures.js';

test('a navbar logo and favicon given as full URLs are used as written, as Docusaurus uses them', async () => {
  const site = await copyFixture('docusaurus-root');
  try {
    await site.edit('docusaurus.config.ts', (text) =>
      text
        .replace("favicon: 'favicon.svg',", "favicon: 'https://cdn.example.org/favicon.png',")
        .replace("navbar: { title: 'Root',", "navbar: { title: 'Root', logo: { alt: 'Root logo', src: 'https://cdn.example.org/upload/logo.png' },"),
    );
    await build({ root: site.root, write: true });
    const html = await site.read('build/guide/a/index.html');
    assert.match(html, /<img class="navbar__logo" src="https:\/\/cdn\.example\.org\/upload\/logo\.png" alt="Root logo"/);
    assert.match(html, /<link rel="icon" href="https:\/\/cdn\.example\.org\/favicon\.png" \/>/);
    assert.doesNotMatch(html, /src="\/https:/, 'not made a path of the site');
  } finally {
    await site.remove();
  }
});
