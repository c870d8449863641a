import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@/app/providers';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

interface Options {
  /** The URL to start at (default '/'). */
  route?: string;
  /** Route path pattern the element is mounted at (default '*'). */
  path?: string;
  /** Store a token so the session is considered signed in (mock GET /auth/me too). */
  token?: string | null;
  queryClient?: QueryClient;
  /** Extra routes, e.g. <Route path="/login" element={<p>login page</p>} />. */
  extraRoutes?: ReactElement;
}

/** Render with the real providers (query client, session, toaster) inside a MemoryRouter. */
export function renderWithProviders(ui: ReactElement, options: Options = {}): RenderResult & { queryClient: QueryClient } {
  const queryClient = options.queryClient ?? createTestQueryClient();
  if (options.token) localStorage.setItem('token', options.token);
  const result = render(
    <MemoryRouter initialEntries={[options.route ?? '/']}>
      <AppProviders queryClient={queryClient}>
        <Routes>
          <Route path={options.path ?? '*'} element={ui} />
          {options.extraRoutes}
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, queryClient };
}
