import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divRoundHalfUp } from './money.ts';
import { computeTotals, computeTotalsFromPounds, type TLineInPence } from './totals.ts';
import { LINE_KINDS, VAT_CODES, VAT_RATES } from './vat.ts';

// Worked examples: every figure below was computed by hand (docs/product.md, "VAT per line").
describe('VAT per line, worked examples', () => {
  it('when an invoice mixes 20%, 5%, 0% and exempt lines, then each rate has its own net and VAT, rounded once per rate', () => {
    const t = computeTotalsFromPounds(
      [
        { quantity: 7.5, unitPrice: 45, vat: 'STANDARD' }, // 337.50
        { quantity: 1, unitPrice: 1249.99, vat: 'STANDARD', kind: 'MATERIALS', discountPercent: 10 }, // 1124.991 -> 1124.99
        { quantity: 12.5, unitPrice: 8.37, vat: 'REDUCED', kind: 'MATERIALS' }, // 104.625 -> 104.63
        { quantity: 3, unitPrice: 4.99, vat: 'ZERO' }, // 14.97
        { quantity: 1, unitPrice: 60, vat: 'EXEMPT' }, // 60.00
      ],
      20,
    );
    expect(t.lineAmounts).toEqual([33750, 112499, 10463, 1497, 6000]);
    expect(t.vatBreakdown).toEqual([
      { vat: 'STANDARD', rateBp: 2000, net: 146249, vatAmount: 29250, reverseCharge: false }, // 292.498 -> 292.50
      { vat: 'REDUCED', rateBp: 500, net: 10463, vatAmount: 523, reverseCharge: false }, // 5.2315 -> 5.23
      { vat: 'ZERO', rateBp: 0, net: 1497, vatAmount: 0, reverseCharge: false },
      { vat: 'EXEMPT', rateBp: 0, net: 6000, vatAmount: 0, reverseCharge: false },
    ]);
    expect(t).toMatchObject({ subtotal: 164209, taxAmount: 29773, total: 193982, reverseChargeVat: 0, cis: null, amountDue: 193982 });
  });

  it('when a builder invoices under the reverse charge at 20% and 5%, then the VAT is stated per rate but not charged', () => {
    const t = computeTotalsFromPounds(
      [
        { quantity: 16, unitPrice: 38.5, vat: 'RC_STANDARD' }, // 616.00
        { quantity: 1, unitPrice: 842.35, vat: 'RC_STANDARD', kind: 'MATERIALS' }, // 842.35
        { quantity: 40, unitPrice: 12.13, vat: 'RC_REDUCED', kind: 'MATERIALS' }, // 485.20
      ],
      20,
    );
    expect(t.vatBreakdown).toEqual([
      { vat: 'RC_STANDARD', rateBp: 2000, net: 145835, vatAmount: 29167, reverseCharge: true }, // 1458.35 x 20% = 291.67
      { vat: 'RC_REDUCED', rateBp: 500, net: 48520, vatAmount: 2426, reverseCharge: true }, // 485.20 x 5% = 24.26
    ]);
    expect(t).toMatchObject({ subtotal: 194355, taxAmount: 0, total: 194355, reverseChargeVat: 31593, amountDue: 194355 });
  });

  it('when reverse-charge and standard lines share an invoice, then only the standard VAT is in the total', () => {
    const t = computeTotalsFromPounds(
      [
        { quantity: 1, unitPrice: 1000, vat: 'RC_STANDARD' },
        { quantity: 1, unitPrice: 99.99, vat: 'STANDARD' }, // 19.998 -> 20.00
      ],
      20,
    );
    expect(t).toMatchObject({ subtotal: 109999, taxAmount: 2000, reverseChargeVat: 20000, total: 111999 });
  });

  it('when a CIS subcontractor invoices a 20% contractor with materials and discounts, then the deduction is on labour net only', () => {
    const lines = [
      { quantity: 3, unitPrice: 180, vat: 'STANDARD' as const, discountPercent: 5 }, // 540 -> 513.00
      { quantity: 2.25, unitPrice: 42.5, vat: 'STANDARD' as const, kind: 'LABOUR' as const }, // 95.625 -> 95.63
      { quantity: 1, unitPrice: 356.78, vat: 'STANDARD' as const, kind: 'MATERIALS' as const, discountPercent: 12.5 }, // 312.1825 -> 312.18
    ];
    const t20 = computeTotalsFromPounds(lines, 20, { cisRatePercent: 20 });
    expect(t20.lineAmounts).toEqual([51300, 9563, 31218]);
    // subtotal 920.81, VAT 184.162 -> 184.16, total 1104.97; labour 608.63 x 20% = 121.726 -> 121.73
    expect(t20).toMatchObject({ subtotal: 92081, taxAmount: 18416, total: 110497 });
    expect(t20.cis).toEqual({ labourNet: 60863, rateBp: 2000, deduction: 12173 });
    expect(t20.amountDue).toBe(98324);
    // 608.63 x 30% = 182.589 -> 182.59; 1104.97 - 182.59 = 922.38
    const t30 = computeTotalsFromPounds(lines, 20, { cisRatePercent: 30 });
    expect(t30.cis).toEqual({ labourNet: 60863, rateBp: 3000, deduction: 18259 });
    expect(t30.amountDue).toBe(92238);
  });

  it('when a CIS client has gross payment status (0%), then the deduction is 0 and the amount due is the total', () => {
    const t = computeTotalsFromPounds([{ quantity: 1, unitPrice: 100 }], 20, { cisRatePercent: 0 });
    expect(t.cis).toEqual({ labourNet: 10000, rateBp: 0, deduction: 0 });
    expect(t.amountDue).toBe(t.total);
  });

  it('when lines carry no VAT code, then the document rate applies exactly as before, as one group', () => {
    const t = computeTotals(
      [
        { quantityMilli: 1500, unitPricePence: 3333 },
        { quantityMilli: 2000, unitPricePence: 4550 },
      ],
      1750,
    );
    expect(t.vatBreakdown).toEqual([{ vat: null, rateBp: 1750, net: 14100, vatAmount: 2468, reverseCharge: false }]); // 24.675 -> 24.68
    expect(t).toMatchObject({ subtotal: 14100, taxAmount: 2468, total: 16568 });
    expect(computeTotals([{ quantityMilli: 1000, unitPricePence: 100 }], 2000).vatBreakdown[0]?.vat).toBe('STANDARD');
  });

  it('when a line is discounted 100%, then it counts nothing', () => {
    expect(computeTotalsFromPounds([{ quantity: 2, unitPrice: 50, discountPercent: 100 }], 20).total).toBe(0);
  });
});

const RUNS = { numRuns: 150 };
const line: fc.Arbitrary<TLineInPence> = fc.record({
  quantityMilli: fc.integer({ min: 1, max: 10_000_000 }),
  unitPricePence: fc.integer({ min: 0, max: 100_000_000 }),
  vat: fc.option(fc.constantFrom(...VAT_CODES), { nil: null }),
  kind: fc.option(fc.constantFrom(...LINE_KINDS), { nil: null }),
  discountBp: fc.integer({ min: 0, max: 10_000 }),
});

describe('VAT per line, for any lines', () => {
  it('per-rate nets add up to the subtotal, per-rate VAT to VAT charged plus reverse charge, and total = subtotal + VAT charged', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 25 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.option(fc.constantFrom(0, 2000, 3000), { nil: null }),
        (ls, bp, cis) => {
          const t = computeTotals(ls, bp, { cisRateBp: cis });
          expect(t.vatBreakdown.reduce((s, g) => s + g.net, 0)).toBe(t.subtotal);
          expect(t.vatBreakdown.filter((g) => !g.reverseCharge).reduce((s, g) => s + g.vatAmount, 0)).toBe(t.taxAmount);
          expect(t.vatBreakdown.filter((g) => g.reverseCharge).reduce((s, g) => s + g.vatAmount, 0)).toBe(t.reverseChargeVat);
          expect(t.total).toBe(t.subtotal + t.taxAmount);
          expect(t.amountDue).toBe(t.total - (t.cis?.deduction ?? 0));
          expect(new Set(t.vatBreakdown.map((g) => g.vat)).size).toBe(t.vatBreakdown.length);
          for (const g of t.vatBreakdown) {
            if (g.vat) expect(g.rateBp).toBe(VAT_RATES[g.vat].rateBp);
            expect(BigInt(g.vatAmount)).toBe(divRoundHalfUp(BigInt(g.net) * BigInt(g.rateBp), 10_000n));
          }
          if (cis !== null) {
            const labour = ls.reduce((s, l, i) => (l.kind === 'MATERIALS' ? s : s + t.lineAmounts[i]!), 0);
            expect(t.cis?.labourNet).toBe(labour);
          }
        },
      ),
      RUNS,
    );
  });

  it('a discounted line is within half a penny of quantity x price x (1 - discount)', () => {
    fc.assert(
      fc.property(line, (l) => {
        const [amount] = computeTotals([l], 2000).lineAmounts;
        const exact = BigInt(l.quantityMilli) * BigInt(l.unitPricePence) * BigInt(10_000 - (l.discountBp ?? 0)); // 1e-7 pence
        const diff = BigInt(amount!) * 10_000_000n - exact;
        expect(diff > -5_000_000n && diff <= 5_000_000n).toBe(true);
      }),
      RUNS,
    );
  });
});
