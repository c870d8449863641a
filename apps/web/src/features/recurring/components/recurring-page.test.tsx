import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TRecurringInvoice } from '@docket/schemas/recurring';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok } from '@/test/mock-api';
import { RecurringPage } from './recurring-page';

const mock = mockApi();
const CLIENT = { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Lettings', email: 'a@acme.co.uk', phone: null, address: '2 Quay St\nHull' };

const schedule = (over: Partial<TRecurringInvoice> = {}): TRecurringInvoice => ({
  id: '33333333-3333-4333-8333-000000000001',
  clientId: CLIENT.id,
  client: { id: CLIENT.id, name: CLIENT.name },
  lineItems: [{ description: 'Gas safety check', quantity: 1, unitPrice: 80 }],
  tax: 20,
  siteAddress: null,
  total: 96,
  frequency: 'MONTHLY',
  startDate: '2027-01-31',
  endDate: null,
  count: null,
  dueDays: 14,
  autoSend: false,
  paused: false,
  nextRunDate: '2027-02-28',
  issuedCount: 1,
  invoices: [{ id: '44444444-4444-4444-8444-444444444444', invoiceNumber: 'INV0009', periodDate: '2027-01-31', status: 'DRAFT', total: 96 }],
  createdAt: '2027-01-31T09:00:00.000Z',
  updatedAt: '2027-01-31T09:00:00.000Z',
  ...over,
});

function setup(rows: TRecurringInvoice[]) {
  mock.onGet('/recurring-invoices').reply(200, ok(rows));
  mock.onGet('/clients').reply(200, ok([CLIENT]));
  mock.onGet('/items').reply(200, ok([]));
  mock.onGet('/company').reply(404, fail('Company profile not found', 'NOT_FOUND'));
  return renderWithProviders(<RecurringPage />, { route: '/recurring', path: '/recurring' });
}

describe('RecurringPage', () => {
  it('when a schedule is listed, then it shows its next date, what it issued (linked) and pauses with PATCH', async () => {
    setup([schedule()]);
    const item = (await screen.findByRole('heading', { name: 'Acme Lettings: Monthly £96.00' })).closest('li')!;
    expect(item).toHaveTextContent('Next invoice 28/02/2027 · 1 issued · kept as drafts');
    expect(within(item).getByRole('link', { name: 'INV0009' })).toHaveAttribute('href', '/invoices/44444444-4444-4444-8444-444444444444');
    mock.onPatch(`/recurring-invoices/${schedule().id}/pause`).reply(200, ok(schedule({ paused: true, nextRunDate: null })));
    await userEvent.click(within(item).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(mock.history.patch).toHaveLength(1));
  });

  it('when a new schedule is saved, then the form POSTs the lines, the schedule and the site address copied from the client', async () => {
    setup([]);
    await userEvent.click(await screen.findByRole('button', { name: 'New Recurring Invoice' }));
    const form = await screen.findByRole('form', { name: 'Create Recurring Invoice' });
    await userEvent.selectOptions(within(form).getByLabelText(/Client/), CLIENT.id);
    await userEvent.type(within(form).getByLabelText(/^Description/), 'Gas safety check');
    await userEvent.clear(within(form).getByLabelText(/^Unit Price/));
    await userEvent.type(within(form).getByLabelText(/^Unit Price/), '80');
    await userEvent.selectOptions(within(form).getByLabelText(/Frequency/), 'YEARLY');
    await userEvent.click(within(form).getByLabelText('Same as the billing address'));
    mock.onPost('/recurring-invoices').reply(201, ok(schedule()));
    await userEvent.click(within(form).getByRole('button', { name: 'Create Recurring Invoice' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post[0]!.data as string)).toMatchObject({
      clientId: CLIENT.id,
      lineItems: [{ description: 'Gas safety check', quantity: 1, unitPrice: 80 }],
      frequency: 'YEARLY',
      // left blank: each invoice follows the payment terms (docs/product.md, "Payment terms")
      dueDays: null,
      autoSend: false,
      siteAddress: '2 Quay St\nHull',
    });
  });
});
