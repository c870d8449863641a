import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok, TEST_USER } from '@/test/mock-api';
import { RegisterForm } from './register-form';

const mock = mockApi();

const renderRegister = () =>
  renderWithProviders(<RegisterForm />, {
    route: '/register',
    path: '/register',
    extraRoutes: <Route path="/" element={<p>Dashboard page</p>} />,
  });

async function fill(email: string, password: string, confirmPassword: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  if (confirmPassword) await userEvent.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('RegisterForm', () => {
  it('when the email is invalid and the password short, then shows both spec messages', async () => {
    renderRegister();
    await fill('owner@', '12345', '12345');
    await screen.findByText('Invalid email address');
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);
  });

  it('when the confirmation differs, then shows "Passwords don\'t match" on it', async () => {
    renderRegister();
    await fill('owner@example.co.uk', 'secret1', 'secret2');
    await screen.findByText("Passwords don't match");
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(mock.history.post).toHaveLength(0);
  });

  it('when valid, then sends email and password only, toasts and goes to /dashboard', async () => {
    mock.onPost('/auth/register').reply(201, ok({ user: TEST_USER, token: 'jwt-new' }));
    renderRegister();
    await fill('owner@example.co.uk', 'secret1', 'secret1');
    await screen.findByText('Dashboard page');
    await screen.findByText('Account created successfully');
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({ email: 'owner@example.co.uk', password: 'secret1' });
    expect(localStorage.getItem('token')).toBe('jwt-new');
  });

  it('when the email is taken, then the error toast shows the server text', async () => {
    mock.onPost('/auth/register').reply(409, fail('An account with this email already exists', 'CONFLICT'));
    renderRegister();
    await fill('owner@example.co.uk', 'secret1', 'secret1');
    await screen.findByText('An account with this email already exists');
  });

  it('when registration fails without a server message, then the toast says "Registration failed"', async () => {
    mock.onPost('/auth/register').networkError();
    renderRegister();
    await fill('owner@example.co.uk', 'secret1', 'secret1');
    await screen.findByText('Registration failed');
  });
});
