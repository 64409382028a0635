/**
 * True while an input method (pinyin, zhuyin, …) is composing: the Enter, arrows and Escape the reader presses then
 * belong to the composition (Enter commits the characters, the arrows choose among candidates), not to the page.
 * Chromium and Safari report keyCode 229 without `isComposing` on the key that ends a composition.
 */
export function isComposing(event: Pick<KeyboardEvent, 'isComposing' | 'keyCode'>): boolean {
  return event.isComposing || event.keyCode === 229;
}
