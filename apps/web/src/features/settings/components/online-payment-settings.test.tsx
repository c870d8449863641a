import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TProviderSettings } from '@docket/schemas/online-payment';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok } from '@/test/mock-api';
import { OnlinePaymentSettings } from './online-payment-settings';

const mock = mockApi();

const STRIPE: TProviderSettings = {
  provider: 'stripe',
  enabled: true,
  keyHint: '…4242',
  surchargePercent: 0,
  webhookUrl: 'https://docket.example/api/webhooks/stripe/acct-key-0123456789abcdef',
};
const bodyOf = (list: typeof mock.history.put, i = 0) => JSON.parse(list[i]!.data as string) as Record<string, unknown>;

describe('Settings → Online payments', () => {
  it('when nothing is set up, then each provider says so and offers no surcharge or Remove; saving sends the keys and clears the fields', async () => {
    const saved: TProviderSettings[] = [];
    mock.onGet('/company/payments').reply(() => [200, ok(saved)]);
    mock.onPut('/company/payments/stripe').reply(() => {
      saved.push(STRIPE);
      return [200, ok(STRIPE)];
    });
    renderWithProviders(<OnlinePaymentSettings />);
    const stripe = await screen.findByRole('form', { name: 'Card or Pay by Bank (Stripe)' });
    const gocardless = screen.getByRole('form', { name: 'Instant bank payment (GoCardless)' });
    for (const form of [stripe, gocardless]) {
      expect(within(form).getByText('Not set up.')).toBeInTheDocument();
      expect(within(form).queryByRole('button', { name: 'Remove' })).toBeNull();
      expect(within(form).queryByLabelText(/Surcharge/)).toBeNull();
    }
    await userEvent.type(within(stripe).getByLabelText('Secret key (sk_live_… or sk_test_…)'), 'sk_test_abcdef4242');
    await userEvent.type(within(stripe).getByLabelText('Webhook signing secret (whsec_…)'), 'whsec_abcdef');
    await userEvent.click(within(stripe).getByRole('button', { name: 'Save Stripe keys' }));
    expect(await within(stripe).findByText(/key ending …4242/)).toBeInTheDocument();
    expect(bodyOf(mock.history.put)).toEqual({ secretKey: 'sk_test_abcdef4242', webhookSecret: 'whsec_abcdef', enabled: true });
    // The keys are never shown again: the fields are emptied and only the hint and the webhook URL remain.
    expect(within(stripe).getByLabelText('Secret key (sk_live_… or sk_test_…)')).toHaveValue('');
    expect(within(stripe).getByLabelText('Webhook signing secret (whsec_…)')).toHaveValue('');
    expect(within(stripe).getByText(STRIPE.webhookUrl)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('sk_test_abcdef4242');
  });

  it('when a surcharge is saved, then it is sent as a percent; a refusal is said in the form', async () => {
    mock.onGet('/company/payments').reply(200, ok([STRIPE]));
    mock.onPut('/company/payments/stripe/surcharge').replyOnce(200, ok({ ...STRIPE, surchargePercent: 1.5 }));
    mock.onPut('/company/payments/stripe/surcharge').replyOnce(400, fail('Surcharge must be between 0 and 10 percent', 'VALIDATION_ERROR'));
    renderWithProviders(<OnlinePaymentSettings />);
    const stripe = await screen.findByRole('form', { name: 'Card or Pay by Bank (Stripe)' });
    const field = within(stripe).getByLabelText('Surcharge for business clients (%; 0 = none)');
    expect(field).toHaveValue('0');
    await userEvent.clear(field);
    await userEvent.type(field, '1.5');
    await userEvent.click(within(stripe).getByRole('button', { name: 'Save surcharge' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(bodyOf(mock.history.put)).toEqual({ percent: 1.5 });
    await userEvent.clear(field);
    await userEvent.type(field, '11');
    await userEvent.click(within(stripe).getByRole('button', { name: 'Save surcharge' }));
    expect(await within(stripe).findByRole('alert')).toHaveTextContent('Surcharge must be between 0 and 10 percent');
  });

  it('when Remove is clicked, then the provider is deleted and shows as not set up', async () => {
    let saved = [STRIPE];
    mock.onGet('/company/payments').reply(() => [200, ok(saved)]);
    mock.onDelete('/company/payments/stripe').reply(() => {
      saved = [];
      return [200, ok({ provider: 'stripe', deleted: true })];
    });
    renderWithProviders(<OnlinePaymentSettings />);
    const stripe = await screen.findByRole('form', { name: 'Card or Pay by Bank (Stripe)' });
    await userEvent.click(within(stripe).getByRole('button', { name: 'Remove' }));
    expect(await within(stripe).findByText('Not set up.')).toBeInTheDocument();
    expect(mock.history.delete).toHaveLength(1);
  });
});
