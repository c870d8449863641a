import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PLANS } from '@docket/schemas/plans';
import { renderWithProviders } from '@/test/render';
import { mockApi, ok } from '@/test/mock-api';
import { PricingScreen } from './pricing-screen';

const mock = mockApi();

/** The account's plan as /subscription/info reports it. */
function onPlan(plan: 'FREE' | 'PRO' | 'UNLIMITED') {
  mock.onGet('/subscription/info').reply(
    200,
    ok({
      plan,
      status: 'ACTIVE',
      cancelAtPeriodEnd: false,
      currentPeriodStart: '2026-11-01',
      currentPeriodEnd: '2026-12-01',
      limits: PLANS[plan].features,
      usage: { month: '2026-11', invoicesCount: 0, quotesCount: 0, clientsCount: 0 },
    }),
  );
}

describe('PricingScreen', () => {
  it('when loading, then says so; when loaded, then one card per plan with Most Popular on the flagged one', async () => {
    mock.onGet('/subscription/plans').reply(200, ok(PLANS));
    onPlan('PRO');
    renderWithProviders(<PricingScreen />);
    expect(screen.getByRole('heading', { name: 'Simple, Transparent Pricing' })).toBeInTheDocument();
    expect(screen.getByText('Loading pricing plans...')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Free' });
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unlimited' })).toBeInTheDocument();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(screen.getByText('£12.00')).toBeInTheDocument();
    expect(screen.getAllByText('Unlimited invoices per month')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Need Help Choosing?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact Sales' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
  });

  it('when the account is on Pro, then Pro is the disabled Current Plan, Free offers Switch Plan, Unlimited Upgrade Now; templates are counted truly', async () => {
    mock.onGet('/subscription/plans').reply(200, ok(PLANS));
    onPlan('PRO');
    renderWithProviders(<PricingScreen />);
    const current = await screen.findByRole('button', { name: 'Current Plan' });
    expect(current).toBeDisabled();
    expect(current.closest('li')).toHaveTextContent('Pro');
    expect(screen.getByRole('button', { name: 'Switch Plan' }).closest('li')).toHaveTextContent('Free');
    expect(screen.getAllByRole('button', { name: 'Upgrade Now' })).toHaveLength(1);
    expect(screen.getAllByText('All 5 PDF templates')).toHaveLength(2);
    expect(screen.queryByText(/10 PDF templates/)).not.toBeInTheDocument();
  });

  it('when on the FREE card, then the button is a disabled Current Plan; Upgrade Now shows Coming Soon', async () => {
    mock.onGet('/subscription/plans').reply(200, ok(PLANS));
    onPlan('FREE');
    renderWithProviders(<PricingScreen />);
    expect(await screen.findByRole('button', { name: 'Current Plan' })).toBeDisabled();
    const upgrades = screen.getAllByRole('button', { name: 'Upgrade Now' });
    expect(upgrades).toHaveLength(2);
    await userEvent.click(upgrades[0]!);
    await screen.findByText('Coming Soon');
    expect(screen.getByText('Payment processing will be available soon. Contact us for manual upgrade.')).toBeInTheDocument();
    expect(upgrades[0]!.closest('[aria-current="true"]')).not.toBeNull();
    expect(mock.history.post).toHaveLength(0);
  });

  it('when the plans fail to load, then shows the failure and Try Again reloads them', async () => {
    onPlan('PRO');
    mock.onGet('/subscription/plans').replyOnce(500, {});
    renderWithProviders(<PricingScreen />);
    await screen.findByRole('button', { name: 'Try Again' });
    expect(screen.getAllByText('Failed to load pricing plans').length).toBeGreaterThan(0);
    mock.onGet('/subscription/plans').reply(200, ok(PLANS));
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { name: 'Pro' });
  });
});
