import { storage } from './storage.js';

/** Where a tab group's choice is remembered across pages and visits (the key Docusaurus uses). */
const STORAGE_PREFIX = 'docusaurus.tab.';

/**
 * Tabs from MDX `<Tabs>` live in static Markdown HTML, so delegated listeners serve every page: a click or the arrow,
 * Home and End keys select a tab; tabs with a `groupId` switch together on the page and are remembered; a `queryString`
 * tab group writes its choice into the URL.
 */
export function enableTabs(): () => void {
  const onClick = (event: MouseEvent) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('[data-tabs] > [role=tablist] > [role=tab]');
    if (tab) choose(tab);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('[data-tabs] > [role=tablist] > [role=tab]');
    if (!tab) return;
    const tabs = [...tab.parentElement!.querySelectorAll<HTMLElement>(':scope > [role=tab]')];
    const at = tabs.indexOf(tab);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length];
    target.focus();
    choose(target);
  };
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeyDown);
  return () => {
    document.removeEventListener('click', onClick);
    document.removeEventListener('keydown', onKeyDown);
  };
}

/** Shows, in every tab group of the page, the choice from the URL's query or the one remembered for its group. */
export function restoreTabs(): void {
  const query = new URLSearchParams(location.search);
  for (const group of document.querySelectorAll<HTMLElement>('[data-tabs]')) {
    const { queryString, groupId } = group.dataset;
    const wanted = (queryString && query.get(queryString)) || (groupId && storage.get(STORAGE_PREFIX + groupId));
    if (wanted) select(group, wanted);
  }
}

function choose(tab: HTMLElement): void {
  const group = tab.closest<HTMLElement>('[data-tabs]')!;
  const value = tab.dataset.value!;
  const { groupId } = group.dataset;
  // Other groups above may change height; keep the clicked tab where the reader sees it.
  const before = tab.getBoundingClientRect().top;
  const changed = [group, ...(groupId ? [...document.querySelectorAll<HTMLElement>('[data-tabs]')].filter((other) => other !== group && other.dataset.groupId === groupId) : [])];
  for (const each of changed) select(each, value);
  if (groupId) {
    storage.set(STORAGE_PREFIX + groupId, value);
    window.scrollBy(0, tab.getBoundingClientRect().top - before);
  }
  // The URL says what every group that names a query key now shows.
  const keys = changed.flatMap((each) => (each.dataset.queryString ? [each.dataset.queryString] : []));
  if (keys.length) {
    const url = new URL(location.href);
    for (const key of keys) url.searchParams.set(key, value);
    history.replaceState(history.state, '', url.href);
  }
}

/** Selects the tab of `value` in one group, when the group has it. */
function select(group: HTMLElement, value: string): void {
  const tabs = [...group.querySelectorAll<HTMLElement>(':scope > [role=tablist] > [role=tab]')];
  if (!tabs.some((tab) => tab.dataset.value === value)) return;
  for (const tab of tabs) {
    const selected = tab.dataset.value === value;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
  }
  for (const panel of group.querySelectorAll<HTMLElement>(':scope > [role=tabpanel]')) panel.hidden = panel.dataset.value !== value;
}
