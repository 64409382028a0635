import path from 'node:path';
import type { NavLink, SidebarCategoryItem, SidebarItem } from '@docsgen/shared';
import type { SidebarConfigItem, SiteConfig } from '../config/schema.js';
import { CONFIG_FILE } from '../config/load-config.js';
import type { CategoryMeta } from '../content/scan-content.js';
import { DocsgenError } from '../errors.js';

/** What the sidebar needs to know of a doc. */
export interface SidebarDoc {
  id: string;
  route: string;
  label: string;
  position?: number;
  unlisted: boolean;
}

/** The one sidebar, `docSidebar`, and the navigation derived from it. */
export interface Sidebar {
  items: SidebarItem[];
  /** Doc ids in reading order, for previous/next. */
  order: { docId: string; label: string; href: string }[];
  /** The folders above each doc, for breadcrumbs. */
  ancestors: Map<string, NavLink[]>;
}

export interface SidebarOptions {
  config: SiteConfig;
  docs: SidebarDoc[];
  categories: CategoryMeta[];
}

/** Builds docSidebar from the config's list, or from the folders when the config gives none. */
export function buildSidebar({ config, docs, categories }: SidebarOptions): Sidebar {
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const items = config.sidebar ? fromConfig(config.sidebar, byId, 'sidebar') : fromFolders(docs, categories);
  return { items, ...walk(items) };
}

function fromConfig(list: SidebarConfigItem[], byId: Map<string, SidebarDoc>, keyPath: string): SidebarItem[] {
  return list.map((entry, i) => {
    const key = `${keyPath}[${i}]`;
    if (typeof entry === 'string' || entry.type === 'doc') {
      const id = typeof entry === 'string' ? entry : entry.id;
      const doc = requireDoc(byId, id, key);
      return { type: 'doc', docId: id, label: (typeof entry === 'string' ? undefined : entry.label) ?? doc.label, href: doc.route };
    }
    const link = entry.link ? requireDoc(byId, entry.link, `${key}.link`) : undefined;
    return {
      type: 'category',
      label: entry.label,
      collapsed: entry.collapsed ?? true,
      href: link?.route,
      docId: link?.id,
      items: fromConfig(entry.items, byId, `${key}.items`),
    };
  });
}

function requireDoc(byId: Map<string, SidebarDoc>, id: string, key: string): SidebarDoc {
  const doc = byId.get(id);
  if (!doc) throw new DocsgenError(`${key}: the sidebar names doc "${id}", which does not exist`, { location: { file: CONFIG_FILE }, hint: 'a doc id is its path under content/docs without .md' });
  return doc;
}

interface FolderNode {
  dir: string;
  docs: SidebarDoc[];
  folders: Map<string, FolderNode>;
}

function fromFolders(docs: SidebarDoc[], categories: CategoryMeta[]): SidebarItem[] {
  const root: FolderNode = { dir: '', docs: [], folders: new Map() };
  for (const doc of docs) {
    if (doc.unlisted) continue;
    const dir = path.posix.dirname(doc.id) === '.' ? '' : path.posix.dirname(doc.id);
    folderAt(root, dir).docs.push(doc);
  }
  for (const category of categories) if (category.dir) folderAt(root, category.dir);
  const meta = new Map(categories.map((c) => [c.dir, c]));
  return folderItems(root, meta);
}

function folderAt(root: FolderNode, dir: string): FolderNode {
  let node = root;
  for (const part of dir ? dir.split('/') : []) {
    const childDir = node.dir ? `${node.dir}/${part}` : part;
    if (!node.folders.has(part)) node.folders.set(part, { dir: childDir, docs: [], folders: new Map() });
    node = node.folders.get(part)!;
  }
  return node;
}

function folderItems(node: FolderNode, meta: Map<string, CategoryMeta>): SidebarItem[] {
  const entries: { position: number; name: string; item: SidebarItem }[] = [];
  for (const doc of node.docs) {
    if (isIndexOf(doc, node.dir)) continue;
    entries.push({ position: doc.position ?? Infinity, name: path.posix.basename(doc.id), item: { type: 'doc', docId: doc.id, label: doc.label, href: doc.route } });
  }
  for (const [name, folder] of node.folders) {
    const category = meta.get(folder.dir);
    const index = folder.docs.find((doc) => isIndexOf(doc, folder.dir));
    const items = folderItems(folder, meta);
    if (!items.length && !index) continue;
    const item: SidebarCategoryItem = {
      type: 'category',
      label: category?.label ?? index?.label ?? name,
      collapsed: category?.collapsed ?? true,
      href: index?.route,
      docId: index?.id,
      items,
    };
    entries.push({ position: category?.position ?? index?.position ?? Infinity, name, item });
  }
  entries.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  return entries.map((entry) => entry.item);
}

function isIndexOf(doc: SidebarDoc, dir: string): boolean {
  return doc.id === (dir ? `${dir}/index` : 'index') || (dir !== '' && doc.id === `${dir}/${path.posix.basename(dir)}`);
}

function walk(items: SidebarItem[]): Pick<Sidebar, 'order' | 'ancestors'> {
  const order: Sidebar['order'] = [];
  const ancestors = new Map<string, NavLink[]>();
  const visit = (list: SidebarItem[], trail: NavLink[]) => {
    for (const item of list) {
      if (item.type === 'doc') {
        order.push({ docId: item.docId, label: item.label, href: item.href });
        ancestors.set(item.docId, trail);
        continue;
      }
      if (item.docId && item.href) {
        order.push({ docId: item.docId, label: item.label, href: item.href });
        ancestors.set(item.docId, trail);
      }
      visit(item.items, [...trail, { label: item.label, href: item.href }]);
    }
  };
  visit(items, []);
  return { order, ancestors };
}
