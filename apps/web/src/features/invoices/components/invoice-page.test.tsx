import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TInvoiceStatus } from '@docket/schemas/lifecycle';
import type { TInvoice } from '@docket/schemas/document';
import { renderWithProviders } from '@/test/render';
import { fail, mockApi, ok } from '@/test/mock-api';
import { InvoicePage } from './invoice-page';

const mock = mockApi();
const CLIENT = { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Plumbing Ltd' };
const ID = '44444444-4444-4444-8444-000000000001';

function makeInvoice(status: TInvoiceStatus, more: Partial<TInvoice> = {}): TInvoice {
  return {
    id: ID,
    invoiceNumber: 'INV0001',
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
    ...more,
  };
}

function setup(invoice: TInvoice) {
  mock.onGet(`/invoices/${ID}`).reply(200, ok(invoice));
  mock.onGet(`/invoices/${ID}/history`).reply(200, ok([{ at: '2026-11-20T09:30:00.000Z', action: 'created', summary: 'Created INV0001' }]));
  mock.onGet('/deliveries').reply(200, ok([]));
  mock.onGet('/clients').reply(200, ok([{ ...CLIENT, email: 'a@acme.co.uk', phone: null, address: null }]));
  mock.onGet('/items').reply(200, ok([]));
  mock.onGet('/company').reply(404, fail('Company profile not found', 'NOT_FOUND'));
  return renderWithProviders(<InvoicePage />, { route: `/invoices/${ID}`, path: '/invoices/:id' });
}

const menuItems = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
  const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
  await userEvent.keyboard('{Escape}');
  return items;
};

describe('InvoicePage', () => {
  it('when an issued invoice has a reminder scheduled, then the page shows its date and rule, and Send reminder now posts once', async () => {
    mock
      .onGet(`/invoices/${ID}/reminders`)
      .reply(200, ok({ paused: false, nextReminder: { date: '2026-12-29', step: 7, rule: '7 days after due' }, lastSentOn: null }));
    mock.onPost(`/invoices/${ID}/reminders/send`).reply(200, ok({ paused: false, nextReminder: null, lastSentOn: '2026-11-26' }));
    setup(makeInvoice('SENT'));
    const line = await screen.findByTestId('invoice-next-reminder');
    expect(await within(line).findByText(/Next reminder .*\(7 days after due\)/)).toBeInTheDocument();
    await userEvent.click(within(line).getByRole('button', { name: 'Send reminder now' }));
    await screen.findByText('Reminder for INV0001 sent');
    expect(mock.history.post.map((r) => r.url)).toEqual([`/invoices/${ID}/reminders/send`]);
    expect(await within(line).findByText(/No reminder scheduled/)).toBeInTheDocument();
  });

  it('when an invoice is a draft, then no reminder line is shown', async () => {
    setup(makeInvoice('DRAFT'));
    await screen.findByRole('heading', { level: 1, name: 'INV0001' });
    expect(screen.queryByTestId('invoice-next-reminder')).toBeNull();
  });

  it('when an invoice is part paid and credited, then the page shows its lines, the figures with payments and credit notes, and the balance due', async () => {
    setup(
      makeInvoice('SENT', {
        amountPaid: 20,
        amountCredited: 10,
        balanceDue: 90,
        payments: [
          {
            id: '55555555-5555-4555-8555-000000000001',
            amount: 20,
            date: '2026-11-21',
            method: 'CASH',
            reference: null,
            createdAt: '2026-11-21T09:00:00.000Z',
          },
        ],
        creditNotes: [{ id: '66666666-6666-4666-8666-000000000001', creditNoteNumber: 'CN0001', total: 10 }],
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'INV0001' });
    expect(screen.getByRole('link', { name: CLIENT.name })).toHaveAttribute('href', `/clients/${CLIENT.id}`);
    expect(screen.getByTestId('headline-amount')).toHaveTextContent('£90.00');
    const figures = within(screen.getByTestId('document-figures'));
    expect(figures.getByText('Subtotal (excl. VAT)').nextSibling).toHaveTextContent('£100.00');
    expect(figures.getByText('VAT at 20%').nextSibling).toHaveTextContent('£20.00');
    expect(figures.getByText('Total').nextSibling).toHaveTextContent('£120.00');
    expect(figures.getByText('Payment received 21 November 2026').nextSibling).toHaveTextContent('−£20.00');
    expect(figures.getByText('Credit note CN0001').nextSibling).toHaveTextContent('−£10.00');
    expect(figures.getByText('Balance due').nextSibling).toHaveTextContent('£90.00');
    expect(screen.getByRole('link', { name: 'CN0001' })).toHaveAttribute('href', '/credit-notes/66666666-6666-4666-8666-000000000001');
    await screen.findByText('Created INV0001');
  });

  it('when an invoice was paid online, then Refund asks for confirmation with what is left and posts the amount to the refund route', async () => {
    const PAY = '55555555-5555-4555-8555-000000000002';
    mock.onGet(`/invoices/${ID}/online-payments`).reply(200, ok([{ paymentId: PAY, provider: 'stripe', amount: 120, refunded: 20, refundable: 100 }]));
    mock.onPost(`/invoices/${ID}/payments/${PAY}/refund`).reply(200, ok({ refundId: 're_1', amount: 40 }));
    setup(
      makeInvoice('PAID', {
        amountPaid: 100,
        balanceDue: 20,
        payments: [
          { id: PAY, amount: 120, date: '2026-11-21', method: 'CARD', reference: 'pi_1', createdAt: '2026-11-21T09:00:00.000Z' },
          {
            id: '55555555-5555-4555-8555-000000000003',
            amount: -20,
            date: '2026-11-22',
            method: 'CARD',
            reference: 're_0',
            createdAt: '2026-11-22T09:00:00.000Z',
          },
        ],
      }),
    );
    const refund = await screen.findByRole('button', { name: 'Refund payment of £120.00 on 21/11/2026' });
    expect(screen.getAllByRole('button', { name: /^Refund payment/ })).toHaveLength(1);
    await userEvent.click(refund);
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment?' });
    expect(within(dialog).getByText(/through Stripe .* At most £100\.00\./)).toBeInTheDocument();
    const amount = within(dialog).getByLabelText(/Amount to refund/);
    expect(amount).toHaveValue('100.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '100.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund it' }));
    expect(await within(dialog).findByText('You can refund at most £100.00 of this payment')).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund it' }));
    await screen.findByText('Refunded £40.00');
    expect(mock.history.post.map((r) => [r.url, JSON.parse(String(r.data))])).toEqual([[`/invoices/${ID}/payments/${PAY}/refund`, { amount: 40 }]]);
  });

  it('when the invoice is in each state, then the primary action is a labelled button and the rest are words in the menu', async () => {
    const { unmount } = setup(makeInvoice('DRAFT'));
    await screen.findByRole('button', { name: 'Send by email' });
    expect(await menuItems()).toEqual(['Edit', 'Share link', 'Mark as sent', 'Duplicate', 'Delete']);
    unmount();
    const sent = setup(makeInvoice('SENT'));
    await screen.findByRole('button', { name: 'Record payment' });
    expect(await menuItems()).toEqual(['Change due date', 'Email', 'Share link', 'Mark as Paid', 'Issue credit note', 'Void invoice', 'Duplicate']);
    sent.unmount();
    const overdue = setup(makeInvoice('OVERDUE'));
    await screen.findByRole('button', { name: 'Send reminder' });
    overdue.unmount();
    setup(
      makeInvoice('PAID', {
        amountPaid: 120,
        balanceDue: 0,
        payments: [
          {
            id: '55555555-5555-4555-8555-000000000001',
            amount: 120,
            date: '2026-11-21',
            method: 'CASH',
            reference: null,
            createdAt: '2026-11-21T09:00:00.000Z',
          },
        ],
      }),
    );
    await screen.findByRole('button', { name: 'Open PDF' });
    expect(within(screen.getByTestId('document-figures')).getByText('Paid in full')).toBeInTheDocument();
  });

  it('when Mark as Paid is chosen from the menu, then PATCH pay is called and the toast confirms it', async () => {
    setup(makeInvoice('SENT'));
    mock.onPatch(`/invoices/${ID}/pay`).reply(200, ok(makeInvoice('PAID')));
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark as Paid' }));
    await screen.findByText('Invoice marked as paid');
    expect(mock.history.patch.map((r) => r.url)).toEqual([`/invoices/${ID}/pay`]);
  });

  it('when Change due date is saved on an issued invoice, then only the due date is sent', async () => {
    setup(makeInvoice('SENT'));
    mock.onPatch(`/invoices/${ID}/due-date`).reply(200, ok(makeInvoice('SENT', { dueDate: '2027-01-15' })));
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change due date' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Due date');
    await userEvent.clear(input);
    await userEvent.type(input, '2027-01-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save due date' }));
    await screen.findByText('Due date changed');
    expect(JSON.parse(mock.history.patch[0]!.data as string)).toEqual({ dueDate: '2027-01-15' });
    expect(mock.history.put).toHaveLength(0);
  });

  it('when a draft is edited from its page, then the form is prefilled and PUT is sent', async () => {
    setup(makeInvoice('DRAFT'));
    mock.onPut(`/invoices/${ID}`).reply(200, ok(makeInvoice('DRAFT')));
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit INV0001' });
    expect(within(form).getByLabelText(/^Description/)).toHaveValue('Boiler service');
    expect(within(form).getByLabelText(/^Due Date/)).toHaveValue('2026-12-22');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Invoice' }));
    await screen.findByText('Invoice updated successfully');
    expect(mock.history.put.map((r) => r.url)).toEqual([`/invoices/${ID}`]);
  });

  it("when a draft final invoice is edited, then the form holds its own lines only, the deposit's deduction is shown as kept, and PUT sends no negative line", async () => {
    const final = makeInvoice('DRAFT', {
      invoiceNumber: null,
      quoteInvoiceType: 'FINAL',
      quoteId: '66666666-6666-4666-8666-000000000001',
      lineItems: [
        { description: 'Kitchen refit', quantity: 1, unitPrice: 12000 },
        { description: 'Less deposit INV0001, VAT £720.00', quantity: 1, unitPrice: -3600 },
      ],
    });
    setup(final);
    mock.onPut(`/invoices/${ID}`).reply(200, ok(final));
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit Draft' });
    expect(
      within(form)
        .getAllByLabelText(/^Description/)
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['Kitchen refit']);
    expect(screen.getByTestId('kept-deductions')).toHaveTextContent('Less deposit INV0001, VAT £720.00: -£3,600.00');
    // The summary is the invoice's: (12,000 − 3,600) + 20% VAT, not the form's own line alone.
    const summary = within(form).getByTestId('document-totals');
    expect(summary).toHaveTextContent('Subtotal£8,400.00');
    expect(summary).toHaveTextContent('Total£10,080.00');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Invoice' }));
    await screen.findByText('Invoice updated successfully');
    const sent = JSON.parse(mock.history.put[0]!.data as string) as { lineItems: { unitPrice: number }[] };
    expect(sent.lineItems.map((l) => l.unitPrice)).toEqual([12000]);
  });

  it('when delete fails without a server message, then the question was asked and the fallback toast shows', async () => {
    setup(makeInvoice('DRAFT'));
    mock.onDelete(`/invoices/${ID}`).networkError();
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this invoice?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Failed to delete invoice');
  });

  it('when the invoice is a reverse-charge CIS invoice, then the CIS deduction, the amount due and the reverse-charge VAT outside the total show', async () => {
    setup(
      makeInvoice('SENT', {
        lineItems: [
          { description: 'Labour', quantity: 1, unitPrice: 1440, vat: 'RC_STANDARD' },
          { description: 'Cable', quantity: 1, unitPrice: 672.35, vat: 'RC_STANDARD', kind: 'MATERIALS' },
        ],
        subtotal: 2112.35,
        taxAmount: 0,
        total: 2112.35,
        vatBreakdown: [{ vat: 'RC_STANDARD', rate: 20, net: 2112.35, vatAmount: 422.47, reverseCharge: true }],
        reverseChargeVat: 422.47,
        cis: { labourNet: 1440, rate: 20, deduction: 288 },
        amountDue: 1824.35,
        balanceDue: 1824.35,
      }),
    );
    const figures = within(await screen.findByTestId('document-figures'));
    expect(figures.getByText('CIS deduction (20% of labour £1,440.00)').nextSibling).toHaveTextContent('−£288.00');
    expect(figures.getByText('Amount due').nextSibling).toHaveTextContent('£1,824.35');
    expect(figures.getByText('Reverse charge VAT at 20% on £2,112.35').nextSibling).toHaveTextContent('£422.47');
    expect(figures.getByText('Reverse charge: Customer to pay the VAT to HMRC')).toBeInTheDocument();
    expect(screen.getByTestId('headline-amount')).toHaveTextContent('£1,824.35');
  });
});

describe('who did it on the invoice page', () => {
  it('when a payment, a credit note and the latest email record a member, then the page names them; an older payment names nobody', async () => {
    const sam = { userId: '00000000-0000-4000-8000-000000000002', email: 'sam@example.co.uk', name: 'Sam Carter' };
    setup(
      makeInvoice('SENT', {
        amountPaid: 30,
        balanceDue: 80,
        amountCredited: 10,
        payments: [
          {
            id: '55555555-5555-4555-8555-000000000001',
            amount: 20,
            date: '2026-11-21',
            method: 'CASH',
            reference: null,
            createdAt: '2026-11-21T09:00:00.000Z',
          },
          {
            id: '55555555-5555-4555-8555-000000000002',
            amount: 10,
            date: '2026-11-22',
            method: 'CARD',
            reference: null,
            createdAt: '2026-11-22T09:00:00.000Z',
            by: sam,
          },
        ],
        creditNotes: [{ id: '66666666-6666-4666-8666-000000000001', creditNoteNumber: 'CN0001', total: 10, by: sam }],
      }),
    );
    mock.onGet('/deliveries').reply(
      200,
      ok([
        {
          id: '77777777-7777-4777-8777-000000000001',
          kind: 'invoice',
          documentId: ID,
          to: ['a@acme.co.uk'],
          cc: [],
          subject: 'Invoice',
          status: 'sent',
          attempts: 1,
          lastError: null,
          messageId: 'm',
          attachmentName: null,
          createdAt: '2026-11-21T09:00:00.000Z',
          sentAt: '2026-11-21T09:00:01.000Z',
          by: sam,
        },
      ]),
    );
    const payments = await screen.findByRole('list', { name: 'Payments on INV0001' });
    const rows = within(payments).getAllByRole('listitem');
    expect(rows[0]).not.toHaveTextContent('Recorded by');
    expect(rows[1]).toHaveTextContent('Recorded by Sam Carter');
    await screen.findByText(/Credit note, £10\.00, issued by Sam Carter/);
    expect(await screen.findByTestId('delivery-status')).toHaveTextContent('Emailed to a@acme.co.uk · Sent by Sam Carter');
  });
});
