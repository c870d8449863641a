import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals } from './totals.ts';
import { VAT_CODES, type TLineKind, type TVatCode } from './vat.ts';
import { groupsGross, netsByCodeAndKind, stageLinesOf, stageShare, subtractGroups, vatGroupsOf, type TRateGroup, type TStageAsk } from './stage-invoice.ts';

// Modest run counts: these run on every `pnpm test` and in CI.
const RUNS = { numRuns: 200 };

interface QuoteLine {
  quantityMilli: number;
  unitPricePence: number;
  discountBp: number;
  vat: TVatCode | null;
  kind: TLineKind | null;
  amountPence: number;
}

/** A quote: up to 8 lines, each with or without its own VAT code (ZERO, EXEMPT, reverse charge...), kind and discount. */
const quote = fc
  .record({
    documentRateBp: fc.constantFrom(0, 500, 1750, 2000),
    lines: fc.array(
      fc.record({
        quantityMilli: fc.integer({ min: 1, max: 50_000 }),
        unitPricePence: fc.integer({ min: 0, max: 2_000_000 }),
        discountBp: fc.constantFrom(0, 0, 1000, 1250, 3333),
        vat: fc.option(fc.constantFrom(...VAT_CODES), { nil: null }),
        kind: fc.constantFrom<TLineKind | null>(null, 'LABOUR', 'MATERIALS'),
      }),
      { minLength: 1, maxLength: 8 },
    ),
  })
  .map(({ documentRateBp, lines }) => {
    const t = computeTotals(lines, documentRateBp);
    return { documentRateBp, total: t.total, lines: lines.map((l, i): QuoteLine => ({ ...l, amountPence: t.lineAmounts[i]! })) };
  });
type Quote = { documentRateBp: number; total: number; lines: QuoteLine[] };

const ask: fc.Arbitrary<TStageAsk> = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }).map((percentBp) => ({ percentBp })),
  fc.integer({ min: 1, max: 5_000_000 }).map((amountPence) => ({ amountPence })),
);

/** A deposit or stage invoice as the API makes it: its lines, priced by the one totals function. */
const invoiceOf = (q: Quote, nets: TRateGroup[]) => {
  const lines = stageLinesOf(q.lines, q.documentRateBp, nets).map((l) => ({ ...l, quantityMilli: 1000, unitPricePence: l.amountPence }));
  return { lines, groups: vatGroupsOf(lines, q.documentRateBp), totals: computeTotals(lines, q.documentRateBp) };
};

/** Raises deposits and stages in turn (refused ones write nothing), then the final takes what is left. */
function invoiceInStages(q: Quote, asks: TStageAsk[]) {
  const quoteGroups = vatGroupsOf(q.lines, q.documentRateBp);
  const issued: ReturnType<typeof invoiceOf>[] = [];
  for (const a of asks) {
    const remaining = subtractGroups(
      quoteGroups,
      issued.map((i) => i.groups),
    );
    const out = stageShare(quoteGroups, remaining, a);
    if (out.kind === 'too-much') {
      expect(out.remainingPence).toBe(groupsGross(remaining));
      continue;
    }
    const inv = invoiceOf(q, out.nets);
    expect(inv.totals.total).toBeLessThanOrEqual(groupsGross(remaining));
    issued.push(inv);
  }
  const final = subtractGroups(
    quoteGroups,
    issued.map((i) => i.groups),
  );
  return { quoteGroups, issued, final };
}

describe('stage invoicing, for any quote with mixed VAT codes and any sequence of deposits and stages', () => {
  it('the invoices, the final one last, add up to the quote per VAT code (net and VAT) and in total, to the penny', () => {
    fc.assert(
      fc.property(quote, fc.array(ask, { maxLength: 6 }), (q, asks) => {
        const { quoteGroups, issued, final } = invoiceInStages(q, asks);
        expect(groupsGross(quoteGroups)).toBe(q.total);
        for (const g of quoteGroups) {
          const all = [...issued.map((i) => i.groups), final];
          const sum = (pick: (x: TRateGroup) => number) => all.reduce((s, gs) => s + gs.filter((x) => x.vat === g.vat).reduce((t, x) => t + pick(x), 0), 0);
          expect(sum((x) => x.netPence)).toBe(g.netPence);
          expect(sum((x) => x.vatPence)).toBe(g.vatPence);
        }
        // What each invoice charges is its own lines' total; reverse-charge VAT is in none of them.
        expect(issued.reduce((s, i) => s + i.totals.total, 0) + groupsGross(final)).toBe(q.total);
        for (const i of issued) expect(groupsGross(i.groups)).toBe(i.totals.total);
      }),
      RUNS,
    );
  });

  it('no invoice charges a negative net or VAT under any code, so the final one never does either', () => {
    fc.assert(
      fc.property(quote, fc.array(ask, { maxLength: 6 }), (q, asks) => {
        const { issued, final } = invoiceInStages(q, asks);
        for (const gs of [...issued.map((i) => i.groups), final]) for (const g of gs) expect(Math.min(g.netPence, g.vatPence)).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('a stage line is labour only in the share the quote is labour under its VAT code (so CIS falls on labour only)', () => {
    fc.assert(
      fc.property(quote, ask, (q, a) => {
        const groups = vatGroupsOf(q.lines, q.documentRateBp);
        const out = stageShare(groups, groups, a);
        if (out.kind !== 'ok') return;
        const quoteNets = netsByCodeAndKind(q.lines, q.documentRateBp);
        for (const l of stageLinesOf(q.lines, q.documentRateBp, out.nets)) {
          expect(quoteNets.some((n) => n.vat === l.vat && n.kind === l.kind && n.amountPence > 0)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('an amount is charged, or a few pence less (never more), and asking for more than is left is refused with what is left', () => {
    fc.assert(
      fc.property(quote, fc.integer({ min: 1, max: 100_000_000 }), (q, amountPence) => {
        const groups = vatGroupsOf(q.lines, q.documentRateBp);
        const out = stageShare(groups, groups, { amountPence });
        if (amountPence > q.total) expect(out).toEqual({ kind: 'too-much', remainingPence: q.total });
        else if (out.kind === 'ok') {
          const charged = invoiceOf(q, out.nets).totals.total;
          expect(charged).toBeLessThanOrEqual(amountPence);
          expect(amountPence - charged).toBeLessThanOrEqual(2 * groups.length);
        } else expect.fail('an amount within what is left was refused');
      }),
      RUNS,
    );
  });
});

describe('stage shares, worked examples', () => {
  const line = (amountPence: number, vat: TVatCode | null = null, kind: TLineKind | null = null) => ({
    quantityMilli: 1000,
    unitPricePence: amountPence,
    amountPence,
    vat,
    kind,
  });
  const single = vatGroupsOf([line(1_200_000)], 2000);
  const std = { vat: 'STANDARD', rateBp: 2000, reverseCharge: false } as const;
  it('a 30% deposit of a £12,000 + VAT quote is £3,600 net and £720 VAT', () => {
    expect(stageShare(single, single, { percentBp: 3000 })).toEqual({ kind: 'ok', nets: [{ ...std, netPence: 360_000, vatPence: 72_000 }] });
  });
  it('£1,000 including VAT at 20% is £833.33 net and £166.67 VAT', () => {
    expect(stageShare(single, single, { amountPence: 100_000 })).toEqual({ kind: 'ok', nets: [{ ...std, netPence: 83_333, vatPence: 16_667 }] });
  });
  it('£5,000.01 including VAT at 20% is £4,166.67 net and £833.33 VAT: no net gives the penny, so one less, never more', () => {
    expect(stageShare(single, single, { amountPence: 500_001 })).toEqual({ kind: 'ok', nets: [{ ...std, netPence: 416_667, vatPence: 83_333 }] });
  });
  it('after 30% and 50%, asking for 30% more is refused naming the £2,880 left', () => {
    const taken = [stageShare(single, single, { percentBp: 3000 }), stageShare(single, single, { percentBp: 5000 })].map((o) =>
      o.kind === 'ok' ? o.nets : [],
    );
    expect(stageShare(single, subtractGroups(single, taken), { percentBp: 3000 })).toEqual({ kind: 'too-much', remainingPence: 288_000 });
  });

  // £1,000 standard labour, £400 standard materials, £500 zero-rated, £300 exempt, £2,000 reverse charge.
  const mixed = [
    line(100_000, 'STANDARD', 'LABOUR'),
    line(40_000, 'STANDARD', 'MATERIALS'),
    line(50_000, 'ZERO'),
    line(30_000, 'EXEMPT'),
    line(200_000, 'RC_STANDARD', 'LABOUR'),
  ];
  const mixedGroups = vatGroupsOf(mixed, 2000);
  it('ZERO and EXEMPT stay apart though both are 0%, and reverse-charge VAT is not charged', () => {
    expect(mixedGroups.map((g) => [g.vat, g.netPence, g.vatPence])).toEqual([
      ['STANDARD', 140_000, 28_000],
      ['ZERO', 50_000, 0],
      ['EXEMPT', 30_000, 0],
      ['RC_STANDARD', 200_000, 40_000],
    ]);
    expect(groupsGross(mixedGroups)).toBe(448_000);
  });
  it('a 10% deposit has one line per VAT code, the standard one split into labour and materials as the quote is', () => {
    const out = stageShare(mixedGroups, mixedGroups, { percentBp: 1000 });
    if (out.kind !== 'ok') return expect.fail('refused');
    expect(stageLinesOf(mixed, 2000, out.nets)).toEqual([
      { vat: 'STANDARD', kind: 'LABOUR', amountPence: 10_000 },
      { vat: 'STANDARD', kind: 'MATERIALS', amountPence: 4_000 },
      { vat: 'ZERO', kind: 'LABOUR', amountPence: 5_000 },
      { vat: 'EXEMPT', kind: 'LABOUR', amountPence: 3_000 },
      { vat: 'RC_STANDARD', kind: 'LABOUR', amountPence: 20_000 },
    ]);
    expect(groupsGross(out.nets)).toBe(44_800);
  });
});
