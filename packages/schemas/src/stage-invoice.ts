import { z } from 'zod';
import { divRoundHalfUp, formatPence, hasAtMostDecimals } from './money.ts';
import { computeTotals, type TFixedVat, type TLineInPence } from './totals.ts';
import { DEFAULT_LINE_KIND, vatCodeForRate, type TLineKind, type TVatCode } from './vat.ts';
import { ZDueDate } from './document.ts';
import { isXmlText } from './common.ts';
import { MSG } from './messages.ts';

/**
 * Stage invoicing (docs/product.md, "Invoicing a quote in stages"): deposit and stage invoices
 * take a share of a quote per VAT treatment (the line's VAT code; lines without one count at the
 * document's rate); the final invoice takes whatever is left per VAT code, so the invoices of a
 * quote add up to its total exactly, to the penny, per VAT code.
 */

/** Net and VAT, in pence, of the lines under one VAT code (one entry of `computeTotals`' breakdown). */
export interface TRateGroup {
  /** null: a custom document rate that is not one of the UK rates */
  vat: TVatCode | null;
  rateBp: number;
  netPence: number;
  /** for a reverse-charge group, the VAT the customer accounts for: never charged */
  vatPence: number;
  reverseCharge: boolean;
}

/** What a group charges: its net, and its VAT unless reverse charge. */
export const groupGross = (g: TRateGroup): number => g.netPence + (g.reverseCharge ? 0 : g.vatPence);
export const groupsGross = (gs: readonly TRateGroup[]): number => gs.reduce((s, g) => s + groupGross(g), 0);

const sameGroup = (a: Pick<TRateGroup, 'vat' | 'rateBp'>, b: Pick<TRateGroup, 'vat' | 'rateBp'>) =>
  a.vat === b.vat && (a.vat !== null || a.rateBp === b.rateBp);

/**
 * A document's lines grouped by VAT code: the breakdown of the one totals function
 * (`computeTotals`), so a group's VAT is its net times its rate, rounded half-up once, unless the
 * document fixes it (a final invoice's VAT is what was left of its quote's).
 */
export function vatGroupsOf(lines: readonly TLineInPence[], documentRateBp: number, fixedVat: readonly TFixedVat[] | null = null): TRateGroup[] {
  const groups = computeTotals(lines, documentRateBp, { fixedVat }).vatBreakdown.map((g) => ({
    vat: g.vat,
    rateBp: g.rateBp,
    netPence: g.net,
    vatPence: g.vatAmount,
    reverseCharge: g.reverseCharge,
  }));
  return groups.length ? groups : [{ vat: vatCodeForRate(documentRateBp), rateBp: documentRateBp, netPence: 0, vatPence: 0, reverseCharge: false }];
}

const vatOf = (netPence: number, rateBp: number): number => Number(divRoundHalfUp(BigInt(netPence) * BigInt(rateBp), 10_000n));

/** A final invoice's VAT per code, fixed as what was left of its quote's (see `TTotalsOptions.fixedVat`). */
export const fixedVatOf = (groups: readonly TRateGroup[]): TFixedVat[] => groups.map((g) => ({ vat: g.vat, rateBp: g.rateBp, vatPence: g.vatPence }));

/** `from` less every list in `less`, code by code (codes missing from `from` are ignored). */
export function subtractGroups(from: readonly TRateGroup[], less: readonly (readonly TRateGroup[])[]): TRateGroup[] {
  return from.map((g) => {
    let { netPence, vatPence } = g;
    for (const gs of less) {
      for (const x of gs) {
        if (!sameGroup(x, g)) continue;
        netPence -= x.netPence;
        vatPence -= x.vatPence;
      }
    }
    return { ...g, netPence, vatPence };
  });
}

/** What a deposit or stage invoice asks for: a percent of the quote, or an amount including VAT. */
export type TStageAsk = { percentBp: number } | { amountPence: number };

/** The net a deposit or stage invoice takes under each VAT code (its VAT follows from its lines). */
export type TStageOutcome = { kind: 'ok'; nets: TRateGroup[] } | { kind: 'too-much'; remainingPence: number };

/**
 * The net one deposit or stage invoice takes under each VAT code of the quote, never more than is
 * left of any code. The invoice is then priced like any other from its lines, so each code's VAT
 * is that net times the rate, half-up (returned here as `vatPence`).
 * - percent: each code's net is the quote's net under that code times the percent (half-up).
 * - amount (including VAT): split over the codes in proportion to what is left of each (largest
 *   remainder); each part's net is the largest whose net + VAT is not more than the part (a
 *   reverse-charge or 0% part is all net). So the invoice charges the amount, or a penny less per
 *   VAT code when no net at that rate gives the exact amount (£5,000.01 at 20%: £4,166.67 + £833.33).
 * Asking for more than is left (including VAT) is refused.
 */
export function stageShare(quote: readonly TRateGroup[], remaining: readonly TRateGroup[], ask: TStageAsk): TStageOutcome {
  const left = groupsGross(remaining);
  const rem = (g: TRateGroup) => remaining.find((r) => sameGroup(r, g)) ?? { ...g, netPence: 0, vatPence: 0 };
  // Never more net than is left under the code, nor a net whose VAT is more than is left of it
  // (each invoice rounds its own VAT), so the final invoice never charges less than nothing.
  const priced = (g: TRateGroup, wantedNet: number): TRateGroup => {
    const r = rem(g);
    let netPence = clamp(wantedNet, 0, r.netPence);
    while (netPence > 0 && vatOf(netPence, g.rateBp) > Math.max(0, r.vatPence)) netPence -= 1;
    return { ...g, netPence, vatPence: vatOf(netPence, g.rateBp) };
  };
  if ('percentBp' in ask) {
    const wanted = quote.map((g) => {
      const netPence = Number(divRoundHalfUp(BigInt(g.netPence) * BigInt(ask.percentBp), 10_000n));
      return { ...g, netPence, vatPence: vatOf(netPence, g.rateBp) };
    });
    if (groupsGross(wanted) > left) return { kind: 'too-much', remainingPence: left };
    return { kind: 'ok', nets: wanted.map((w) => priced(w, w.netPence)) };
  }
  if (ask.amountPence > left) return { kind: 'too-much', remainingPence: left };
  const parts = splitInProportion(
    ask.amountPence,
    remaining.map((r) => Math.max(0, groupGross(r))),
  );
  return {
    kind: 'ok',
    nets: remaining.map((r, i) => {
      const part = parts[i] ?? 0;
      if (r.reverseCharge || r.rateBp === 0) return priced(r, part);
      // The largest net whose net + VAT is not more than the part (VAT rounded half-up on the net).
      const net = Number((BigInt(part) * 10_000n) / BigInt(10_000 + r.rateBp));
      return priced(r, net + 1 + vatOf(net + 1, r.rateBp) <= part ? net + 1 : net);
    }),
  };
}

const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), Math.max(lo, hi));

/** `amount` split in proportion to `weights` (largest remainder): the parts add up to `amount`. */
function splitInProportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
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

/** A line of a deposit, stage or final invoice made from a quote: one VAT code, one kind. */
export interface TStageLine {
  vat: TVatCode | null;
  kind: TLineKind;
  amountPence: number;
}

type TKindedLine = { vat?: TVatCode | null; kind?: TLineKind | null; amountPence: number };

/** Net per (VAT code, kind) of priced lines; a line without a code counts under the document's rate, without a kind as LABOUR. */
export function netsByCodeAndKind(lines: readonly TKindedLine[], documentRateBp: number): TStageLine[] {
  const documentCode = vatCodeForRate(documentRateBp);
  const out: TStageLine[] = [];
  for (const l of lines) {
    const vat = l.vat ?? documentCode;
    const kind = l.kind ?? DEFAULT_LINE_KIND;
    const hit = out.find((o) => o.vat === vat && o.kind === kind);
    if (hit) hit.amountPence += l.amountPence;
    else out.push({ vat, kind, amountPence: l.amountPence });
  }
  return out;
}

/**
 * The lines of a deposit or stage invoice: under each VAT code, its net split between labour and
 * materials in the proportion of the quote's lines under that code (half-up, the rest to materials),
 * so a CIS deduction falls on the labour share only (docs/product.md, "CIS and stage invoices").
 * Parts of 0 are left out, so a code that is all labour or all materials has one line.
 */
export function stageLinesOf(quoteLines: readonly TKindedLine[], documentRateBp: number, nets: readonly TRateGroup[]): TStageLine[] {
  const byKind = netsByCodeAndKind(quoteLines, documentRateBp);
  const out: TStageLine[] = [];
  for (const g of nets) {
    if (g.netPence === 0) continue;
    const code = g.vat;
    const labour = byKind.find((k) => k.vat === code && k.kind === 'LABOUR')?.amountPence ?? 0;
    const total = byKind.filter((k) => k.vat === code).reduce((s, k) => s + k.amountPence, 0);
    const labourPart = total === 0 ? g.netPence : Number(divRoundHalfUp(BigInt(g.netPence) * BigInt(Math.max(0, labour)), BigInt(total)));
    if (labourPart !== 0) out.push({ vat: code, kind: 'LABOUR', amountPence: labourPart });
    if (g.netPence - labourPart !== 0) out.push({ vat: code, kind: 'MATERIALS', amountPence: g.netPence - labourPart });
  }
  return out;
}

export const STAGE_MESSAGES = {
  tooMuch: (remainingPence: number) => `This would invoice more than is left on the quote (${formatPence(remainingPence)})`,
  finalDone: 'Nothing more can be invoiced from this quote: it has a final (or full) invoice',
  stageFixed: "A deposit or stage invoice keeps the quote's amounts: only its due date can change",
  /** docs/product.md, "Editing a final invoice" */
  finalKeepsQuote: "A final invoice keeps its quote's client and VAT rate, and the deductions of the earlier invoices: change its own lines only",
  finalAboveLeft: (leftPence: number) =>
    `A final invoice charges at most what is left of its quote (${formatPence(leftPence)}): raise a separate invoice for extra work`,
  alreadyInvoiced: (numbers: readonly string[]) => `This quote has already been invoiced: ${numbers.join(', ')}`,
  percentOrAmount: 'Give either a percent or an amount',
  percentRange: 'Percent must be more than 0 and at most 100',
  amountPositive: 'Amount must be more than 0',
  finalTakesNoShare: 'A final invoice takes what is left: give no percent or amount',
  /** docs/product.md, "Document numbers": the final names each earlier invoice by its number, which a draft does not have yet. */
  finalAfterDrafts:
    'Send or delete the draft invoices of this quote first: its final invoice takes each earlier invoice off by number, and a draft has none yet',
  /** docs/product.md, "Invoicing a quote in stages": an invoice from a quote always charges something. */
  notPositive: (totalPence: number) =>
    totalPence < 0
      ? `This invoice would total ${formatPence(totalPence)}: the quote's earlier invoices already charge more than it totals, and an invoice is never negative`
      : 'This invoice would total £0.00: nothing is left to invoice on this quote',
  /** docs/product.md, "Converted quotes": a quote with live invoices is a record. */
  quoteFrozen: (numbers: readonly string[]) =>
    `This quote cannot be changed or reverted: invoices were made from it (${numbers.join(', ')}). Void or fully credit them first.`,
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
    description: z.string().trim().max(500, 'Description must be 500 characters or less').refine(isXmlText, MSG.notXmlText('Description')).optional(),
    dueDate: ZDueDate.optional(),
  })
  .superRefine((v, ctx) => {
    const shares = Number(v.percent !== undefined) + Number(v.amount !== undefined);
    if (v.type === 'FINAL' && shares > 0) ctx.addIssue({ code: 'custom', message: STAGE_MESSAGES.finalTakesNoShare, path: ['percent'] });
    if (v.type !== 'FINAL' && shares !== 1) ctx.addIssue({ code: 'custom', message: STAGE_MESSAGES.percentOrAmount, path: ['percent'] });
  });
export type TQuoteInvoiceRequest = z.output<typeof ZQuoteInvoiceRequest>;
