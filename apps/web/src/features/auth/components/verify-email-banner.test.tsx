import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { mockApi, ok, TEST_USER } from '@/test/mock-api';
import { VerifyEmailBanner } from './verify-email-banner';

const mock = mockApi();

describe('VerifyEmailBanner', () => {
  it('when the account is not verified, then a banner says so and Resend verification asks for a new link', async () => {
    mock.onGet('/auth/me').reply(200, ok({ ...TEST_USER, emailVerified: false }));
    mock.onPost('/auth/resend-verification').reply(202, ok({ message: 'We have sent you a new verification link' }));
    renderWithProviders(<VerifyEmailBanner />, { token: 'jwt-1' });
    const banner = await screen.findByRole('status', { name: 'Verify your email address' });
    expect(banner).toHaveTextContent('Until you open it, Docket emails only you, not your clients.');
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification' }));
    await waitFor(() => expect(mock.history.post.filter((r) => r.url === '/auth/resend-verification')).toHaveLength(1));
  });

  it('when the account is verified, then no banner', async () => {
    mock.onGet('/auth/me').reply(200, ok(TEST_USER));
    renderWithProviders(<VerifyEmailBanner />, { token: 'jwt-1' });
    await waitFor(() => expect(mock.history.get.some((r) => r.url === '/auth/me')).toBe(true));
    expect(screen.queryByRole('status', { name: 'Verify your email address' })).toBeNull();
  });
});
