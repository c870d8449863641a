import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The generic error screen (docs/product.md, "Screens"). */
export function ErrorScreen({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center p-4">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
        <AlertTriangle aria-hidden="true" className="mx-auto h-10 w-10 text-red-500" />
        <h1 className="mt-3 text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600">An unexpected error occurred. Please try refreshing the page.</p>
        {message && (
          <pre className="mt-4 overflow-x-auto whitespace-pre-wrap break-words rounded bg-slate-100 p-3 text-left text-xs text-slate-700">{message}</pre>
        )}
        <Button className="mt-4" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    </div>
  );
}

interface Props {
  children: ReactNode;
}
interface State {
  error: unknown;
  hasError: boolean;
}

/** Catches render errors below it and shows the error screen instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
