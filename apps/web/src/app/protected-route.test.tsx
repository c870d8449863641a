import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok, TEST_USER } from '@/test/mock-api';
import { ProtectedRoute } from './protected-route';

const mock = mockApi();

const renderProtected = (token?: string) =>
  renderWithProviders(
    <ProtectedRoute>
      <p>Secret page</p>
    </ProtectedRoute>,
    { route: '/clients', path: '/clients', token, extraRoutes: <Route path="/login" element={<p>Login page</p>} /> },
  );

describe('ProtectedRoute', () => {
  it('when there is no token, then goes to /login', async () => {
    renderProtected();
    await screen.findByText('Login page');
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it('when the session is loading, then shows a spinner, then the page once the user arrives', async () => {
    let release: (v: [number, unknown]) => void = () => undefined;
    const answer = new Promise<[number, unknown]>((resolve) => (release = resolve));
    mock.onGet('/auth/me').reply(() => answer);
    renderProtected('jwt-1');
    expect(screen.getByRole('status')).toHaveTextContent('Loading session');
    release([200, ok(TEST_USER)]);
    await screen.findByText('Secret page');
  });

  it('when the stored token is rejected, then clears it and goes to /login', async () => {
    mock.onGet('/auth/me').reply(401, fail('Session expired, please sign in again'));
    renderProtected('expired');
    await screen.findByText('Login page');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('when /auth/me gets no answer (offline, or the page navigating away), then the token is kept for the next page', async () => {
    mock.onGet('/auth/me').networkError();
    renderProtected('jwt-1');
    await screen.findByText('Login page');
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });

  it('when /auth/me is rate limited, then the token is kept', async () => {
    mock.onGet('/auth/me').reply(429, fail('Too many requests'));
    renderProtected('jwt-1');
    await screen.findByText('Login page');
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });
});
