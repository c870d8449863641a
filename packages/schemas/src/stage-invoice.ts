import { z } from 'zod';
import { divRoundHalfUp, formatPence, hasAtMostDecimals } from './money.ts';
import { ZDueDate } from './document.ts';

/**
 * Stage invoicing (docs/product.md, "Invoicing a quote in stages"): deposit and stage invoices
 * take a share of a quote per VAT rate; the final invoice takes whatever is left per rate, so the
 * invoices of a quote add up to its total exactly, to the penny.
 */

/** Net and VAT, in pence, of the lines charged at one VAT rate. */
export interface TRateGroup {
  rateBp: number;
  netPence: number;
  vatPence: number;
}

export const groupGross = (g: TRateGroup): number => g.netPence + g.vatPence;
export const groupsGross = (gs: readonly TRateGroup[]): number => gs.reduce((s, g) => s + groupGross(g), 0);

/**
 * THE grouping of a document's lines by VAT rate. Today a document has one rate (its tax rate),
 * so every line lands in one group; when lines carry their own rate only `rateOf` changes.
 * Each group's VAT is its net times its rate, rounded half-up once (money.ts).
 */
export function groupLinesByRate<L extends { amountPence: number }>(
  lines: readonly L[],
  documentRateBp: number,
  rateOf: (line: L) => number = () => documentRateBp,
): TRateGroup[] {
  const nets = new Map<number, number>();
  for (const l of lines) nets.set(rateOf(l), (nets.get(rateOf(l)) ?? 0) + l.amountPence);
  if (nets.size === 0) nets.set(documentRateBp, 0);
  return [...nets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rateBp, netPence]) => ({ rateBp, netPence, vatPence: vatOf(netPence, rateBp) }));
}

const vatOf = (netPence: number, rateBp: number): number => Number(divRoundHalfUp(BigInt(netPence) * BigInt(rateBp), 10_000n));

/** `from` less every list in `less`, rate by rate (rates missing from `from` are ignored). */
export function subtractGroups(from: readonly TRateGroup[], less: readonly (readonly TRateGroup[])[]): TRateGroup[] {
  return from.map((g) => {
    let { netPence, vatPence } = g;
    for (const gs of less) {
      for (const x of gs) {
        if (x.rateBp !== g.rateBp) continue;
        netPence -= x.netPence;
        vatPence -= x.vatPence;
      }
    }
    return { rateBp: g.rateBp, netPence, vatPence };
  });
}

/** What a deposit or stage invoice asks for: a percent of the quote, or an amount including VAT. */
export type TStageAsk = { percentBp: number } | { amountPence: number };

export type TStageOutcome = { kind: 'ok'; groups: TRateGroup[] } | { kind: 'too-much'; remainingPence: number };

/**
 * The share of a quote one deposit or stage invoice takes, per rate, never more than is left of
 * any rate.
 * - percent: each rate's net is the quote's net at that rate times the percent (half-up), its VAT
 *   that net times the rate, as on any invoice.
 * - amount (including VAT): split over the rates in proportion to what is left of each (largest
 *   remainder, so the parts add up to the amount), each part split into net and VAT in proportion
 *   to what is left of that rate.
 * Asking for more than is left (including VAT) is refused.
 */
export function stageShare(quote: readonly TRateGroup[], remaining: readonly TRateGroup[], ask: TStageAsk): TStageOutcome {
  const left = groupsGross(remaining);
  const rem = (rateBp: number) => remaining.find((r) => r.rateBp === rateBp) ?? { rateBp, netPence: 0, vatPence: 0 };
  if ('percentBp' in ask) {
    const wanted = quote.map((g) => {
      const netPence = Number(divRoundHalfUp(BigInt(g.netPence) * BigInt(ask.percentBp), 10_000n));
      return { rateBp: g.rateBp, netPence, vatPence: vatOf(netPence, g.rateBp) };
    });
    if (groupsGross(wanted) > left) return { kind: 'too-much', remainingPence: left };
    return {
      kind: 'ok',
      groups: wanted.map((w) => {
        const r = rem(w.rateBp);
        return { rateBp: w.rateBp, netPence: clamp(w.netPence, 0, r.netPence), vatPence: clamp(w.vatPence, 0, r.vatPence) };
      }),
    };
  }
  if (ask.amountPence > left) return { kind: 'too-much', remainingPence: left };
  const parts = splitInProportion(
    ask.amountPence,
    remaining.map((r) => Math.max(0, groupGross(r))),
  );
  return {
    kind: 'ok',
    groups: remaining.map((r, i) => {
      const part = parts[i] ?? 0;
      const gross = Math.max(0, groupGross(r));
      const vatShare = gross === 0 ? 0 : Number(divRoundHalfUp(BigInt(Math.max(0, r.vatPence)) * BigInt(part), BigInt(gross)));
      const vatPence = clamp(vatShare, Math.max(0, part - Math.max(0, r.netPence)), Math.max(0, r.vatPence));
      return { rateBp: r.rateBp, netPence: part - vatPence, vatPence };
    }),
  };
}

const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), Math.max(lo, hi));

/** `amount` split in proportion to `weights` (largest remainder): the parts add up to `amount`. */
function splitInProportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (BigInt(amount) * BigInt(w)));
  const parts = exact.map((e) => Number(e / BigInt(total)));
  let short = amount - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((e, i) => ({ i, rest: e % BigInt(total) })).sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (short <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    short -= 1;
  }
  return parts;
}

export const STAGE_MESSAGES = {
  tooMuch: (remainingPence: number) => `This would invoice more than is left on the quote (${formatPence(remainingPence)})`,
  finalDone: 'Nothing more can be invoiced from this quote: it has a final (or full) invoice',
  stageFixed: "A deposit, stage or final invoice keeps the quote's amounts: only its due date can change",
  alreadyInvoiced: (numbers: readonly string[]) => `This quote has already been invoiced: ${numbers.join(', ')}`,
  percentOrAmount: 'Give either a percent or an amount',
  percentRange: 'Percent must be more than 0 and at most 100',
  amountPositive: 'Amount must be more than 0',
  finalTakesNoShare: 'A final invoice takes what is left: give no percent or amount',
} as const;

const ZPercent = z
  .number({ error: STAGE_MESSAGES.percentRange })
  .gt(0, STAGE_MESSAGES.percentRange)
  .max(100, STAGE_MESSAGES.percentRange)
  .refine((v) => hasAtMostDecimals(v, 2), 'Percent can have at most 2 decimal places');
const ZAmount = z
  .number({ error: STAGE_MESSAGES.amountPositive })
  .gt(0, STAGE_MESSAGES.amountPositive)
  .max(10_000_000_000, 'Amount must be 10,000,000,000 or less')
  .refine((v) => hasAtMostDecimals(v, 2), 'Amount can have at most 2 decimal places');

/** POST /quotes/{id}/invoices. */
export const ZQuoteInvoiceRequest = z
  .strictObject({
    type: z.enum(['DEPOSIT', 'STAGE', 'FINAL'], { error: 'Type must be one of DEPOSIT, STAGE, FINAL' }),
    percent: ZPercent.optional(),
    /** pounds, including VAT */
    amount: ZAmount.optional(),
    description: z.string().trim().max(500, 'Description must be 500 characters or less').optional(),
    dueDate: ZDueDate.optional(),
  })
  .superRefine((v, ctx) => {
    const shares = Number(v.percent !== undefined) + Number(v.amount !== undefined);
    if (v.type === 'FINAL' && shares > 0) ctx.addIssue({ code: 'custom', message: STAGE_MESSAGES.finalTakesNoShare, path: ['percent'] });
    if (v.type !== 'FINAL' && shares !== 1) ctx.addIssue({ code: 'custom', message: STAGE_MESSAGES.percentOrAmount, path: ['percent'] });
  });
export type TQuoteInvoiceRequest = z.output<typeof ZQuoteInvoiceRequest>;
