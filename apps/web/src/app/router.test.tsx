import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PLANS } from '@docket/schemas/plans';
import { renderWithProviders } from '@/test/render';
import { mockApi, ok, TEST_USER } from '@/test/mock-api';
import { AppRoutes } from './router';

const mock = mockApi();

function signedIn() {
  mock.onGet('/auth/me').reply(200, ok(TEST_USER));
  mock.onGet('/dashboard').reply(
    200,
    ok({
      totalInvoiced: 0,
      outstanding: 0,
      activeQuotes: 0,
      activeInvoices: 0,
      overdueAmount: 0,
      receivedThisMonth: 0,
      aged: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 },
      recentQuotes: [],
      recentInvoices: [],
    }),
  );
  mock.onGet('/company').reply(404, {});
  mock.onGet('/clients').reply(200, ok([]));
  mock.onGet('/subscription/info').reply(
    200,
    ok({
      plan: 'PRO',
      status: 'ACTIVE',
      cancelAtPeriodEnd: false,
      currentPeriodStart: '2026-11-01T00:00:00Z',
      currentPeriodEnd: '2026-12-01T00:00:00Z',
      limits: PLANS.PRO.features,
      usage: { month: '2026-11', invoicesCount: 5, quotesCount: 3, clientsCount: 8 },
    }),
  );
}

describe('routes and shell', () => {
  it('when the path is unknown, then the signed-in visitor lands on the dashboard', async () => {
    signedIn();
    renderWithProviders(<AppRoutes />, { route: '/no/such/page', token: 'jwt-1' });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
  });

  it('when at the index, then redirects to the dashboard', async () => {
    signedIn();
    renderWithProviders(<AppRoutes />, { route: '/', token: 'jwt-1' });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
  });

  it('when signed out and visiting a protected page, then shows Sign In', async () => {
    renderWithProviders(<AppRoutes />, { route: '/clients' });
    await screen.findByRole('heading', { name: 'Sign In' });
  });

  it('when an engineer is signed in, then the shell offers only the field screens and / opens the calendar', async () => {
    signedIn();
    const account = { id: TEST_USER.id, name: 'Bright Sparks', role: 'ENGINEER', engineersSeePrices: false };
    mock.onGet('/auth/me').reply(200, ok({ ...TEST_USER, account }));
    mock.onGet(/\/calendar.*/).reply(200, ok([]));
    renderWithProviders(<AppRoutes />, { route: '/', token: 'jwt-1' });
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(['Clients', 'Quotes', 'Items', 'Calendar']);
  });

  it('when signed in, then the shell shows every nav entry, the email and the plan; Sign Out leaves for /login', async () => {
    signedIn();
    renderWithProviders(<AppRoutes />, { route: '/dashboard', token: 'jwt-1' });
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Clients',
      'Quotes',
      'Invoices',
      'Credit notes',
      'Recurring',
      'Expenses',
      'Bank',
      'Reports',
      'VAT',
      'Import & export',
      'Items',
      'Calendar',
      'Settings',
      'Team',
      'Pricing',
    ]);
    expect(screen.getAllByText(TEST_USER.email).length).toBeGreaterThan(0);
    await screen.findByText('Pro');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign Out' })[0]!);
    await screen.findByRole('heading', { name: 'Sign In' });
    await screen.findByText('Logged out successfully');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('when the small-screen menu is used, then it opens as a dialog and closes after navigating', async () => {
    signedIn();
    renderWithProviders(<AppRoutes />, { route: '/dashboard', token: 'jwt-1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Clients' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await screen.findByRole('heading', { name: 'Clients', level: 1 });
  });

  it('when the menu dialog is open, then Escape closes it', async () => {
    signedIn();
    renderWithProviders(<AppRoutes />, { route: '/dashboard', token: 'jwt-1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
