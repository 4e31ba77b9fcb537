import { Component, type ReactNode } from 'react';

interface ViewerBoundaryProps {
  children: ReactNode;
}

/**
 * Keeps the tester usable when the tree viewer's chunk fails to load: the panel says so in the tree's
 * place, while the status, the form and the rest of the page keep working.
 */
export class ViewerBoundary extends Component<ViewerBoundaryProps, { error: Error | undefined }> {
  override state = { error: undefined as Error | undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <p className="tester-error" role="alert">
        The response viewer failed to load ({error.message}). Check your connection and reload the page.
      </p>
    );
  }
}
