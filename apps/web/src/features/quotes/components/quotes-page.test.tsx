import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TQuoteStatus } from '@docket/schemas/lifecycle';
import type { TQuote } from '@docket/schemas/document';
import { MSG } from '@docket/schemas/messages';
import { renderWithProviders } from '@/test/render';
import { fail, listReply, mockApi, ok } from '@/test/mock-api';
import { QuotesPage } from './quotes-page';

const mock = mockApi();

const CLIENT = { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Plumbing Ltd' };
const ITEM = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Labour',
  description: 'Labour per hour',
  price: 45.5,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

function makeQuote(status: TQuoteStatus, n: number): TQuote {
  return {
    id: `33333333-3333-4333-8333-00000000000${n}`,
    quoteNumber: `Q000${n}`,
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
    remainingAmount: 0,
    invoices: [],
    siteAddress: null,
  };
}

function setup(quotes: TQuote[] = [], company: object | null = null) {
  mock.onGet('/quotes').reply(listReply(quotes));
  mock.onGet('/clients').reply(200, ok([{ ...CLIENT, email: 'a@acme.co.uk', phone: null, address: null }]));
  mock.onGet('/items').reply(200, ok([ITEM]));
  if (company) mock.onGet('/company').reply(200, ok(company));
  else mock.onGet('/company').reply(404, fail('Company profile not found', 'NOT_FOUND'));
  return renderWithProviders(<QuotesPage />, { route: '/quotes', path: '/quotes' });
}

async function openNewQuote() {
  await userEvent.click(await screen.findByRole('button', { name: 'New Quote' }));
  return screen.findByRole('form', { name: 'Create New Quote' });
}

describe('QuotesPage', () => {
  it('when there are no quotes, then shows the spec empty state', async () => {
    setup([]);
    await screen.findByText('No quotes found. Create your first quote to get started.');
  });

  it('when quotes load, then each row shows number, client, en-GB date, total and status badge and links to the quote page, with no inline action', async () => {
    setup([makeQuote('SENT', 1)], { currencySymbol: '€', defaultTaxRate: 20 });
    const q = await screen.findByRole('article', { name: 'Q0001' });
    expect(within(q).getByText(CLIENT.name)).toBeInTheDocument();
    expect(within(q).getByText('20/11/2026')).toBeInTheDocument();
    expect(await within(q).findByText('€120.00')).toBeInTheDocument();
    expect(within(q).getByText('SENT')).toBeInTheDocument();
    expect(within(q).getByRole('link', { name: 'Q0001' })).toHaveAttribute('href', `/quotes/${makeQuote('SENT', 1).id}`);
    expect(within(q).queryAllByRole('button')).toHaveLength(0);
  });

  it('when an approved quote has been invoiced, then its row says how much is invoiced', async () => {
    const base = makeQuote('APPROVED', 5);
    const invoices = [{ id: '44444444-4444-4444-8444-444444444444', invoiceNumber: 'INV0007', type: 'DEPOSIT' as const, total: 36, status: 'PAID' as const }];
    setup([{ ...base, invoices, invoicedAmount: 36, remainingAmount: 84 }]);
    const article = await screen.findByRole('article', { name: 'Q0005' });
    expect(within(article).getByText('Invoiced £36.00')).toBeInTheDocument();
  });

  it('when a new quote was being typed and the page reloads, then it offers the draft and Restore brings the values back', async () => {
    const first = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'New Quote' }));
    await userEvent.selectOptions(await screen.findByLabelText(/Client/), CLIENT.id);
    await userEvent.type(screen.getAllByLabelText(/Description/)[0]!, 'Rewire the loft');
    first.unmount();
    setup();
    const offer = await screen.findByText(/You have an unsaved quote/);
    expect(offer).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore draft' }));
    await screen.findByDisplayValue('Rewire the loft');
    expect(screen.getByLabelText(/Client/)).toHaveValue(CLIENT.id);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sessionStorage.getItem('docket.draft.quote')).toBeNull();
  });

  it('when an offered draft is discarded, then it is gone for good', async () => {
    sessionStorage.setItem(
      'docket.draft.quote',
      JSON.stringify({ documentId: null, values: { clientId: '', tax: 20, lineItems: [] }, savedAt: new Date().toISOString() }),
    );
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.queryByText(/You have an unsaved quote/)).not.toBeInTheDocument();
    expect(sessionStorage.getItem('docket.draft.quote')).toBeNull();
  });

  it('when the form is submitted empty or with bad numbers, then the spec messages show and nothing is sent', async () => {
    setup([]);
    const form = await openNewQuote();
    await userEvent.clear(within(form).getByLabelText(/^Quantity/));
    await userEvent.type(within(form).getByLabelText(/^Quantity/), '0');
    await userEvent.clear(within(form).getByLabelText(/^Unit Price/));
    await userEvent.type(within(form).getByLabelText(/^Unit Price/), '-1');
    await userEvent.clear(within(form).getByLabelText('Tax Rate (%)'));
    await userEvent.type(within(form).getByLabelText('Tax Rate (%)'), '-5');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Quote' }));
    expect(await within(form).findByText(MSG.clientRequired)).toBeInTheDocument();
    expect(within(form).getByText(MSG.descriptionRequired)).toBeInTheDocument();
    expect(within(form).getByText(MSG.quantityMin)).toBeInTheDocument();
    expect(within(form).getByText(MSG.priceNonNegative)).toBeInTheDocument();
    expect(within(form).getByText(MSG.taxNonNegative)).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);
  });

  it('when lines are typed, then subtotal, tax and total update live (half-up to the penny)', async () => {
    setup([]);
    const form = await openNewQuote();
    const totals = within(form).getByTestId('document-totals');
    expect(totals).toHaveTextContent('Subtotal£0.00Tax (20%)£0.00Total£0.00');
    await userEvent.clear(within(form).getByLabelText(/^Quantity/));
    await userEvent.type(within(form).getByLabelText(/^Quantity/), '3');
    await userEvent.clear(within(form).getByLabelText(/^Unit Price/));
    await userEvent.type(within(form).getByLabelText(/^Unit Price/), '10.05');
    await userEvent.clear(within(form).getByLabelText('Tax Rate (%)'));
    await userEvent.type(within(form).getByLabelText('Tax Rate (%)'), '17.5');
    // 30.15 x 17.5% = 5.27625 -> 5.28
    await waitFor(() => expect(totals).toHaveTextContent('Subtotal£30.15Tax (17.5%)£5.28Total£35.43'));
  });

  it('when lines are added and removed, then remove only shows while more than one line exists', async () => {
    setup([]);
    const form = await openNewQuote();
    expect(within(form).queryByRole('button', { name: /Remove item/ })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Add Item' }));
    expect(within(form).getAllByRole('button', { name: /Remove item/ })).toHaveLength(2);
    const quantities = within(form).getAllByLabelText(/^Quantity/);
    expect(quantities[1]).toHaveValue(1);
    expect(within(form).getAllByLabelText(/^Unit Price/)[1]).toHaveValue(0);
    await userEvent.click(within(form).getByRole('button', { name: 'Remove item 2' }));
    expect(within(form).getAllByLabelText(/^Quantity/)).toHaveLength(1);
    expect(within(form).queryByRole('button', { name: /Remove item/ })).not.toBeInTheDocument();
  });

  it('when a catalogue item is picked and the form saved, then description and price are filled and POSTed with the company tax', async () => {
    setup([], { currencySymbol: '£', defaultTaxRate: 17.5 });
    const form = await openNewQuote();
    await waitFor(() => expect(within(form).getByLabelText('Tax Rate (%)')).toHaveValue(17.5));
    await userEvent.selectOptions(within(form).getByLabelText(/^Client/), CLIENT.id);
    await userEvent.selectOptions(within(form).getByLabelText('Catalogue item'), ITEM.id);
    expect(within(form).getByLabelText(/^Description/)).toHaveValue('Labour per hour');
    expect(within(form).getByLabelText(/^Unit Price/)).toHaveValue(45.5);
    mock.onPost('/quotes').reply(201, ok(makeQuote('DRAFT', 1)));
    await userEvent.click(within(form).getByRole('button', { name: 'Create Quote' }));
    await screen.findByText('Quote created successfully');
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({
      clientId: CLIENT.id,
      lineItems: [{ description: 'Labour per hour', quantity: 1, unitPrice: 45.5 }],
      tax: 17.5,
      siteAddress: null,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Create New Quote' })).not.toBeInTheDocument());
  });
});

describe('QuotesPage list paging, search and status filter', () => {
  const quoteGets = () => mock.history.get.filter((r) => r.url === '/quotes');
  const many = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      ...makeQuote('DRAFT', i + 1),
      id: `33333333-3333-4333-8333-${String(i + 1).padStart(12, '0')}`,
      quoteNumber: `Q${String(i + 1).padStart(4, '0')}`,
    }));

  it('when there are more quotes than a page, then Load more appends the next page after the first', async () => {
    setup(many(25));
    await screen.findByRole('article', { name: 'Q0020' });
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(quoteGets()[0]!.params).toEqual({ limit: 20 });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Q0025' });
    const numbers = screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
    expect(numbers).toEqual(many(25).map((q) => q.quoteNumber));
    expect(quoteGets()[1]!.params).toEqual({ limit: 20, cursor: '20' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('when a search is typed, then one request carries q after the pause and only matches show', async () => {
    setup([makeQuote('DRAFT', 1), { ...makeQuote('SENT', 2), client: { id: CLIENT.id, name: 'Brook Builders' } }]);
    await screen.findByRole('article', { name: 'Q0001' });
    await userEvent.type(screen.getByLabelText('Search'), 'brook');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Q0001' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Q0002' })).toBeInTheDocument();
    // Debounced: the first load, then a single search request (not one per keystroke).
    expect(quoteGets().map((r) => r.params)).toEqual([{ limit: 20 }, { limit: 20, q: 'brook' }]);
  });

  it('when a status is chosen, then the request carries it and All statuses clears it', async () => {
    setup([makeQuote('DRAFT', 1), makeQuote('APPROVED', 2)]);
    await screen.findByRole('article', { name: 'Q0001' });
    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Draft', 'Sent', 'Approved', 'Declined']);
    await userEvent.selectOptions(status, 'APPROVED');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Q0001' })).not.toBeInTheDocument());
    expect(quoteGets().at(-1)!.params).toEqual({ limit: 20, status: 'APPROVED' });
    await userEvent.selectOptions(status, '');
    await screen.findByRole('article', { name: 'Q0001' });
  });

  it('when a search finds nothing, then the filtered empty state shows instead of the first-quote text', async () => {
    setup([makeQuote('DRAFT', 1)]);
    await screen.findByRole('article', { name: 'Q0001' });
    await userEvent.type(screen.getByLabelText('Search'), 'nothing like this');
    await screen.findByText('No quotes match your search.');
    expect(screen.queryByText('No quotes found. Create your first quote to get started.')).not.toBeInTheDocument();
  });

  it('when a quote changes while a later page is loaded, then every loaded page refetches and a newer quote shows on top', async () => {
    const rows = many(25);
    rows[0] = { ...rows[0]!, status: 'SENT' };
    const { queryClient } = setup(rows);
    await screen.findByRole('article', { name: 'Q0020' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Q0025' });
    // Meanwhile another tab created a quote; any quote change invalidates the quotes prefix.
    rows.unshift({ ...makeQuote('DRAFT', 1), id: '33333333-3333-4333-8333-999999999999', quoteNumber: 'Q0026' });
    await queryClient.invalidateQueries({ queryKey: ['quotes'] });
    await waitFor(() => expect(within(screen.getAllByRole('article')[0]!).getByRole('heading').textContent).toBe('Q0026'));
    expect(screen.getAllByRole('article')).toHaveLength(26);
    expect(
      quoteGets()
        .slice(2)
        .map((r) => r.params),
    ).toEqual([{ limit: 20 }, { limit: 20, cursor: '20' }]);
  });
});
