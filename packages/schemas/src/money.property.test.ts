import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divRoundHalfUp, penceToPounds, poundsToPence, toScaledInteger } from './money.ts';
import { computeTotals, computeTotalsFromPounds } from './totals.ts';

// Modest run counts: these run on every `pnpm test` and in CI.
const RUNS = { numRuns: 200 };

/** Amounts a trade business writes: up to £10m in pence, quantities up to 10,000 in thousandths. */
const pence = fc.integer({ min: 0, max: 1_000_000_000 });
const milli = fc.integer({ min: 0, max: 10_000_000 });
const line = fc.record({ quantityMilli: milli, unitPricePence: pence });
const lines = fc.array(line, { maxLength: 30 });
const rateBp = fc.integer({ min: 0, max: 10_000 });

describe('money and totals, for any input', () => {
  it('a subtotal is exactly the sum of its line amounts and the total is subtotal plus tax', () => {
    fc.assert(
      fc.property(lines, rateBp, (ls, bp) => {
        const t = computeTotals(ls, bp);
        expect(t.subtotal).toBe(t.lineAmounts.reduce((a, b) => a + b, 0));
        expect(t.total).toBe(t.subtotal + t.taxAmount);
        for (const n of [...t.lineAmounts, t.subtotal, t.taxAmount, t.total]) expect(Number.isSafeInteger(n)).toBe(true);
      }),
      RUNS,
    );
  });

  it('a line amount is quantity x price rounded to the penny, half-up', () => {
    fc.assert(
      fc.property(line, ({ quantityMilli, unitPricePence }) => {
        const [amount] = computeTotals([{ quantityMilli, unitPricePence }], 0).lineAmounts;
        const exact = BigInt(quantityMilli) * BigInt(unitPricePence); // in thousandths of a penny
        const diff = BigInt(amount!) * 1000n - exact;
        // within half a penny, and exactly half a penny rounds up
        expect(diff > -500n && diff <= 500n).toBe(true);
      }),
      RUNS,
    );
  });

  it('half a penny always rounds up, and anything less rounds down', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (whole) => {
        const n = BigInt(whole);
        expect(divRoundHalfUp(n * 1000n + 500n, 1000n)).toBe(n + 1n);
        expect(divRoundHalfUp(n * 1000n + 499n, 1000n)).toBe(n);
        expect(divRoundHalfUp(-(n * 1000n + 500n), 1000n)).toBe(-(n + 1n));
      }),
      RUNS,
    );
  });

  it('the order of the lines does not change the totals', () => {
    fc.assert(
      fc.property(lines, rateBp, fc.integer(), (ls, bp, seed) => {
        const shuffled = [...ls].sort((a, b) => (a.quantityMilli ^ seed) - (b.quantityMilli ^ seed) || a.unitPricePence - b.unitPricePence);
        const a = computeTotals(ls, bp);
        const b = computeTotals(shuffled, bp);
        expect([b.subtotal, b.taxAmount, b.total]).toEqual([a.subtotal, a.taxAmount, a.total]);
      }),
      RUNS,
    );
  });

  it('pence -> pounds -> pence is the identity', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (p) => {
        expect(poundsToPence(penceToPounds(p))).toBe(p);
      }),
      RUNS,
    );
  });

  it('pounds with at most two decimals -> pence -> pounds is the identity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 99 }), (whole, fraction) => {
        const pounds = Number(`${whole}.${String(fraction).padStart(2, '0')}`);
        expect(penceToPounds(poundsToPence(pounds))).toBe(pounds);
        expect(poundsToPence(pounds)).toBe(whole * 100 + fraction);
      }),
      RUNS,
    );
  });

  it('a third decimal of exactly 5 rounds the pence up, as written (never float-shifted down)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const written = Number(`${whole}.${String(cents).padStart(2, '0')}5`);
        expect(toScaledInteger(written, 2)).toBe(whole * 100 + cents + 1);
      }),
      RUNS,
    );
  });

  it('the form totals (pounds as typed) agree with the server totals (pence)', () => {
    const typed = fc.record({
      quantity: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100),
      unitPrice: fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100),
    });
    fc.assert(
      fc.property(fc.array(typed, { maxLength: 20 }), fc.integer({ min: 0, max: 100 }), (ls, percent) => {
        const fromPounds = computeTotalsFromPounds(ls, percent);
        const fromPence = computeTotals(
          ls.map((l) => ({ quantityMilli: Math.round(l.quantity * 1000), unitPricePence: Math.round(l.unitPrice * 100) })),
          percent * 100,
        );
        expect(fromPounds).toEqual(fromPence);
      }),
      RUNS,
    );
  });
});
