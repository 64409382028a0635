import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from '../../packages/core/src/build.js';
import { DocsgenError } from '../../packages/core/src/errors.js';
import { copyFixture } from '../helpers/fixtures.js';
import { HOSTILE_SVG } from '../helpers/hostile-svg.js';

test('SVG files in the static and content folders are published without anything that runs script', async () => {
  const site = await copyFixture('basic');
  try {
    await site.write('static/img/evil.svg', HOSTILE_SVG);
    await site.write('content/docs/guide/evil.svg', HOSTILE_SVG);
    await site.edit('content/docs/intro.md', (text) => text + '\n![图](./guide/evil.svg)\n');
    await build({ root: site.root, write: true });
    for (const file of ['build/img/evil.svg', 'build/assets/docs/guide/evil.svg']) {
      const published = await site.read(file);
      assert.doesNotMatch(published, /<(svg:)?script|foreignObject|iframe|<set|<animate/i, file);
      assert.doesNotMatch(published, /\son[a-z]+=/i, `${file}: no event handler attributes`);
      assert.doesNotMatch(published, /javascript|data:text/i, `${file}: no script URLs`);
      assert.match(published, /<circle id="dot" cx="5" cy="5" r="4" fill="#1a73e8" ?\/>/, `${file}: the drawing is kept`);
      assert.match(published, /<text>点我<\/text>/);
    }
    assert.equal(await site.read('build/img/logo.svg'), await site.read('static/img/logo.svg'), 'a harmless SVG is published as it is');
  } finally {
    await site.remove();
  }
});

test('an SVG that is not well-formed XML is an error naming file and line', async () => {
  const site = await copyFixture('basic');
  try {
    await site.write('static/img/broken.svg', '<svg xmlns="http://www.w3.org/2000/svg">\n<g>\n</svg>\n');
    await assert.rejects(build({ root: site.root, write: true }), (error: unknown) => {
      assert.ok(error instanceof DocsgenError);
      assert.match(error.format(), /^static\/img\/broken\.svg:3:\d+  cannot read the SVG: /);
      return true;
    });
  } finally {
    await site.remove();
  }
});
