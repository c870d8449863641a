import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupLinesByRate, groupsGross, stageShare, subtractGroups, type TRateGroup, type TStageAsk } from './stage-invoice.ts';

// Modest run counts: these run on every `pnpm test` and in CI.
const RUNS = { numRuns: 300 };

const rates = fc.uniqueArray(fc.constantFrom(0, 500, 1750, 2000), { minLength: 1, maxLength: 3 });
/** A quote: lines at up to three VAT rates, amounts up to £100,000 each. */
const quoteGroups = rates.chain((rs) =>
  fc.tuple(...rs.map((r) => fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 5 }).map((amounts) => ({ r, amounts })))).map((byRate) =>
    byRate.flatMap(({ r, amounts }) => groupLinesByRate(amounts.map((amountPence) => ({ amountPence })), r)),
  ),
);
const ask: fc.Arbitrary<TStageAsk> = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }).map((percentBp) => ({ percentBp })),
  fc.integer({ min: 1, max: 5_000_000 }).map((amountPence) => ({ amountPence })),
);

/** Raises deposits and stages in turn (refused ones write nothing), then the final takes what is left. */
function invoiceInStages(quote: TRateGroup[], asks: TStageAsk[]) {
  const issued: TRateGroup[][] = [];
  let refused = 0;
  for (const a of asks) {
    const remaining = subtractGroups(quote, issued);
    const out = stageShare(quote, remaining, a);
    if (out.kind === 'too-much') {
      refused += 1;
      expect(out.remainingPence).toBe(groupsGross(remaining));
      continue;
    }
    issued.push(out.groups);
  }
  const final = subtractGroups(quote, issued);
  return { issued, final, refused };
}

describe('stage invoicing, for any quote and any sequence of deposits and stages', () => {
  it('the invoices, the final one last, add up to the quote per VAT rate to the penny', () => {
    fc.assert(
      fc.property(quoteGroups, fc.array(ask, { maxLength: 6 }), (quote, asks) => {
        const { issued, final } = invoiceInStages(quote, asks);
        for (const g of quote) {
          const sum = (pick: (x: TRateGroup) => number) =>
            [...issued, final].reduce((s, gs) => s + gs.filter((x) => x.rateBp === g.rateBp).reduce((t, x) => t + pick(x), 0), 0);
          expect(sum((x) => x.netPence)).toBe(g.netPence);
          expect(sum((x) => x.vatPence)).toBe(g.vatPence);
        }
      }),
      RUNS,
    );
  });

  it('no invoice charges a negative amount at any rate, so the final one never does either', () => {
    fc.assert(
      fc.property(quoteGroups, fc.array(ask, { maxLength: 6 }), (quote, asks) => {
        const { issued, final } = invoiceInStages(quote, asks);
        for (const gs of [...issued, final]) for (const g of gs) expect(Math.min(g.netPence, g.vatPence)).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('an amount is charged exactly, and asking for more than is left is refused with what is left', () => {
    fc.assert(
      fc.property(quoteGroups, fc.integer({ min: 1, max: 100_000_000 }), (quote, amountPence) => {
        const out = stageShare(quote, quote, { amountPence });
        if (amountPence > groupsGross(quote)) expect(out).toEqual({ kind: 'too-much', remainingPence: groupsGross(quote) });
        else if (out.kind === 'ok') expect(groupsGross(out.groups)).toBe(amountPence);
        else expect.fail('an amount within what is left was refused');
      }),
      RUNS,
    );
  });
});

describe('stage shares, worked examples', () => {
  const quote = groupLinesByRate([{ amountPence: 1_200_000 }], 2000);
  it('a 30% deposit of a £12,000 + VAT quote is £3,600 net and £720 VAT', () => {
    expect(stageShare(quote, quote, { percentBp: 3000 })).toEqual({ kind: 'ok', groups: [{ rateBp: 2000, netPence: 360_000, vatPence: 72_000 }] });
  });
  it('£1,000 including VAT at 20% is £833.33 net and £166.67 VAT', () => {
    expect(stageShare(quote, quote, { amountPence: 100_000 })).toEqual({ kind: 'ok', groups: [{ rateBp: 2000, netPence: 83_333, vatPence: 16_667 }] });
  });
  it('after 30% and 50%, asking for 30% more is refused naming the £2,880 left', () => {
    const left = subtractGroups(quote, [stageShare(quote, quote, { percentBp: 3000 }), stageShare(quote, quote, { percentBp: 5000 })].map((o) => (o.kind === 'ok' ? o.groups : [])));
    expect(stageShare(quote, left, { percentBp: 3000 })).toEqual({ kind: 'too-much', remainingPence: 288_000 });
  });
});
