import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLANS, type TPlanKey } from '@docket/schemas/plans';
import type { TSubscriptionInfo } from '@docket/schemas/subscription';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok } from '@/test/mock-api';
import { SubscriptionPanel } from './subscription-panel';

const mock = mockApi();

const info = (plan: TPlanKey, usage = { invoicesCount: 5, quotesCount: 3, clientsCount: 8 }): TSubscriptionInfo => ({
  plan,
  status: 'ACTIVE',
  cancelAtPeriodEnd: false,
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  limits: PLANS[plan].features,
  usage: { month: '2026-11', ...usage },
});

describe('SubscriptionPanel', () => {
  it('when a limit is -1, then shows an infinity sign and no progress bar', async () => {
    mock.onGet('/subscription/info').reply(200, ok(info('UNLIMITED')));
    renderWithProviders(<SubscriptionPanel />);
    await screen.findByText('Unlimited');
    expect(screen.getAllByText('∞')).toHaveLength(3);
    expect(screen.getAllByText('unlimited')).toHaveLength(3); // the text alternative for screen readers
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).not.toBeInTheDocument();
  });

  it('when limits are numbers, then shows usage against them with a bar each', async () => {
    mock.onGet('/subscription/info').reply(200, ok(info('PRO')));
    renderWithProviders(<SubscriptionPanel />);
    await screen.findByText('Pro');
    expect(screen.getByText('5 / 1000')).toBeInTheDocument();
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(3);
    expect(bars[0]).toHaveAttribute('aria-valuenow', '5');
    expect(bars[0]).toHaveAttribute('aria-valuemax', '1000');
    expect(screen.queryByText('∞')).not.toBeInTheDocument();
  });

  it('when on FREE, then offers Upgrade Plan to /pricing and names the Pro-only features', async () => {
    mock.onGet('/subscription/info').reply(200, ok(info('FREE', { invoicesCount: 5, quotesCount: 1, clientsCount: 2 })));
    renderWithProviders(<SubscriptionPanel />);
    expect(await screen.findByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByText('Calendar requires Pro plan')).toBeInTheDocument();
    expect(screen.getByText('Custom branding requires Pro plan')).toBeInTheDocument();
  });

  it('when the call fails, then says the details are unavailable', async () => {
    mock.onGet('/subscription/info').reply(500, fail('Something went wrong'));
    renderWithProviders(<SubscriptionPanel />);
    await screen.findByText('Subscription details unavailable');
  });
});
