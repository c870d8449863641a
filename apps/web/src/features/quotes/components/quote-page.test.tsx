import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { TQuoteStatus } from '@docket/schemas/lifecycle';
import type { TQuote } from '@docket/schemas/document';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok } from '@/test/mock-api';
import { QuotePage } from './quote-page';

const mock = mockApi();
const CLIENT = { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Plumbing Ltd' };
const ID = '33333333-3333-4333-8333-000000000001';

function makeQuote(status: TQuoteStatus, more: Partial<TQuote> = {}): TQuote {
  return {
    id: ID,
    quoteNumber: 'Q0001',
    status,
    clientId: CLIENT.id,
    client: CLIENT,
    lineItems: [{ description: 'Boiler service', quantity: 1, unitPrice: 100 }],
    tax: 20,
    subtotal: 100,
    taxAmount: 20,
    total: 120,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    sentAt: null,
    invoice: null,
    invoicedAmount: 0,
    remainingAmount: 120,
    invoices: [],
    siteAddress: null,
    ...more,
  };
}

function setup(quote: TQuote, deposit: { percent: number | null; amount: number | null } = { percent: null, amount: null }) {
  mock.onGet(`/quotes/${ID}`).reply(200, ok(quote));
  mock.onGet(`/quotes/${ID}/deposit`).reply(200, ok(deposit));
  mock.onGet(`/quotes/${ID}/history`).reply(200, ok([]));
  mock.onGet(`/quotes/${ID}/acceptance`).reply(200, ok(null));
  mock.onGet('/deliveries').reply(200, ok([]));
  mock.onGet('/clients').reply(200, ok([{ ...CLIENT, email: 'a@acme.co.uk', phone: null, address: null }]));
  mock.onGet('/items').reply(200, ok([]));
  mock.onGet('/company').reply(404, fail('Company profile not found', 'NOT_FOUND'));
  return renderWithProviders(<QuotePage />, {
    route: `/quotes/${ID}`,
    path: '/quotes/:id',
    extraRoutes: (
      <>
        <Route path="/invoices/:id" element={<p>Invoice page</p>} />
        <Route path="/quotes" element={<p>Quotes list</p>} />
        <Route path="/calendar" element={<p>Calendar page</p>} />
      </>
    ),
  });
}

const openMenu = async () => userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
const menuItems = async () => {
  await openMenu();
  const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
  await userEvent.keyboard('{Escape}');
  return items;
};

describe('QuotePage', () => {
  it('when the owner asks for a 25% deposit on a sent quote, then the dialog shows what it comes to, PUTs the percent, and the page says so', async () => {
    mock.onPut(`/quotes/${ID}/deposit`).reply(200, ok({ percent: 25, amount: null }));
    setup(makeQuote('SENT'));
    await screen.findByRole('heading', { level: 1, name: 'Q0001' });
    expect(screen.queryByTestId('quote-deposit')).toBeNull();
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deposit on acceptance…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit on acceptance' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Amount (£, VAT included)' }));
    await userEvent.type(within(dialog).getByLabelText(/Deposit \(£\)/), '120.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save deposit' }));
    expect(await within(dialog).findByText('The deposit cannot be more than the quote total')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Percent of the total' }));
    const value = within(dialog).getByLabelText(/Deposit \(%\)/);
    await userEvent.clear(value);
    await userEvent.type(value, '25');
    expect(within(dialog).getByText(/the deposit is £30\.00/)).toBeInTheDocument();
    mock.onGet(`/quotes/${ID}/deposit`).reply(200, ok({ percent: 25, amount: null }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save deposit' }));
    await screen.findByText('Deposit saved');
    expect(mock.history.put.map((r) => [r.url, JSON.parse(r.data as string)])).toEqual([[`/quotes/${ID}/deposit`, { percent: 25 }]]);
    expect(await screen.findByTestId('quote-deposit')).toHaveTextContent('Asks for a deposit of 25% (£30.00) when the customer accepts.');
  });

  it('when a quote is accepted, then the deposit is shown and can no longer be changed', async () => {
    setup(makeQuote('APPROVED'), { percent: null, amount: 50 });
    expect(await screen.findByTestId('quote-deposit')).toHaveTextContent('Asks for a deposit of £50.00 when the customer accepts.');
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Deposit on acceptance…' })).toBeNull();
  });

  it('when the quote is in each status, then the primary action is a labelled button and the rest are words in the menu', async () => {
    const draft = setup(makeQuote('DRAFT'));
    await screen.findByRole('button', { name: 'Send by email' });
    expect(await menuItems()).toEqual(['Edit', 'Deposit on acceptance…', 'Share link', 'Mark as sent', 'Duplicate', 'Delete']);
    draft.unmount();
    const sent = setup(makeQuote('SENT'));
    await screen.findByRole('button', { name: 'Share link' });
    expect(await menuItems()).toEqual(['Edit', 'Deposit on acceptance…', 'Email', 'Mark accepted', 'Mark declined', 'Duplicate', 'Delete']);
    sent.unmount();
    setup(makeQuote('APPROVED'));
    await screen.findByRole('button', { name: 'Create invoice' });
    // An approved quote is what the client agreed to: no Edit (revert it to draft first).
    expect(await menuItems()).toEqual(['Email', 'Share link', 'Schedule Follow-up', 'Revert to Draft', 'Duplicate', 'Delete']);
  });

  it('when a sent quote is marked accepted, then PATCH approve is called and the spec toast shows', async () => {
    setup(makeQuote('SENT'));
    mock.onPatch(`/quotes/${ID}/approve`).reply(200, ok(makeQuote('APPROVED')));
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark accepted' }));
    await screen.findByText('Quote approved successfully');
    expect(mock.history.patch.map((r) => r.url)).toEqual([`/quotes/${ID}/approve`]);
  });

  it('when a 30% deposit is invoiced from the page, then the stage invoice is created on the payment terms and the app opens it', async () => {
    setup(makeQuote('APPROVED'));
    mock.onPost(`/quotes/${ID}/invoices`).reply(201, ok({ id: 'inv', invoiceNumber: 'INV0009' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create invoice' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Percent'), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create invoice' }));
    await screen.findByText('Invoice page');
    // The due date is the server's: the client's or the company's payment terms (docs/product.md, "Payment terms").
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({ type: 'DEPOSIT', percent: 30 });
  });

  it('when an invoiced quote is shown, then its invoices are linked documents', async () => {
    setup(
      makeQuote('APPROVED', {
        invoices: [{ id: '44444444-4444-4444-8444-444444444444', invoiceNumber: 'INV0007', type: 'DEPOSIT', total: 36, status: 'PAID' }],
        invoicedAmount: 36,
        remainingAmount: 84,
      }),
    );
    expect(await screen.findByRole('link', { name: 'INV0007' })).toHaveAttribute('href', '/invoices/44444444-4444-4444-8444-444444444444');
    expect(screen.getByRole('button', { name: 'Invoice the rest' })).toBeInTheDocument();
  });

  it('when delete is confirmed, then the question is asked, DELETE is sent and the list opens', async () => {
    setup(makeQuote('DRAFT'));
    mock.onDelete(`/quotes/${ID}`).reply(200, ok({ id: ID }));
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this quote?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Quote deleted successfully');
    await screen.findByText('Quotes list');
  });
});
