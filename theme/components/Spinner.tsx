/** Shown in the content area while the next page loads. */
export function Spinner() {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">正在加载…</span>
    </div>
  );
}
