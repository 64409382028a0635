/** The first focusable element: jumps past the navigation to the main content. */
export function SkipToContent() {
  return (
    <a className="skip-to-content" href="#__main">
      跳到主要内容
    </a>
  );
}
