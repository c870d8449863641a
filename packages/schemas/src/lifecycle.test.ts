import { describe, expect, it } from 'vitest';
import {
  INVOICE_OFFERED_ACTIONS,
  INVOICE_STAMPS,
  QUOTE_STAMPS,
  INVOICE_OUTSTANDING_STATUSES,
  INVOICE_STATUSES,
  INVOICE_TRANSITIONS,
  QUOTE_ACTIVE_STATUSES,
  QUOTE_CONVERTIBLE_STATUSES,
  QUOTE_FOLLOW_UP_STATUSES,
  QUOTE_OFFERED_ACTIONS,
  QUOTE_STATUSES,
  QUOTE_TRANSITIONS,
  STORED_INVOICE_STATUSES,
  invoiceActionsFor,
  quoteActionsFor,
  storedInvoiceStatus,
  watermarkFor,
  INVOICE_EDITABLE_STATUSES,
  INVOICE_DELETABLE_STATUSES,
  INVOICE_DUE_DATE_EDITABLE_STATUSES,
  INVOICE_VOIDABLE_STATUSES,
  INVOICE_CREDITABLE_STATUSES,
  INVOICE_CREDIT_SETTLES_FROM,
  INVOICE_PAYABLE_STATUSES,
  ledgerStatus,
  INVOICE_SETTLED_BY_CREDIT,
} from './lifecycle.ts';

describe('document lifecycle', () => {
  it('pins the statuses of each kind, in screen order', () => {
    expect(QUOTE_STATUSES).toEqual(['DRAFT', 'SENT', 'APPROVED', 'DECLINED']);
    expect(INVOICE_STATUSES).toEqual(['DRAFT', 'SENT', 'PAID', 'OVERDUE', 'VOID', 'CREDITED']);
    expect(STORED_INVOICE_STATUSES).toEqual(['DRAFT', 'SENT', 'PAID', 'VOID', 'CREDITED']);
  });

  it('pins the quote transitions', () => {
    expect(QUOTE_TRANSITIONS).toEqual({
      send: { from: ['DRAFT'], to: 'SENT' },
      approve: { from: ['SENT'], to: 'APPROVED' },
      decline: { from: ['SENT'], to: 'DECLINED' },
      revert: { from: ['APPROVED', 'DECLINED'], to: 'DRAFT' },
    });
    expect(QUOTE_CONVERTIBLE_STATUSES).toEqual(['APPROVED']);
    expect(QUOTE_FOLLOW_UP_STATUSES).toEqual(['APPROVED']);
    expect(QUOTE_ACTIVE_STATUSES).toEqual(['DRAFT', 'SENT']);
  });

  it('pins the invoice transitions; OVERDUE is read from SENT and never stored', () => {
    expect(INVOICE_TRANSITIONS).toEqual({
      send: { from: ['DRAFT'], to: 'SENT' },
      pay: { from: ['SENT', 'OVERDUE'], to: 'PAID' },
      revert: { from: ['SENT'], to: 'DRAFT' },
    });
    expect(storedInvoiceStatus('OVERDUE')).toBe('SENT');
    expect(INVOICE_STATUSES.map(storedInvoiceStatus)).toEqual(['DRAFT', 'SENT', 'PAID', 'SENT', 'VOID', 'CREDITED']);
    for (const { to } of Object.values(INVOICE_TRANSITIONS)) expect(STORED_INVOICE_STATUSES).toContain(to);
    expect(INVOICE_OUTSTANDING_STATUSES).toEqual(['SENT', 'OVERDUE']);
  });

  it('pins the rules of issued invoices: only drafts edited in full or deleted; void and credit', () => {
    expect(INVOICE_EDITABLE_STATUSES).toEqual(['DRAFT']);
    expect(INVOICE_DELETABLE_STATUSES).toEqual(['DRAFT']);
    expect(INVOICE_DUE_DATE_EDITABLE_STATUSES).toEqual(['SENT', 'OVERDUE', 'PAID', 'CREDITED']);
    expect(INVOICE_VOIDABLE_STATUSES).toEqual(['SENT', 'OVERDUE']);
    expect(INVOICE_CREDITABLE_STATUSES).toEqual(['SENT', 'OVERDUE', 'PAID', 'CREDITED']);
    expect(INVOICE_CREDIT_SETTLES_FROM).toEqual(['SENT', 'OVERDUE']);
    expect(INVOICE_SETTLED_BY_CREDIT).toBe('CREDITED');
    expect(INVOICE_OUTSTANDING_STATUSES).not.toContain(INVOICE_SETTLED_BY_CREDIT);
  });

  it('pins what each status offers on screen', () => {
    expect(QUOTE_OFFERED_ACTIONS).toEqual({
      DRAFT: ['send'],
      SENT: ['approve', 'decline'],
      APPROVED: ['convert', 'follow-up', 'revert'],
      DECLINED: ['revert'],
    });
    expect(INVOICE_OFFERED_ACTIONS).toEqual({
      DRAFT: ['send'],
      SENT: ['payment', 'pay', 'credit', 'void'],
      OVERDUE: ['payment', 'pay', 'credit', 'void'],
      PAID: ['credit'],
      VOID: [],
      CREDITED: [],
    });
    expect(quoteActionsFor('LOST')).toEqual([]);
    expect(invoiceActionsFor('LOST')).toEqual([]);
  });

  it('offers on screen only what the API allows from that status', () => {
    for (const status of QUOTE_STATUSES) {
      for (const action of QUOTE_OFFERED_ACTIONS[status]) {
        if (action === 'convert') expect(QUOTE_CONVERTIBLE_STATUSES).toContain(status);
        else if (action === 'follow-up') expect(QUOTE_FOLLOW_UP_STATUSES).toContain(status);
        else expect(QUOTE_TRANSITIONS[action].from).toContain(status);
      }
    }
    for (const status of INVOICE_STATUSES) {
      for (const action of INVOICE_OFFERED_ACTIONS[status]) {
        if (action === 'credit') expect(INVOICE_CREDITABLE_STATUSES).toContain(status);
        else if (action === 'void') expect(INVOICE_VOIDABLE_STATUSES).toContain(status);
        else if (action === 'payment') expect(INVOICE_PAYABLE_STATUSES).toContain(status);
        else expect(INVOICE_TRANSITIONS[action].from).toContain(status);
      }
    }
  });

  it('pins which timestamps each status records, clears or keeps', () => {
    expect(QUOTE_STAMPS).toEqual({
      DRAFT: { sentAt: 'clear' },
      SENT: { sentAt: 'set' },
      APPROVED: { sentAt: 'keep' },
      DECLINED: { sentAt: 'keep' },
    });
    expect(INVOICE_STAMPS).toEqual({
      DRAFT: { sentAt: 'clear', paidAt: 'clear' },
      SENT: { sentAt: 'set', paidAt: 'clear' },
      PAID: { sentAt: 'keep', paidAt: 'set' },
      VOID: { sentAt: 'keep', paidAt: 'keep' },
      CREDITED: { sentAt: 'keep', paidAt: 'keep' },
    });
  });

  it('pins the PDF watermark of each status', () => {
    expect(QUOTE_STATUSES.map((s) => watermarkFor('quote', s))).toEqual(['DRAFT', null, null, null]);
    expect(INVOICE_STATUSES.map((s) => watermarkFor('invoice', s))).toEqual(['DRAFT', null, 'PAID', null, 'VOID', null]);
    expect(watermarkFor('invoice', 'LOST')).toBeNull();
  });
});

describe('ledgerStatus', () => {
  const m = (totalPence: number, paidPence: number, creditedPence: number) => ({ totalPence, paidPence, creditedPence });
  it('is PAID exactly when payments (with credits) leave nothing due, CREDITED when credits alone do, else SENT', () => {
    expect(ledgerStatus('SENT', m(10000, 9999, 0))).toBe('SENT');
    expect(ledgerStatus('SENT', m(10000, 10000, 0))).toBe('PAID');
    expect(ledgerStatus('SENT', m(10000, 4000, 6000))).toBe('PAID');
    expect(ledgerStatus('SENT', m(10000, 0, 10000))).toBe('CREDITED');
    expect(ledgerStatus('PAID', m(10000, 5000, 0))).toBe('SENT');
    expect(ledgerStatus('PAID', m(10000, 10000, 3000))).toBe('PAID');
  });
  it('never moves a DRAFT or VOID invoice', () => {
    expect(ledgerStatus('DRAFT', m(10000, 10000, 0))).toBe('DRAFT');
    expect(ledgerStatus('VOID', m(10000, 0, 10000))).toBe('VOID');
  });
});
