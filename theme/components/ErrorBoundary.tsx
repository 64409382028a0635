import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Catches a crash while rendering a page and offers to render it again (a new resetKey clears the error). */
export class ErrorBoundary extends Component<{ children: ReactNode; onRetry: () => void; resetKey: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main id="__main" className="page-crashed" role="alert">
        <h1>页面已崩溃。</h1>
        <p lang="en">This page crashed.</p>
        <pre className="page-crashed__message">{this.state.error.message}</pre>
        <button type="button" className="button button--primary" onClick={this.props.onRetry}>
          重试（Try again）
        </button>
      </main>
    );
  }
}
