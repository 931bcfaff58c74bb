// Hydrates one island with React inside an error boundary. Every island module's default
// export is `(element, props) => mount(element, Component, props)` (see src/islands/bundle.ts).
import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function mount<P extends object>(element: HTMLElement, Island: ComponentType<P>, props: P): void {
  hydrateRoot(
    element,
    <ErrorBoundary>
      <Island {...props} />
    </ErrorBoundary>,
  );
}

/** "Cause: …" for each error in a cause chain, outermost first. */
export function causeChain(error: unknown): string[] {
  const lines: string[] = [];
  let cause = (error as { cause?: unknown })?.cause;
  while (cause !== undefined && lines.length < 10) {
    lines.push(`Cause: ${cause instanceof Error ? cause.message : String(cause)}`);
    cause = (cause as { cause?: unknown })?.cause;
  }
  return lines;
}

class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; key: number }> {
  state = { error: undefined as unknown, key: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    const { error, key } = this.state;
    if (error === undefined) return <ErrorBoundaryChild key={key}>{this.props.children}</ErrorBoundaryChild>;
    return (
      <div className="island-crash" role="alert">
        <p className="island-crash-title">This page crashed</p>
        <p className="island-crash-message">{error instanceof Error ? error.message : String(error)}</p>
        {causeChain(error).map((line, i) => (
          <p key={i} className="island-crash-cause">
            {line}
          </p>
        ))}
        <button type="button" className="button button-secondary" onClick={() => this.setState({ error: undefined, key: key + 1 })}>
          Try again
        </button>
      </div>
    );
  }
}

/** A keyed fragment: changing the key remounts the island ("Try again"). */
function ErrorBoundaryChild({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
