/**
 * True while an input method (pinyin, zhuyin, …) is composing: the Enter, arrows and Escape the reader presses then
 * belong to the composition, not to the page. Chromium and Safari report 229 on keys that end a composition.
 */
export function isComposing(event: Pick<KeyboardEvent, 'isComposing' | 'keyCode'>): boolean {
  return event.isComposing || event.keyCode === 229;
}
