import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { ErrorBoundary } from '@/components/error-boundary';
import { ToastHost } from '@/components/ui/toast-host';

/** Everything but the router (main.tsx adds BrowserRouter; tests add MemoryRouter). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <AuthProvider>{children}</AuthProvider>
        <ToastHost />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
