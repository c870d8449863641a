import { describe, expect, it } from 'vitest';
import { computeTotals, computeTotalsFromPounds } from './totals.ts';

describe('computeTotals', () => {
  it('when lines and a 20% rate are given, then subtotal, VAT and total are exact pence', () => {
    const t = computeTotals(
      [
        { quantityMilli: 2000, unitPricePence: 4550 },
        { quantityMilli: 1500, unitPricePence: 3333 },
      ],
      2000,
    );
    expect(t.lineAmounts).toEqual([9100, 5000]); // 1.5 x 33.33 = 49.995 -> 50.00 half-up
    expect(t).toMatchObject({ subtotal: 14100, taxAmount: 2820, total: 16920 });
  });

  it('when VAT lands on half a penny, then it rounds half-up', () => {
    // 0.125 x 2000bp = 0.025 -> 0.03
    expect(computeTotals([{ quantityMilli: 1000, unitPricePence: 13 }], 2000).taxAmount).toBe(3);
    expect(computeTotals([{ quantityMilli: 1000, unitPricePence: 12 }], 2000).taxAmount).toBe(2);
  });

  it("when the document fixes a group's VAT, then that group keeps it and the totals follow; other groups are computed", () => {
    const lines = [
      { quantityMilli: 1000, unitPricePence: 5001, vat: 'STANDARD' as const },
      { quantityMilli: 1000, unitPricePence: 500, vat: 'REDUCED' as const },
    ];
    expect(computeTotals(lines, 2000).taxAmount).toBe(1000 + 25);
    const t = computeTotals(lines, 2000, {
      fixedVat: [
        { vat: 'STANDARD', rateBp: 2000, vatPence: 1001 },
        { vat: 'ZERO', rateBp: 0, vatPence: 7 },
      ],
    });
    expect(t.vatBreakdown.map((g) => [g.vat, g.net, g.vatAmount])).toEqual([
      ['STANDARD', 5001, 1001],
      ['REDUCED', 500, 25],
    ]);
    expect(t).toMatchObject({ subtotal: 5501, taxAmount: 1026, total: 6527 });
  });

  it('when there are no lines, then everything is zero', () => {
    expect(computeTotals([], 2000)).toEqual({
      lineAmounts: [],
      subtotal: 0,
      taxAmount: 0,
      total: 0,
      vatBreakdown: [],
      reverseChargeVat: 0,
      cis: null,
      amountDue: 0,
    });
  });
});

describe('computeTotalsFromPounds', () => {
  it('when quantities, prices and tax are absurdly large, then it counts them as 0 instead of throwing', () => {
    expect(() => computeTotalsFromPounds([{ quantity: 1.5e300, unitPrice: 1e300 }], 1e300)).not.toThrow();
  });

  it('when the form holds float-unfriendly values, then no float error leaks', () => {
    const t = computeTotalsFromPounds(
      [
        { quantity: 3, unitPrice: 0.1 },
        { quantity: 1, unitPrice: 0.2 },
      ],
      17.5,
    );
    expect(t).toMatchObject({ subtotal: 50, taxAmount: 9, total: 59 });
  });

  it('when a field is blank or negative, then it counts as zero', () => {
    const t = computeTotalsFromPounds(
      [
        { quantity: Number.NaN, unitPrice: 10 },
        { quantity: 2, unitPrice: -5 },
      ],
      20,
    );
    expect(t.total).toBe(0);
  });
});
