import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../packages/core/src/build.js';
import { withFixture, type FixtureSite } from '../helpers/fixtures.js';
import { docsgenErrorMatching as refused } from '../helpers/docsgen-error.js';

const withSite = (work: (site: FixtureSite) => Promise<void>) => withFixture('basic', work);
/** Built as the CLI builds: into build/, with the persistent cache, so that a second build carries files over. */
const buildSite = (site: FixtureSite) => build({ root: site.root, write: true, cacheDir: site.file('node_modules/.cache/docsgen') });

test("a site's own robots.txt, sitemap.xml and llms.txt in the static folder are published instead of docsgen's, build after build", () =>
  withSite(async (site) => {
    const own = { 'robots.txt': 'User-agent: *\nDisallow: /docscenter/private/\n', 'sitemap.xml': '<?xml version="1.0"?><sitemapindex/>\n', 'llms.txt': '# 我们自己写的 llms.txt\n' };
    for (const [file, text] of Object.entries(own)) await site.write(`static/${file}`, text);
    for (const round of ['cold', 'warm']) {
      await buildSite(site);
      for (const [file, text] of Object.entries(own)) assert.equal(await site.read(`build/${file}`), text, `${round}: ${file}`);
      assert.match(await site.read('build/llms-full.txt'), /介绍/, `${round}: what the site does not write itself is still generated`);
    }
  }));

for (const [file, reason] of [
  ['index.html', /this file of the static folder and the page of \/docscenter\/ \(content\/pages\/index\.tsx\) would both be written to index\.html/],
  ['docs/intro/index.html', /this file of the static folder and the page of \/docscenter\/docs\/intro\/ \(content\/docs\/intro\.md\) would both be written to docs\/intro\/index\.html/],
  ['docs/intro.md', /this file of the static folder and docsgen's own docs\/intro\.md would both be written to docs\/intro\.md/],
  ['docs/old-intro/index.html', /this file of the static folder and docsgen's own docs\/old-intro\/index\.html would both be written/],
  ['__data/_site.json', /this file of the static folder and docsgen's own __data\/_site\.json would both be written/],
] as const) {
  test(`a static file at ${file}, which docsgen writes itself, fails the build by name and leaves the previous output as it was`, () =>
    withSite(async (site) => {
      await buildSite(site);
      const before = await site.read(`build/${file}`);
      await site.write(`static/${file}`, '<p>static</p>\n');
      await assert.rejects(buildSite(site), refused(new RegExp(`static/${file.replace(/[./]/g, '\\$&')}  ${reason.source}[\\s\\S]*hint: give each page and file a path of its own.*only robots\\.txt, sitemap\\.xml, llms\\.txt, llms-full\\.txt and the home page's redirect`)));
      assert.equal(await site.read(`build/${file}`), before);
    }));
}

test("a static index.html replaces the home page's redirect of a site without a home page", () =>
  withSite(async (site) => {
    await rm(site.file('content/pages/index.tsx'));
    await buildSite(site);
    assert.match(await site.read('build/index.html'), /正在跳转/, 'without one, the home page redirects to the main doc');
    await site.write('static/index.html', '<!DOCTYPE html><title>我们的首页</title>\n');
    await buildSite(site);
    assert.equal(await readFile(path.join(site.root, 'build/index.html'), 'utf8'), '<!DOCTYPE html><title>我们的首页</title>\n');
  }));

test('a redirect from a page of the site, or from where an earlier redirect goes from, is left out with a warning; one from / stands in for the home redirect', () =>
  withSite(async (site) => {
    await site.edit('site.config.ts', (text) =>
      text.replace(
        "redirects: [{ from: '/docs/old-intro/', to: '/docs/intro/' }],",
        "redirects: [{ from: '/docs/old-intro/', to: '/docs/intro/' }, { from: '/docs/intro/', to: '/docs/guide/' }, { from: '/docs/old-intro', to: '/docs/guide/' }, { from: '/', to: '/docs/guide/' }],",
      ),
    );
    const page = await buildSite(site);
    assert.deepEqual(
      page.warnings.filter((line) => line.includes('redirects[')),
      ['site.config.ts  redirects[1].from /docs/intro/: is a page of the site, so this redirect is left out', 'site.config.ts  redirects[2].from /docs/old-intro: an earlier redirect goes from there, so this redirect is left out', 'site.config.ts  redirects[3].from /: is a page of the site, so this redirect is left out'],
    );
    assert.doesNotMatch(await site.read('build/docs/intro/index.html'), /正在跳转/, 'the doc page stays');
    assert.match(await site.read('build/docs/old-intro/index.html'), /\/docscenter\/docs\/intro\//, 'the first redirect from there stands');

    await rm(site.file('content/pages/index.tsx'));
    const withoutHome = await buildSite(site);
    assert.ok(!withoutHome.warnings.some((line) => line.includes('redirects[3]')));
    assert.match(await site.read('build/index.html'), /location\.replace\("\/docscenter\/docs\/guide\/"/, 'the configured redirect from /, not the one to the main doc');
  }));

for (const [slug, reason] of [
  ['/404.html', /content\/docs\/clash\.md  the page of \/docscenter\/404\.html\/ \(content\/docs\/clash\.md\) needs a folder 404\.html, where the page of \/docscenter\/404\.html \(theme\/components\/NotFound\.tsx\) is written as a file/],
  ['/sitemap.xml', /content\/docs\/clash\.md  the page of \/docscenter\/sitemap\.xml\/ \(content\/docs\/clash\.md\) needs a folder sitemap\.xml, where docsgen's own sitemap\.xml is written as a file/],
  ['/llms.txt', /content\/docs\/clash\.md  the page of \/docscenter\/llms\.txt\/ \(content\/docs\/clash\.md\) needs a folder llms\.txt, where docsgen's own llms\.txt is written as a file/],
] as const) {
  test(`a doc whose page would need a folder where docsgen writes a file (slug ${slug} at the site's root) fails the build naming the doc, not as an unexpected error`, () =>
    withSite(async (site) => {
      // Docs at the site's root, so that a doc's slug can name a path there.
      await site.edit('site.config.ts', (text) => text.replace("mainDocId: 'intro',", "mainDocId: 'intro',\n  docsRoute: '',").replace(/\/docs\//g, '/'));
      await site.edit('content/pages/index.tsx', (text) => text.replace(/\/docs\//g, '/'));
      await buildSite(site);
      const before = await site.read('build/index.html');
      await site.write('content/docs/clash.md', `---\ntitle: 冲突\nslug: ${slug}\n---\n正文\n`);
      await assert.rejects(buildSite(site), refused(new RegExp(`${reason.source}[\\s\\S]*hint: give each page and file a path of its own`)));
      assert.equal(await site.read('build/index.html'), before, 'the previous output stays');
    }));
}

test('of the static folder\'s names starting with a dot, .nojekyll and .well-known/ are published, and nothing else', () =>
  withSite(async (site) => {
    const published = { '.nojekyll': '', '.well-known/security.txt': 'Contact: mailto:security@example.com\n' };
    const kept = { '.env': 'TOKEN=secret\n', '.DS_Store': 'x', '.git/config': '[core]\n', 'img/.cache/a.txt': 'x', '.well-known/.hidden': 'x' };
    for (const [file, text] of Object.entries({ ...published, ...kept })) await site.write(`static/${file}`, text);
    await buildSite(site);
    for (const [file, text] of Object.entries(published)) assert.equal(await site.read(`build/${file}`), text, file);
    for (const file of Object.keys(kept)) assert.equal(existsSync(site.file(`build/${file}`)), false, `${file} is not published`);
  }));
