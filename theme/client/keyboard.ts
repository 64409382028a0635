/** Shows focus styling only for keyboard users: on after Tab, off with the mouse. */
export function trackKeyboardNavigation(): () => void {
  const root = document.documentElement;
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Tab') root.classList.add('navigation-with-keyboard');
  };
  const onMouse = () => root.classList.remove('navigation-with-keyboard');
  document.addEventListener('keydown', onKey);
  document.addEventListener('mousedown', onMouse);
  return () => {
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('mousedown', onMouse);
  };
}
