import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PLANS } from '@docket/schemas/plans';
import { renderWithProviders } from '@/test/render';
import { mockApi, ok } from '@/test/mock-api';
import { PricingScreen } from './pricing-screen';

const mock = mockApi();

describe('PricingScreen', () => {
  it('when loading, then says so; when loaded, then one card per plan with Most Popular on the flagged one', async () => {
    mock.onGet('/subscription/plans').reply(200, ok(PLANS));
    renderWithProviders(<PricingScreen />);
    expect(screen.getByRole('heading', { name: 'Simple, Transparent Pricing' })).toBeInTheDocument();
    expect(screen.getByText('Loading pricing plans...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Free' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unlimited' })).toBeInTheDocument();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(screen.getByText('£12.00')).toBeInTheDocument();
    expect(screen.getAllByText('Unlimited invoices per month')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Need Help Choosing?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact Sales' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
  });

  it('when on the FREE card, then the button is a disabled Current Plan; Upgrade Now shows Coming Soon', async () => {
    mock.onGet('/subscription/plans').reply(200, ok(PLANS));
    renderWithProviders(<PricingScreen />);
    expect(await screen.findByRole('button', { name: 'Current Plan' })).toBeDisabled();
    const upgrades = screen.getAllByRole('button', { name: 'Upgrade Now' });
    expect(upgrades).toHaveLength(2);
    await userEvent.click(upgrades[0]!);
    expect(await screen.findByText('Coming Soon')).toBeInTheDocument();
    expect(screen.getByText('Payment processing will be available soon. Contact us for manual upgrade.')).toBeInTheDocument();
    expect(upgrades[0]!.closest('[aria-current="true"]')).not.toBeNull();
    expect(mock.history.post).toHaveLength(0);
  });

  it('when the plans fail to load, then shows the failure and Try Again reloads them', async () => {
    mock.onGet('/subscription/plans').replyOnce(500, {});
    renderWithProviders(<PricingScreen />);
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getAllByText('Failed to load pricing plans').length).toBeGreaterThan(0);
    mock.onGet('/subscription/plans').reply(200, ok(PLANS));
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Pro' })).toBeInTheDocument();
  });
});
