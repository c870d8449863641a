import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TInvoiceStatus } from '@docket/schemas/lifecycle';
import type { TInvoice } from '@docket/schemas/document';
import { MSG } from '@docket/schemas/messages';
import { localIsoDateIn } from '@/components/documents/document-form-values';
import { renderWithProviders } from '@/test/render';
import { fail, listReply, mockApi, ok } from '@/test/mock-api';
import { InvoicesPage } from './invoices-page';

const mock = mockApi();

const CLIENT = { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Plumbing Ltd' };

function makeInvoice(status: TInvoiceStatus, n: number): TInvoice {
  return {
    id: `44444444-4444-4444-8444-00000000000${n}`,
    invoiceNumber: `INV000${n}`,
    status,
    clientId: CLIENT.id,
    client: CLIENT,
    lineItems: [{ description: 'Boiler service', quantity: 2, unitPrice: 50 }],
    tax: 20,
    dueDate: '2026-12-22',
    subtotal: 100,
    taxAmount: 20,
    total: 120,
    quoteId: null,
    quoteInvoiceType: null,
    siteAddress: null,
    sentAt: null,
    paidAt: null,
    voidedAt: null,
    voidReason: null,
    amountCredited: 0,
    balanceDue: 120,
    creditNotes: [],
    amountPaid: 0,
    payments: [],
    latePayment: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
  };
}

function setup(invoices: TInvoice[] | 'pending' = []) {
  if (invoices === 'pending') mock.onGet('/invoices').reply(() => new Promise(() => {}));
  else mock.onGet('/invoices').reply(listReply(invoices));
  mock.onGet('/clients').reply(200, ok([{ ...CLIENT, email: 'a@acme.co.uk', phone: null, address: null }]));
  mock.onGet('/items').reply(200, ok([]));
  mock.onGet('/company').reply(404, fail('Company profile not found', 'NOT_FOUND'));
  return renderWithProviders(<InvoicesPage />, { route: '/invoices', path: '/invoices' });
}

const card = (invoiceNumber: string) => screen.getByRole('article', { name: invoiceNumber });

describe('InvoicesPage', () => {
  it('when invoices are loading, then the title, subtitle and exactly three skeleton cards show', async () => {
    setup('pending');
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(screen.getByText('Manage your invoices and payments')).toBeInTheDocument();
    expect(screen.getAllByTestId('invoice-skeleton')).toHaveLength(3);
    expect(screen.queryByText(/No invoices found/)).not.toBeInTheDocument();
  });

  it('when there are no invoices, then the spec empty state shows and the skeletons are gone', async () => {
    setup([]);
    await screen.findByText('No invoices found. Create your first invoice to get started.');
    expect(screen.queryAllByTestId('invoice-skeleton')).toHaveLength(0);
  });

  it('when invoices load, then a row shows number, badge with icon, client, due date and amount due, and links to the invoice page', async () => {
    const part = {
      ...makeInvoice('SENT', 2),
      amountPaid: 20,
      balanceDue: 100,
      payments: [
        {
          id: '55555555-5555-4555-8555-000000000001',
          amount: 20,
          date: '2026-11-21',
          method: 'CASH' as const,
          reference: null,
          createdAt: '2026-11-21T09:00:00.000Z',
        },
      ],
    };
    setup([makeInvoice('OVERDUE', 1), part]);
    const c = await screen.findByRole('article', { name: 'INV0001' });
    expect(within(c).getByText('OVERDUE').querySelector('svg')).not.toBeNull();
    expect(within(c).getByText(CLIENT.name)).toBeInTheDocument();
    expect(within(c).getByText('22/12/2026')).toBeInTheDocument();
    expect(within(c).getByText('£120.00')).toBeInTheDocument();
    expect(within(c).getByRole('link', { name: 'INV0001' })).toHaveAttribute('href', `/invoices/${makeInvoice('OVERDUE', 1).id}`);
    // the amount due after a part payment, the total beside it
    const p = card('INV0002');
    expect(within(p).getByText('£100.00')).toBeInTheDocument();
    expect(within(p).getByText('of £120.00')).toBeInTheDocument();
    expect(within(p).getByText('Part paid')).toBeInTheDocument();
  });

  it('when a draft has no number yet (given at issue), then its row says Draft where the number goes and still links to its page', async () => {
    const draft = { ...makeInvoice('DRAFT', 3), invoiceNumber: null };
    setup([draft]);
    const c = await screen.findByRole('article', { name: 'Draft' });
    expect(within(c).getByRole('link', { name: 'Draft' })).toHaveAttribute('href', `/invoices/${draft.id}`);
    expect(within(c).queryByText(/null/)).not.toBeInTheDocument();
  });

  it('when invoices are in each status, then no row carries more than one action, and only an owing issued invoice offers Record payment', async () => {
    setup([
      makeInvoice('DRAFT', 1),
      makeInvoice('SENT', 2),
      makeInvoice('OVERDUE', 3),
      { ...makeInvoice('PAID', 4), balanceDue: 0 },
      makeInvoice('VOID', 5),
      { ...makeInvoice('CREDITED', 6), balanceDue: 0 },
    ]);
    await screen.findByRole('article', { name: 'INV0001' });
    const buttons = (n: string) =>
      within(card(n))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(buttons('INV0001')).toEqual([]);
    expect(buttons('INV0002')).toEqual(['Record payment']);
    expect(buttons('INV0003')).toEqual(['Record payment']);
    for (const n of ['INV0004', 'INV0005', 'INV0006']) expect(buttons(n)).toEqual([]);
    expect(within(card('INV0005')).getByText('VOID').querySelector('svg')).not.toBeNull();
  });

  it('when Record payment is chosen on a row, then the payment dialog opens with the balance formatted', async () => {
    setup([{ ...makeInvoice('SENT', 1), total: 2112.35, balanceDue: 1812.35 }]);
    await userEvent.click(within(await screen.findByRole('article', { name: 'INV0001' })).getByRole('button', { name: 'Record payment on INV0001' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Balance due £1,812.35')).toBeInTheDocument();
  });

  it('when the form opens, then it has the spec title, placeholders and defaults (tax 20, due in 30 days)', async () => {
    setup([]);
    await userEvent.click(await screen.findByRole('button', { name: 'New Invoice' }));
    const form = await screen.findByRole('form', { name: 'Create New Invoice' });
    const client = within(form).getByLabelText(/^Client/);
    expect(within(client).getByRole('option', { name: 'Select a client' })).toBeInTheDocument();
    const tax = within(form).getByLabelText('Tax Rate (%)');
    expect(tax).toHaveAttribute('placeholder', '20');
    expect(tax).toHaveAttribute('step', '0.01');
    expect(tax).toHaveValue(20);
    expect(within(form).getByLabelText(/^Due Date/)).toHaveValue(localIsoDateIn(30));
    expect(within(form).getByRole('button', { name: 'Create Invoice' })).toBeInTheDocument();
  });

  it('when the due date is cleared and the form submitted, then the spec messages show and nothing is sent', async () => {
    setup([]);
    await userEvent.click(await screen.findByRole('button', { name: 'New Invoice' }));
    const form = await screen.findByRole('form', { name: 'Create New Invoice' });
    await userEvent.clear(within(form).getByLabelText(/^Due Date/));
    await userEvent.click(within(form).getByRole('button', { name: 'Create Invoice' }));
    expect(await within(form).findByText(MSG.dueDateRequired)).toBeInTheDocument();
    expect(within(form).getByText(MSG.clientRequired)).toBeInTheDocument();
    expect(within(form).getByText(MSG.descriptionRequired)).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);
  });

  it('when a valid invoice is saved, then the submit is disabled while saving, POST carries the due date and the form closes', async () => {
    setup([]);
    await userEvent.click(await screen.findByRole('button', { name: 'New Invoice' }));
    const form = await screen.findByRole('form', { name: 'Create New Invoice' });
    await userEvent.selectOptions(within(form).getByLabelText(/^Client/), CLIENT.id);
    await userEvent.type(within(form).getByLabelText(/^Description/), 'Call-out');
    await userEvent.clear(within(form).getByLabelText(/^Unit Price/));
    await userEvent.type(within(form).getByLabelText(/^Unit Price/), '80');
    let release: () => void = () => {};
    mock.onPost('/invoices').reply(() => new Promise((resolve) => (release = () => resolve([201, ok(makeInvoice('DRAFT', 1))]))));
    await userEvent.click(within(form).getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Create Invoice' })).toBeDisabled());
    release();
    await screen.findByText('Invoice created successfully');
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({
      clientId: CLIENT.id,
      lineItems: [{ description: 'Call-out', quantity: 1, unitPrice: 80 }],
      tax: 20,
      dueDate: localIsoDateIn(30),
      siteAddress: null,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Create New Invoice' })).not.toBeInTheDocument());
  });
});

describe('InvoicesPage list paging, search and status filter', () => {
  const invoiceGets = () => mock.history.get.filter((r) => r.url === '/invoices');

  it('when a status is chosen, then the request carries it and only those invoices show', async () => {
    setup([makeInvoice('DRAFT', 1), makeInvoice('OVERDUE', 2)]);
    await screen.findByRole('article', { name: 'INV0001' });
    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Draft', 'Sent', 'Paid', 'Overdue', 'Void', 'Credited']);
    await userEvent.selectOptions(status, 'OVERDUE');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'INV0001' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'INV0002' })).toBeInTheDocument();
    expect(invoiceGets().map((r) => r.params)).toEqual([{ limit: 20 }, { limit: 20, status: 'OVERDUE' }]);
  });

  it('when a search is typed with a status, then both are sent and an empty result shows the filtered empty state', async () => {
    setup([makeInvoice('PAID', 1)]);
    await screen.findByRole('article', { name: 'INV0001' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'PAID');
    await userEvent.type(screen.getByLabelText('Search'), '  INV0009 ');
    await screen.findByText('No invoices match your search.');
    expect(screen.queryByText('No invoices found. Create your first invoice to get started.')).not.toBeInTheDocument();
    expect(invoiceGets().at(-1)!.params).toEqual({ limit: 20, status: 'PAID', q: 'INV0009' });
    // The three skeletons are for the first load only, not for a new search.
    expect(screen.queryAllByTestId('invoice-skeleton')).toHaveLength(0);
  });

  it('when a further page fails, then the loaded cards stay and Load more can retry', async () => {
    const invoices = Array.from({ length: 21 }, (_, i) => ({
      ...makeInvoice('DRAFT', 1),
      id: `44444444-4444-4444-8444-${String(i + 1).padStart(12, '0')}`,
      invoiceNumber: `INV${String(i + 1).padStart(4, '0')}`,
    }));
    setup(invoices);
    await screen.findByRole('article', { name: 'INV0020' });
    let failNextPage = true;
    const pages = listReply(invoices);
    mock.onGet('/invoices').reply((config) => {
      if (!config.params?.cursor || !failNextPage) return pages(config);
      failNextPage = false;
      return [500, fail('Database unavailable')];
    });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('More invoices could not be loaded.');
    expect(screen.getAllByRole('article')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'INV0021' });
  });
});
