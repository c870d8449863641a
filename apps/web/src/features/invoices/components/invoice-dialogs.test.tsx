import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TInvoice } from '@docket/schemas/document';
import { renderWithProviders } from '@/test/render';
import { mockApi, ok } from '@/test/mock-api';
import { CreditNoteDialog } from './credit-note-dialog';
import { VoidInvoiceDialog } from './void-invoice-dialog';

const mock = mockApi();

const invoice: TInvoice = {
  id: '44444444-4444-4444-8444-000000000001',
  invoiceNumber: 'INV0001',
  status: 'SENT',
  clientId: '11111111-1111-4111-8111-111111111111',
  client: { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Plumbing Ltd' },
  lineItems: [
    { description: 'Boiler service', quantity: 2, unitPrice: 100 },
    { description: 'Valve', quantity: 1, unitPrice: 12.5 },
  ],
  tax: 20,
  dueDate: '2026-12-22',
  subtotal: 212.5,
  taxAmount: 42.5,
  total: 255,
  quoteId: null,
  quoteInvoiceType: null,
  siteAddress: null,
  sentAt: '2026-11-20T09:30:00.000Z',
  paidAt: null,
  voidedAt: null,
  voidReason: null,
  amountCredited: 0,
  balanceDue: 255,
  creditNotes: [],
  amountPaid: 0,
  payments: [],
  latePayment: null,
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
};

const posted = () => JSON.parse(mock.history.post[0]!.data as string) as Record<string, unknown>;

describe('CreditNoteDialog', () => {
  it('when chosen lines and quantities change, then the totals follow live and the request carries only those lines', async () => {
    mock.onPost(`/invoices/${invoice.id}/credit-notes`).reply(201, ok({ creditNoteNumber: 'CN0001' }));
    renderWithProviders(<CreditNoteDialog invoice={invoice} currencySymbol="£" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Credit note for INV0001' });
    const totals = () => within(dialog).getByLabelText('Credit note totals').textContent;
    expect(totals()).toContain('Credit total£255.00');
    await userEvent.click(within(dialog).getByLabelText('Chosen lines'));
    expect(totals()).toContain('Credit total£0.00');
    await userEvent.click(within(dialog).getAllByRole('checkbox')[0]!);
    const qty = within(dialog).getByLabelText('Quantity to credit for Boiler service');
    await userEvent.clear(qty);
    await userEvent.type(qty, '0.5');
    expect(totals()).toContain('Credit total£60.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create credit note' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Reason is required');
    expect(mock.history.post).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason *'), 'Half a service');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create credit note' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(posted()).toEqual({ reason: 'Half a service', lineItems: [{ description: 'Boiler service', quantity: 0.5, unitPrice: 100 }] });
  });
});

describe('CreditNoteDialog with VAT per line', () => {
  // £100 at 5% less 10% (£90, VAT £4.50) and £50 at 20% (VAT £10); a final invoice whose stored VAT is a penny off net x rate.
  const mixed: TInvoice = {
    ...invoice,
    id: '44444444-4444-4444-8444-000000000002',
    lineItems: [
      { description: 'Insulation', quantity: 1, unitPrice: 100, vat: 'REDUCED', kind: 'MATERIALS', discountPercent: 10, unit: 'roll' },
      { description: 'Fitting', quantity: 1, unitPrice: 50, vat: 'STANDARD' },
    ],
    subtotal: 140,
    taxAmount: 14.51,
    total: 154.51,
    balanceDue: 154.51,
    vatBreakdown: [
      { vat: 'REDUCED', rate: 5, net: 90, vatAmount: 4.5, reverseCharge: false },
      { vat: 'STANDARD', rate: 20, net: 50, vatAmount: 10.01, reverseCharge: false },
    ],
  };

  it("when the whole invoice is credited, then the totals are the invoice's stored ones; when a line is chosen, then it is sent with its VAT code, kind, discount and unit", async () => {
    mock.onPost(`/invoices/${mixed.id}/credit-notes`).reply(201, ok({ creditNoteNumber: 'CN0002' }));
    renderWithProviders(<CreditNoteDialog invoice={mixed} currencySymbol="£" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Credit note for INV0001' });
    const totals = () => within(dialog).getByLabelText('Credit note totals').textContent;
    expect(totals()).toContain('VAT£14.51');
    expect(totals()).toContain('Credit total£154.51');
    await userEvent.click(within(dialog).getByLabelText('Chosen lines'));
    await userEvent.click(within(dialog).getAllByRole('checkbox')[0]!);
    expect(totals()).toContain('Credit total£94.50');
    await userEvent.type(within(dialog).getByLabelText('Reason *'), 'Returned roll');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create credit note' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(posted()).toEqual({
      reason: 'Returned roll',
      lineItems: [{ description: 'Insulation', quantity: 1, unitPrice: 100, vat: 'REDUCED', kind: 'MATERIALS', discountPercent: 10, unit: 'roll' }],
    });
  });
});

describe('VoidInvoiceDialog', () => {
  it('when voided, then a reason is required and a second confirmation sends it', async () => {
    mock.onPatch(`/invoices/${invoice.id}/void`).reply(200, ok({ ...invoice, status: 'VOID' }));
    renderWithProviders(<VoidInvoiceDialog invoice={invoice} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Void invoice INV0001' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Reason is required');
    await userEvent.type(within(dialog).getByLabelText('Reason *'), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(mock.history.patch).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, void it' }));
    await waitFor(() => expect(mock.history.patch).toHaveLength(1));
    expect(JSON.parse(mock.history.patch[0]!.data as string)).toEqual({ reason: 'Duplicate' });
  });
});
