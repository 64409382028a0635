import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { build } from '../../packages/core/src/build.js';
import { isDocsgenError } from '../../packages/core/src/errors.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';

/** The docs-at-the-root Docusaurus fixture with English as the default locale, as a site translated from Chinese has it. */
async function translatedSite(localeConfig = ''): Promise<FixtureSite> {
  const site = await copyFixture('docusaurus-root');
  await site.edit('docusaurus.config.ts', (text) => text.replace("onBrokenLinks: 'throw',", `onBrokenLinks: 'throw',\n  i18n: { defaultLocale: 'en', locales: ['en', 'zh'], localeConfigs: { en: { label: 'English'${localeConfig} } } },`));
  await site.edit('docusaurus.config.ts', (text) => text.replace("docs: { routeBasePath: '/',", "docs: { editUrl: 'https://git.example.org/edit/main/', routeBasePath: '/',"));
  await site.write('docs/guide/a.md', '---\ntitle: 页面 A\n---\n\n正文写的是中文，然后是[页面 B](../b)。\n\n![图](/favicon.svg)\n');
  await site.write('i18n/en/docusaurus-plugin-content-docs/current/guide/a.md', '---\ntitle: Page A in English\n---\n\nThe English text, then [page B](../b).\n\n![picture](/favicon.svg)\n\n![diagram](../pictures/flow.svg)\n\n![written on Windows](..\\pictures\\flow.svg)\n');
  await site.write('i18n/en/docusaurus-plugin-content-docs/current/pictures/flow.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>');
  await site.write('i18n/en/docusaurus-plugin-content-docs/current.json', JSON.stringify({
    'version.label': { message: 'Next' },
    'sidebar.docs.category.Guide': { message: 'The guide', description: 'The label for category Guide in sidebar docs' },
    'sidebar.docs.category.Guide.link.generated-index.title': { message: 'Not a label' },
    'sidebar.docs.doc.Page A': { message: 'A, translated' },
  }));
  return site;
}

/** The sidebar's labels as the built site's data gives them to the theme: [category, [its items]]. */
async function sidebarLabels(site: FixtureSite): Promise<[string, string[] | undefined][]> {
  const data = JSON.parse(await site.read('build/__data/_site.json')) as { sidebar: { label: string; items?: { label: string }[] }[] };
  return data.sidebar.map((item) => [item.label, item.items?.map((child) => child.label)]);
}

test('the default locale\'s translation of a doc (i18n/<locale>/docusaurus-plugin-content-docs/current) is the page, as Docusaurus builds it', async () => {
  const site = await translatedSite();
  try {
    const built = await build({ root: site.root, write: true });
    const pageA = await site.read(path.join('build', 'guide/a/index.html'));
    assert.match(pageA, /<html lang="en"/);
    assert.match(pageA, /<h1 class="doc-title">Page A in English<\/h1>/, 'the translation\'s front matter');
    assert.match(pageA, /<p>The English text, then <a href="\/guide\/b\/">page B<\/a>\.<\/p>/, 'its body, links resolved from the doc\'s own URL');
    assert.doesNotMatch(pageA, /中文|页面 A/, 'nothing of the docs folder\'s own text');
    assert.match(pageA, /<a class="edit-link" href="https:\/\/git\.example\.org\/edit\/main\/docs\/guide\/a\.md"/, 'edited in the docs folder, as with Docusaurus\'s default editLocalizedFiles: false');
    assert.match(pageA, /<img src="\/assets\/translated\/pictures\/flow\.svg" alt="diagram"\/>/, 'a relative image from the translation\'s folder, where Docusaurus finds it');
    assert.match(pageA, /<img src="\/assets\/translated\/pictures\/flow\.svg" alt="written on Windows"\/>/, 'backslashes read as slashes, as Docusaurus reads them');
    assert.match(await site.read(path.join('build', 'assets/translated/pictures/flow.svg')), /<rect width="4" height="4"/, 'the image is published');
    assert.match(await site.read(path.join('build', 'guide/b/index.html')), /<h1 class="doc-title">Page B<\/h1>/, 'a doc without a translation keeps its own text');
    assert.deepEqual(await sidebarLabels(site), [
      ['Start', ['Welcome']],
      ['The guide', ['A, translated', 'Page B']],
    ], 'sidebar labels from current.json, keyed by the label as written');
    const doc = built.pages.find((page) => page.kind === 'doc' && page.route === '/guide/a/');
    assert.equal(doc?.sourceFile, 'i18n/en/docusaurus-plugin-content-docs/current/guide/a.md', 'messages and the compat report name the file the text comes from');
  } finally {
    await site.remove();
  }
});

test('a locale with translate: false shows the docs folder\'s own text, as Docusaurus does', async () => {
  const site = await translatedSite(', translate: false');
  try {
    await build({ root: site.root, write: true });
    const pageA = await site.read(path.join('build', 'guide/a/index.html'));
    assert.match(pageA, /<h1 class="doc-title">页面 A<\/h1>/);
    assert.match(pageA, /<p>正文写的是中文，然后是<a href="\/guide\/b\/">页面 B<\/a>。<\/p>/);
    assert.deepEqual(await sidebarLabels(site), [
      ['Start', ['Welcome']],
      ['Guide', ['Page A', 'Page B']],
    ]);
  } finally {
    await site.remove();
  }
});

test('a translations file that is not JSON stops the build, naming the file', async () => {
  const site = await translatedSite();
  try {
    await site.write('i18n/en/docusaurus-plugin-content-docs/current.json', '{ "sidebar.docs.category.Guide": { "message": "The guide" }, }');
    await assert.rejects(build({ root: site.root, write: true }), (error: Error) => {
      assert.ok(isDocsgenError(error), String(error));
      assert.match(error.format(), /^i18n\/en\/docusaurus-plugin-content-docs\/current\.json  cannot read the translations: /);
      return true;
    });
  } finally {
    await site.remove();
  }
});
