/** The red box shown when the next page could not be loaded (network failure), with a retry. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__title">页面加载失败</p>
      <pre className="load-error__message">{error.message}</pre>
      <button type="button" className="button button--danger" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
