/**
 * True while an input method is composing (pinyin and the like): the keys then belong to the input
 * method — Enter commits the characters, the arrows choose among candidates — and a key handler must
 * leave them alone. Safari reports keyCode 229 without `isComposing` for the key that ends a composition.
 */
export function isComposing(event: KeyboardEvent): boolean {
  return event.isComposing || event.keyCode === 229;
}
