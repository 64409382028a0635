import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSidebar, type SidebarDoc } from '../../../packages/core/src/site/build-sidebar.js';
import { validateConfig } from '../../../packages/core/src/config/load-config.js';

const config = validateConfig(
  { title: 't', url: 'https://x.example.com', baseUrl: '/d/', navbar: { title: 't', logo: { src: 'l.svg', alt: 'l' }, items: [] }, footer: { copyright: 'c' } },
  'site.config.ts',
);
const doc = (id: string, label: string, position?: number, unlisted = false): SidebarDoc => ({ id, route: `/d/docs/${id.replace(/\/?index$/, '')}/`, label, position, unlisted });

test('the sidebar is generated from folders, ordered by position, with index docs as folder links', () => {
  const sidebar = buildSidebar({
    config,
    docsBase: '/d/docs/',
    docs: [doc('b/index', 'B 首页'), doc('b/two', '二', 2), doc('b/one', '一', 1), doc('a', 'A', 1), doc('hidden', '隐藏', 0, true)],
    categories: [{ dir: 'b', file: 'b/_category_.json', label: '目录 B', position: 2, collapsed: false }],
  });
  assert.deepEqual(
    sidebar.items.map((item) => item.label),
    ['A', '目录 B'],
  );
  const folder = sidebar.items[1];
  assert.equal(folder.type, 'category');
  assert.equal(folder.href, '/d/docs/b/');
  assert.equal(folder.type === 'category' && folder.collapsed, false);
  assert.deepEqual(folder.type === 'category' && folder.items.map((item) => item.label), ['一', '二']);
  assert.deepEqual(sidebar.order.map((entry) => entry.docId), ['a', 'b/index', 'b/one', 'b/two']);
  assert.deepEqual(sidebar.ancestors.get('b/one'), [{ label: '目录 B', href: '/d/docs/b/' }]);
});

test('a sidebar in the config that names a missing doc is an error naming the key', () => {
  const listed = { ...config, sidebar: ['a', { type: 'category' as const, label: 'x', collapsed: true, items: ['nope'] }] };
  assert.throws(() => buildSidebar({ config: listed, docsBase: '/d/docs/', docs: [doc('a', 'A')], categories: [] }), /sidebar\[1\]\.items\[0\]: the sidebar names doc "nope", which does not exist/);
});
