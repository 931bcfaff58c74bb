// Hydrates one island with React inside an error boundary. Every island module's default
// export is `(element, props, failed) => mount(element, Component, props, failed)` (see
// src/islands/bundle.ts). The page runtime shows a crash (`failed`, src/client/islandState.ts)
// the same way as a failure to load the island's code: in place, or beside a bar that has no room.
import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandFailure } from './islandState';
import { label } from './labels';

type Failed = (failure: IslandFailure) => void;

export function mount<P extends object>(element: HTMLElement, Island: ComponentType<P>, props: P, failed: Failed): void {
  hydrateRoot(
    element,
    <ErrorBoundary failed={failed}>
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

class ErrorBoundary extends Component<{ children: ReactNode; failed: Failed }, { error: unknown; key: number }> {
  state = { error: undefined as unknown, key: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    // The island renders nothing meanwhile; "Try again" removes the message and remounts it.
    this.props.failed({
      kind: 'crash',
      title: label('islandCrashed'),
      lines: [error instanceof Error ? error.message : String(error), ...causeChain(error)],
      action: label('islandTryAgain'),
      retry: () => this.setState(({ key }) => ({ error: undefined, key: key + 1 })),
    });
  }

  render() {
    const { error, key } = this.state;
    return error === undefined ? <ErrorBoundaryChild key={key}>{this.props.children}</ErrorBoundaryChild> : null;
  }
}

/** A keyed fragment: changing the key remounts the island ("Try again"). */
function ErrorBoundaryChild({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
