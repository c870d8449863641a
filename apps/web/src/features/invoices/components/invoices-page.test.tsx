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
const statusButtons = (el: HTMLElement) =>
  within(el)
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((name) => !['Preview PDF', 'Edit', 'Edit due date', 'Share link', 'History', 'Delete', 'Email'].includes(name ?? ''));
const offersEmail = (el: HTMLElement) => within(el).queryByRole('button', { name: 'Email' }) !== null;

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
    expect(await screen.findByText('No invoices found. Create your first invoice to get started.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('invoice-skeleton')).toHaveLength(0);
  });

  it('when invoices load, then a card shows number, badge with icon, client, due date, subtotal, tax and total', async () => {
    setup([makeInvoice('OVERDUE', 1)]);
    const c = await screen.findByRole('article', { name: 'INV0001' });
    expect(within(c).getByText('OVERDUE').querySelector('svg')).not.toBeNull();
    expect(within(c).getByText(CLIENT.name)).toBeInTheDocument();
    expect(within(c).getByText('22/12/2026')).toBeInTheDocument();
    expect(within(c).getByText('£100.00')).toBeInTheDocument();
    expect(within(c).getByText('£20.00')).toBeInTheDocument();
    expect(within(c).getByText('Total').nextSibling).toHaveTextContent('£120.00');
    expect(within(c).getByText('Balance due').nextSibling).toHaveTextContent('£120.00');
  });

  it('when invoices are in each status, then each card offers what the lifecycle allows and only drafts can be deleted', async () => {
    setup([
      makeInvoice('DRAFT', 1),
      makeInvoice('SENT', 2),
      makeInvoice('OVERDUE', 3),
      makeInvoice('PAID', 4),
      makeInvoice('VOID', 5),
      makeInvoice('CREDITED', 6),
    ]);
    await screen.findByRole('article', { name: 'INV0001' });
    expect(statusButtons(card('INV0001'))).toEqual(['Mark as sent', 'Duplicate']);
    expect(statusButtons(card('INV0002'))).toEqual(['Record payment', 'Mark as Paid', 'Credit note', 'Void', 'Duplicate']);
    expect(statusButtons(card('INV0003'))).toEqual(['Record payment', 'Mark as Paid', 'Credit note', 'Void', 'Duplicate']);
    expect(statusButtons(card('INV0004'))).toEqual(['Credit note', 'Duplicate']);
    expect(statusButtons(card('INV0005'))).toEqual(['Duplicate']);
    expect(statusButtons(card('INV0006'))).toEqual(['Duplicate']);
    // Email everywhere but on a void invoice.
    expect(['INV0001', 'INV0002', 'INV0003', 'INV0004', 'INV0005', 'INV0006'].map((n) => offersEmail(card(n)))).toEqual([true, true, true, true, false, true]);
    // A void invoice asks for nothing, so it has no client link to share.
    expect(within(card('INV0005')).queryByRole('button', { name: 'Share link' })).toBeNull();
    expect(within(card('INV0002')).getByRole('button', { name: 'Share link' })).toBeInTheDocument();
    const names = (n: string) => within(card(n)).getAllByRole('button').map((b) => b.textContent);
    expect(names('INV0001')).toEqual(expect.arrayContaining(['Edit', 'Delete']));
    for (const n of ['INV0002', 'INV0003', 'INV0004', 'INV0005', 'INV0006']) expect(names(n)).not.toContain('Delete');
    expect(names('INV0002')).toContain('Edit due date');
    expect(names('INV0005')).not.toContain('Edit due date');
    expect(within(card('INV0005')).getByText('VOID').querySelector('svg')).not.toBeNull();
    expect(within(card('INV0006')).getByText('CREDITED').querySelector('svg')).not.toBeNull();
  });

  it('when an invoice is marked as paid, then PATCH pay is called and the toast confirms it', async () => {
    const invoice = makeInvoice('SENT', 1);
    setup([invoice]);
    mock.onPatch(`/invoices/${invoice.id}/pay`).reply(200, ok({ ...invoice, status: 'PAID' }));
    await userEvent.click(within(await screen.findByRole('article', { name: 'INV0001' })).getByRole('button', { name: 'Mark as Paid' }));
    expect(await screen.findByText('Invoice marked as paid')).toBeInTheDocument();
    expect(mock.history.patch.map((r) => r.url)).toEqual([`/invoices/${invoice.id}/pay`]);
  });

  it('when a draft invoice is sent, then PATCH send is called and the spec toast shows', async () => {
    const invoice = makeInvoice('DRAFT', 1);
    setup([invoice]);
    mock.onPatch(`/invoices/${invoice.id}/send`).reply(200, ok({ ...invoice, status: 'SENT' }));
    await userEvent.click(within(await screen.findByRole('article', { name: 'INV0001' })).getByRole('button', { name: 'Mark as sent' }));
    expect(await screen.findByText('Invoice sent successfully')).toBeInTheDocument();
  });

  it('when delete fails without a server message, then the spec question was asked and the fallback toast shows', async () => {
    const invoice = makeInvoice('DRAFT', 1);
    setup([invoice]);
    mock.onDelete(`/invoices/${invoice.id}`).networkError();
    await userEvent.click(within(await screen.findByRole('article', { name: 'INV0001' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this invoice?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete invoice')).toBeInTheDocument();
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
    mock.onPost('/invoices').reply(
      () => new Promise((resolve) => (release = () => resolve([201, ok(makeInvoice('DRAFT', 1))]))),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Create Invoice' })).toBeDisabled());
    release();
    expect(await screen.findByText('Invoice created successfully')).toBeInTheDocument();
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({
      clientId: CLIENT.id,
      lineItems: [{ description: 'Call-out', quantity: 1, unitPrice: 80 }],
      tax: 20,
      dueDate: localIsoDateIn(30),
      siteAddress: null,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Create New Invoice' })).not.toBeInTheDocument());
  });

  it('when an invoice is edited, then the form is prefilled with its client, lines, tax and due date; Cancel closes it and returns focus', async () => {
    setup([makeInvoice('DRAFT', 1)]);
    await userEvent.click(within(await screen.findByRole('article', { name: 'INV0001' })).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit Invoice' });
    expect(within(form).getByLabelText(/^Client/)).toHaveValue(CLIENT.id);
    expect(within(form).getByLabelText(/^Description/)).toHaveValue('Boiler service');
    expect(within(form).getByLabelText(/^Quantity/)).toHaveValue(2);
    expect(within(form).getByLabelText(/^Due Date/)).toHaveValue('2026-12-22');
    expect(within(form).getByRole('button', { name: 'Update Invoice' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit Invoice' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Invoice' })).toHaveFocus();
  });
});

describe('InvoicesPage list paging, search and status filter', () => {
  const invoiceGets = () => mock.history.get.filter((r) => r.url === '/invoices');

  it('when a status is chosen, then the request carries it and only those invoices show', async () => {
    setup([makeInvoice('DRAFT', 1), makeInvoice('OVERDUE', 2)]);
    await screen.findByRole('article', { name: 'INV0001' });
    const status = screen.getByLabelText('Status');
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['All statuses', 'Draft', 'Sent', 'Paid', 'Overdue', 'Void', 'Credited']);
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
    expect(await screen.findByText('No invoices match your search.')).toBeInTheDocument();
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
    expect(await screen.findByText('More invoices could not be loaded.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'INV0021' })).toBeInTheDocument();
  }, 20_000);
});
