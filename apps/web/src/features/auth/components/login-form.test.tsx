import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { MSG } from '@docket/schemas/messages';
import { markSessionExpired } from '@/lib/session-notice';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok, TEST_USER } from '@/test/mock-api';
import { LoginForm } from './login-form';

const mock = mockApi();

const renderLogin = () =>
  renderWithProviders(<LoginForm />, {
    route: '/login',
    path: '/login',
    extraRoutes: <Route path="/" element={<p>Dashboard page</p>} />,
  });

describe('LoginForm', () => {
  it('when a refused token brought the visitor here, then the form says the session expired, once', async () => {
    markSessionExpired();
    const first = renderLogin();
    expect(await screen.findByRole('status')).toHaveTextContent(ERROR_MESSAGES.sessionExpiredNotice);
    first.unmount();
    renderLogin();
    expect(screen.queryByText(ERROR_MESSAGES.sessionExpiredNotice)).not.toBeInTheDocument();
  });

  it('when the visitor simply opens /login, then no session notice shows', () => {
    renderLogin();
    expect(screen.queryByText(ERROR_MESSAGES.sessionExpiredNotice)).not.toBeInTheDocument();
  });

  it('when submitted empty, then shows the spec messages and sends nothing', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText(MSG.invalidEmail);
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);
  });

  it('when the email is malformed, then shows "Invalid email address"', async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Invalid email address');
  });

  it('when the credentials are accepted, then stores the token, toasts and goes to /dashboard', async () => {
    mock.onPost('/auth/login').reply(200, ok({ user: TEST_USER, token: 'jwt-1' }));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'Owner@Example.co.uk');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Dashboard page');
    expect(localStorage.getItem('token')).toBe('jwt-1');
    await screen.findByText('Logged in successfully');
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({ email: 'owner@example.co.uk', password: 'secret1' });
  });

  it('when the server refuses, then the error toast shows the server text', async () => {
    mock.onPost('/auth/login').reply(401, fail('Invalid email or password', 'UNAUTHORIZED'));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'owner@example.co.uk');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Invalid email or password');
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('when the network fails without a server message, then the toast shows "Login failed"', async () => {
    mock.onPost('/auth/login').networkError();
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'owner@example.co.uk');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Login failed');
  });
});
