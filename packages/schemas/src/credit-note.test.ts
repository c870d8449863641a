import { describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES, ZCreditNoteRequest, balanceDuePence, creditablePence } from './credit-note.ts';
import { computeTotals } from './totals.ts';

describe('credit note maths', () => {
  it('owes total less payments less credits, never below zero', () => {
    expect(balanceDuePence({ total: 37920, paid: 0, credited: 18060 })).toBe(19860);
    expect(balanceDuePence({ total: 37920, paid: 20000, credited: 18060 })).toBe(0);
    expect(balanceDuePence({ total: 37920, paid: 0, credited: 0 })).toBe(37920);
  });

  it('leaves to credit the total less earlier credits', () => {
    expect(creditablePence({ total: 37920, credited: 27090 })).toBe(10830);
    expect(creditablePence({ total: 100, credited: 100 })).toBe(0);
  });

  it('prices a partial credit with the one totals function (half-up per line and on VAT)', () => {
    // half of a £150.50 line at 20%: £75.25 + £15.05
    expect(computeTotals([{ quantityMilli: 500, unitPricePence: 15050 }], 2000)).toMatchObject({ subtotal: 7525, taxAmount: 1505, total: 9030 });
  });

  it('names the amount left in pounds and pence', () => {
    expect(CREDIT_MESSAGES.overCredit(10830)).toBe('Credit is more than the amount left to credit (£108.30)');
  });

  it('accepts a fractional quantity but not zero, and requires a reason', () => {
    expect(ZCreditNoteRequest.safeParse({ reason: 'x', lineItems: [{ description: 'a', quantity: 0.5, unitPrice: 1 }] }).success).toBe(true);
    expect(ZCreditNoteRequest.safeParse({ reason: 'x', lineItems: [{ description: 'a', quantity: 0, unitPrice: 1 }] }).success).toBe(false);
    expect(ZCreditNoteRequest.safeParse({ reason: '  ' }).success).toBe(false);
    expect(ZCreditNoteRequest.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});
