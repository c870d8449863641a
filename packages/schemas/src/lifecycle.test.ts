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
} from './lifecycle.ts';

describe('document lifecycle', () => {
  it('pins the statuses of each kind, in screen order', () => {
    expect(QUOTE_STATUSES).toEqual(['DRAFT', 'SENT', 'APPROVED', 'DECLINED']);
    expect(INVOICE_STATUSES).toEqual(['DRAFT', 'SENT', 'PAID', 'OVERDUE']);
    expect(STORED_INVOICE_STATUSES).toEqual(['DRAFT', 'SENT', 'PAID']);
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
    expect(INVOICE_STATUSES.map(storedInvoiceStatus)).toEqual(['DRAFT', 'SENT', 'PAID', 'SENT']);
    for (const { to } of Object.values(INVOICE_TRANSITIONS)) expect(STORED_INVOICE_STATUSES).toContain(to);
    expect(INVOICE_OUTSTANDING_STATUSES).toEqual(['SENT', 'OVERDUE']);
  });

  it('pins what each status offers on screen', () => {
    expect(QUOTE_OFFERED_ACTIONS).toEqual({
      DRAFT: ['send'],
      SENT: ['approve', 'decline'],
      APPROVED: ['convert', 'follow-up', 'revert'],
      DECLINED: ['revert'],
    });
    expect(INVOICE_OFFERED_ACTIONS).toEqual({ DRAFT: ['send'], SENT: ['pay'], OVERDUE: ['pay'], PAID: [] });
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
      for (const action of INVOICE_OFFERED_ACTIONS[status]) expect(INVOICE_TRANSITIONS[action].from).toContain(status);
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
    });
  });

  it('pins the PDF watermark of each status', () => {
    expect(QUOTE_STATUSES.map((s) => watermarkFor('quote', s))).toEqual(['DRAFT', null, null, null]);
    expect(INVOICE_STATUSES.map((s) => watermarkFor('invoice', s))).toEqual(['DRAFT', null, 'PAID', null]);
    expect(watermarkFor('invoice', 'LOST')).toBeNull();
  });
});
