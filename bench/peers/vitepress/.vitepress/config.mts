// VitePress building the benchmark corpus (copied to ../src/docs by ../../run.ts), set up as docsgen builds it:
// base path /docscenter/, Chinese, a sidebar generated from the same folders and _category_.json files, local
// search on; VitePress fails the build on dead links by default, as docsgen does.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type DefaultTheme } from 'vitepress';

// VitePress runs with this folder as its working directory (see ../run.ts).
const SRC = path.resolve('src');

export default defineConfig({
  title: '基准测试站点',
  lang: 'zh-Hans',
  base: '/docscenter/',
  srcDir: 'src',
  themeConfig: {
    nav: [{ text: '文档', link: '/docs/' + firstDoc(path.join(SRC, 'docs')) }],
    sidebar: { '/docs/': sidebarOf(path.join(SRC, 'docs'), '/docs/') },
    search: { provider: 'local' },
    footer: { copyright: 'Copyright © 2025' },
  },
});

interface Entry {
  position: number;
  item: DefaultTheme.SidebarItem;
}

/** One group per folder (label and position from its _category_.json, collapsed), docs by sidebar_position. */
function sidebarOf(dir: string, route: string): DefaultTheme.SidebarItem[] {
  const entries: Entry[] = [];
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, name.name);
    if (name.isDirectory()) {
      const category = path.join(full, '_category_.json');
      const meta = existsSync(category) ? (JSON.parse(readFileSync(category, 'utf8')) as { label?: string; position?: number }) : {};
      entries.push({ position: meta.position ?? 0, item: { text: meta.label ?? name.name, collapsed: true, items: sidebarOf(full, route + name.name + '/') } });
    } else if (name.name.endsWith('.md')) {
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(full, 'utf8'))?.[1] ?? '';
      const field = (key: string) => new RegExp(`^${key}:\\s*(.*)$`, 'm').exec(front)?.[1];
      const slug = name.name === 'index.md' ? '' : name.name.slice(0, -3);
      entries.push({ position: Number(field('sidebar_position') ?? 0), item: { text: field('sidebar_label') ?? field('title') ?? slug, link: route + slug } });
    }
  }
  return entries.sort((a, b) => a.position - b.position).map((entry) => entry.item);
}

function firstDoc(dir: string): string {
  const first = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))[0];
  return first.isDirectory() ? first.name + '/' + firstDoc(path.join(dir, first.name)) : first.name === 'index.md' ? '' : first.name.slice(0, -3);
}
