import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { build } from '../../packages/core/src/build.js';
import { copyFixture, type FixtureSite } from '../helpers/fixtures.js';

let site: FixtureSite;
/** The cards of a built page, as [href, name, description line or undefined]. */
const cardsOf = async (route: string) => {
  const html = await site.read(path.join('build', route, 'index.html'));
  const body = html.slice(0, html.indexOf('<script id="__docsgen_page"'));
  return [...body.matchAll(/<a class="doc-card" href="([^"]+)"><span class="doc-card__name">([^<]+)<\/span>(?:<span class="doc-card__line">([^<]*)<\/span>)?<\/a>/g)].map((m) => [m[1], m[2], m[3]]);
};

before(async () => {
  site = await copyFixture('docusaurus-site');
  await site.edit('docs/01-guides/01-install.md', (text) => text.replace('sidebar_label: 安装', 'sidebar_label: 安装\ndescription: 从下载到第一次运行'));
  await site.write('docs/01-guides/03-overview.mdx', "---\ntitle: 概览\ndescription: 本指南的全部页面\n---\n\nimport DocCardList from '@theme/DocCardList';\n\n本节各页：\n\n<DocCardList />\n");
  // A category's own page (the folder's index) that asks for its cards.
  await site.write('docs/01-guides/advanced/index.mdx', "---\ntitle: 进阶\n---\n\nimport DocCardList from '@theme/DocCardList';\n\n<DocCardList />\n");
  await site.write('docs/01-guides/advanced/tuning.md', '---\ntitle: 调优\ndescription: 让构建更快的设置\n---\n\n正文。\n');
  await build({ root: site.root, write: true });
});
after(() => site.remove());

test('a generated-index category page shows each doc\'s description on its card, as Docusaurus\'s DocCard does', async () => {
  const cards = await cardsOf('docs/category/指南');
  assert.deepEqual(cards.slice(0, 3).map(([href, name]) => [href, name]), [
    ['/base/docs/guides/install/', '安装'],
    ['/base/docs/guides/setup/', '设置'],
    ['/base/docs/guides/overview/', '概览'],
  ]);
  assert.equal(cards[0][2], '从下载到第一次运行', 'the front matter description under the name');
  assert.equal(cards[2][2], '本指南的全部页面');
  assert.match(cards[1][2] ?? '', /^当前版本 3\.2\.1，字面量文本。/, 'a doc without one shows the summary of its text, as Docusaurus shows its excerpt');
});

test('<DocCardList /> in a doc shows the descriptions too, in the static body', async () => {
  assert.deepEqual((await cardsOf('docs/guides/overview')).filter(([href]) => href === '/base/docs/guides/install/'), [['/base/docs/guides/install/', '安装', '从下载到第一次运行']]);
});

test('a category\'s own page with <DocCardList /> ends with its cards, each doc\'s with its description', async () => {
  assert.deepEqual(await cardsOf('docs/guides/advanced'), [['/base/docs/guides/advanced/tuning/', '调优', '让构建更快的设置']]);
  const html = await site.read(path.join('build', 'docs/guides/advanced', 'index.html'));
  assert.equal(html.match(/<ul class="doc-cards">/g)?.length, 1, 'the cards once: the theme\'s, not also in the body');
});
