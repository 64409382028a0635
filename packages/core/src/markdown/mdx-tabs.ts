import type { RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** Marks elements written as HTML in a doc (raw or JSX), so the sanitiser runs on the doc; the sanitiser drops the mark. */
export const HTML_MARKER = 'dataDocsgenHtml';

/** Marks where `<DocCardList />` stands; the cards of the doc's sidebar category replace it once the sidebar is built. */
export const DOC_CARD_LIST = 'dataDocCardList';

/** One `<TabItem>` with what the tab shows. */
export interface TabItemInput {
  element: JsxElement;
  props: Record<string, unknown>;
}

/**
 * `<Tabs>` as static, accessible markup: a tablist of buttons and one panel per item. The default tab's panel is shown
 * without JavaScript; the client (theme/client/tabs.ts) switches tabs, syncs `groupId` across the page and visits, and
 * reflects `queryString` in the URL.
 */
export function tabsNode(items: TabItemInput[], props: Record<string, unknown>, index: number): RootContent {
  const values = Array.isArray(props.values) ? (props.values as { value?: unknown; label?: unknown }[]) : [];
  const tabs = items.map(({ element, props: item }, i) => {
    const value = String(item.value ?? i);
    const label = String(item.label ?? values.find((entry) => String(entry.value) === value)?.label ?? value);
    return { element, value, label, isDefault: item.default === true };
  });
  const defaultValue = props.defaultValue !== undefined && props.defaultValue !== null ? String(props.defaultValue) : (tabs.find((tab) => tab.isDefault) ?? tabs[0])?.value;
  const id = (i: number) => `tabs-${index}-${i}`;
  const queryString = props.queryString === true ? (typeof props.groupId === 'string' ? props.groupId : undefined) : typeof props.queryString === 'string' ? props.queryString : undefined;
  const element = (tagName: string, properties: Record<string, unknown>, children: RootContent[]): RootContent =>
    ({ type: 'tabsPart', data: { hName: tagName, hProperties: properties }, children }) as unknown as RootContent;
  return element(
    'div',
    { className: ['tabs-container'], dataTabs: '', dataGroupId: typeof props.groupId === 'string' ? props.groupId : undefined, dataQueryString: queryString },
    [
      element(
        'div',
        { role: 'tablist', ariaOrientation: 'horizontal', className: ['tabs'] },
        tabs.map((tab, i) => {
          const selected = tab.value === defaultValue;
          return element('button', { type: 'button', role: 'tab', id: id(i), ariaSelected: selected ? 'true' : 'false', ariaControls: `${id(i)}-panel`, tabIndex: selected ? 0 : -1, dataValue: tab.value, className: ['tabs__item'] }, [
            { type: 'text', value: tab.label },
          ]);
        }),
      ),
      ...tabs.map((tab, i) =>
        element('div', { role: 'tabpanel', id: `${id(i)}-panel`, ariaLabelledBy: id(i), dataValue: tab.value, className: ['tab-panel'], hidden: tab.value !== defaultValue, tabIndex: 0 }, tab.element.children as RootContent[]),
      ),
    ],
  );
}
