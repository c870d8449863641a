import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TInvoice, TQuote } from '@docket/schemas/document';
import type { TDashboard } from '@docket/schemas/dashboard';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok } from '@/test/mock-api';
import { DashboardScreen } from './dashboard-screen';

const mock = mockApi();

const client = { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Plumbing' };
const quote: TQuote = {
  id: 'q1',
  quoteNumber: 'Q0007',
  status: 'SENT',
  clientId: client.id,
  client,
  lineItems: [],
  tax: 20,
  subtotal: 100,
  taxAmount: 20,
  total: 120,
  sentAt: null,
  createdAt: '2026-11-20T09:15:00Z',
  updatedAt: '2026-11-20T09:15:00Z',
  invoice: null,
  invoicedAmount: 0,
  remainingAmount: 0,
  invoices: [],
  siteAddress: null,
};
const invoice: TInvoice = {
  id: 'i1',
  invoiceNumber: 'INV0003',
  status: 'OVERDUE',
  clientId: client.id,
  client,
  lineItems: [],
  tax: 20,
  subtotal: 1000,
  taxAmount: 200,
  total: 1200,
  dueDate: '2026-11-01',
  quoteId: null,
  quoteInvoiceType: null,
  siteAddress: null,
  voidedAt: null,
  voidReason: null,
  amountCredited: 0,
  balanceDue: 1200,
  creditNotes: [],
  amountPaid: 0,
  payments: [],
  latePayment: null,
  sentAt: null,
  paidAt: null,
  createdAt: '2026-10-02T16:45:00Z',
  updatedAt: '2026-10-02T16:45:00Z',
};
const noAged = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 };
const empty: TDashboard = {
  totalInvoiced: 0,
  outstanding: 0,
  activeQuotes: 0,
  activeInvoices: 0,
  overdueAmount: 0,
  receivedThisMonth: 0,
  aged: noAged,
  recentQuotes: [],
  recentInvoices: [],
};

const info = (clientsCount: number) =>
  ok({
    plan: 'PRO',
    status: 'ACTIVE',
    cancelAtPeriodEnd: false,
    currentPeriodStart: '2026-11-01',
    currentPeriodEnd: '2026-12-01',
    limits: { invoicesPerMonth: 1000, quotesPerMonth: 1000, maxClients: 1000, templates: 10, hasBranding: true, hasCalendar: true, support: 'priority' },
    usage: { month: '2026-11', invoicesCount: 0, quotesCount: 0, clientsCount },
  });

describe('DashboardScreen', () => {
  it('when the account is new, then "Get started" lists three unticked steps linking to their forms', async () => {
    mock.onGet('/dashboard').reply(200, ok(empty));
    mock.onGet('/company').reply(200, ok(null));
    mock.onGet('/subscription/info').reply(200, info(0));
    renderWithProviders(<DashboardScreen />);
    const steps = within(await screen.findByRole('region', { name: 'Get started' }));
    expect(steps.getByText('0 of 3 done')).toBeInTheDocument();
    expect(steps.getByRole('link', { name: /Set up your company profile \(to do\)/ })).toHaveAttribute('href', '/settings');
    expect(steps.getByRole('link', { name: /Add your first client \(to do\)/ })).toHaveAttribute('href', '/clients?new=1');
    expect(steps.getByRole('link', { name: /Create your first quote \(to do\)/ })).toHaveAttribute('href', '/quotes?new=1');
  });

  it('when profile and a client exist, then those steps are ticked; with a quote too, then the card is gone', async () => {
    mock.onGet('/dashboard').replyOnce(200, ok(empty));
    mock.onGet('/company').reply(200, ok({ currencySymbol: '£' }));
    mock.onGet('/subscription/info').reply(200, info(1));
    const first = renderWithProviders(<DashboardScreen />);
    const steps = within(await screen.findByRole('region', { name: 'Get started' }));
    expect(steps.getByText('2 of 3 done')).toBeInTheDocument();
    expect(steps.getByRole('link', { name: /Set up your company profile \(done\)/ })).toBeInTheDocument();
    expect(steps.getByRole('link', { name: /Add your first client \(done\)/ })).toBeInTheDocument();
    first.unmount();
    mock.onGet('/dashboard').reply(200, ok({ ...empty, recentQuotes: [quote] }));
    renderWithProviders(<DashboardScreen />);
    await screen.findByText('Q0007');
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('when loading, then shows placeholders; with no documents, then the two empty states and zero figures', async () => {
    mock.onGet('/dashboard').reply(200, ok(empty));
    mock.onGet('/company').reply(404, {});
    renderWithProviders(<DashboardScreen />);
    expect(screen.getByLabelText('Loading dashboard')).toBeInTheDocument();
    await screen.findByText('No quotes yet');
    expect(screen.getByText('No invoices yet')).toBeInTheDocument();
    // Total invoiced and Outstanding, then Overdue, Received this month and the five age buckets.
    expect(screen.getAllByText('£0.00')).toHaveLength(9);
  });

  it('when there is data, then shows the four cards and each recent row with number, client, date, total and status', async () => {
    mock.onGet('/dashboard').reply(
      200,
      ok({
        ...empty,
        totalInvoiced: 1234.5,
        outstanding: 1200,
        activeQuotes: 3,
        activeInvoices: 1,
        overdueAmount: 1200,
        receivedThisMonth: 345.67,
        aged: { ...noAged, days1to30: 1200, total: 1200 },
        recentQuotes: [quote],
        recentInvoices: [invoice],
      }),
    );
    mock.onGet('/company').reply(404, {});
    renderWithProviders(<DashboardScreen />);
    await screen.findByText('£1,234.50');
    for (const label of ['Total Invoiced', 'Outstanding', 'Active Quotes', 'Active Invoices']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.getByText('Received this month').nextSibling).toHaveTextContent('£345.67');
    expect(screen.getByText('Overdue').nextSibling).toHaveTextContent('£1,200.00');
    expect(screen.getByText('1–30 days').nextSibling).toHaveTextContent('£1,200.00');
    const quoteRow = screen.getByText('Q0007').closest('li')!;
    expect(within(quoteRow).getByText('Acme Plumbing')).toBeInTheDocument();
    expect(within(quoteRow).getByText('20/11/2026, 09:15')).toBeInTheDocument();
    expect(within(quoteRow).getByText('£120.00')).toBeInTheDocument();
    expect(within(quoteRow).getByText('SENT')).toBeInTheDocument();
    const invoiceRow = screen.getByText('INV0003').closest('li')!;
    expect(within(invoiceRow).getByText('02/10/2026, 17:45')).toBeInTheDocument();
    expect(within(invoiceRow).getByText('OVERDUE')).toBeInTheDocument();
  });

  it('when the company uses another currency, then money shows its symbol', async () => {
    mock.onGet('/dashboard').reply(200, ok({ ...empty, totalInvoiced: 99.99 }));
    mock.onGet('/company').reply(200, ok({ currencySymbol: '$' }));
    renderWithProviders(<DashboardScreen />);
    await screen.findByText('$99.99');
  });

  it('when the call fails, then shows the error toast and the error state', async () => {
    mock.onGet('/dashboard').reply(500, fail('Something went wrong'));
    mock.onGet('/company').reply(404, {});
    renderWithProviders(<DashboardScreen />);
    await screen.findByRole('button', { name: 'Try Again' });
    expect(screen.getByText('Failed to load dashboard data')).toBeInTheDocument();
    // The server's own text wins in the toast.
    await screen.findByText('Something went wrong');
  });
});
