import { netsByCodeAndKind, stageLinesOf, subtractGroups, vatGroupsOf, type TRateGroup, type TStageLine } from '@docket/schemas/stage-invoice';
import { formatPence } from '@docket/schemas/money';
import { DEFAULT_LINE_KIND, VAT_RATES, vatCodeForRate } from '@docket/schemas/vat';
import type { TQuoteInvoiceType } from '@docket/schemas/document';
import type { StoredLine } from '../documents/line-items.ts';
import type { QuoteForInvoicing } from './invoices.repository.ts';

type MadeInvoice = QuoteForInvoicing['invoices'][number];

/** Per VAT code, what an invoice made from the quote still charges: void ones nothing, credit notes come off. */
export const chargedBy = (i: MadeInvoice): TRateGroup[] =>
  i.status === 'VOID'
    ? []
    : subtractGroups(
        vatGroupsOf(i.lines, i.taxRateBp, i.fixedVat),
        i.credits.map((c) => vatGroupsOf(c.lines, c.taxRateBp, c.fixedVat)),
      );

/** Per VAT code and kind, the net an invoice made from the quote still charges (for the final invoice's deductions). */
const chargedNetsBy = (i: MadeInvoice): TStageLine[] => {
  if (i.status === 'VOID') return [];
  const nets = netsByCodeAndKind(i.lines, i.taxRateBp);
  for (const c of i.credits) {
    for (const x of netsByCodeAndKind(c.lines, c.taxRateBp)) {
      const hit = nets.find((n) => n.vat === x.vat && n.kind === x.kind);
      if (hit) hit.amountPence -= x.amountPence;
      else nets.push({ ...x, amountPence: -x.amountPence });
    }
  }
  return nets;
};

/** The quote's net and VAT per VAT code (the breakdown of the one totals function). */
export const quoteGroups = (q: QuoteForInvoicing): TRateGroup[] => vatGroupsOf(q.lines, q.taxRateBp);

/** Invoices that count: not void. */
export const liveInvoices = (q: QuoteForInvoicing) => q.invoices.filter((i) => i.status !== 'VOID');

/** Per VAT code, what is left of the quote once every invoice made from it is taken off. */
export const remainingGroups = (q: QuoteForInvoicing): TRateGroup[] => subtractGroups(quoteGroups(q), q.invoices.map(chargedBy));

const TYPE_LABEL: Record<TQuoteInvoiceType, string> = { FULL: 'Invoice', DEPOSIT: 'Deposit', STAGE: 'Stage payment', FINAL: 'Final invoice' };
const suffix = (l: TStageLine, manyCodes: boolean, manyKinds: boolean) => {
  const parts = [...(manyCodes && l.vat ? [`VAT ${VAT_RATES[l.vat].label}`] : []), ...(manyKinds ? [l.kind === 'LABOUR' ? 'labour' : 'materials'] : [])];
  return parts.length ? ` (${parts.join(', ')})` : '';
};
/**
 * A line of a stage or final invoice. Under the document's own rate it keeps no VAT code, and it
 * names no kind while the quote names none (both read the same way: the document's rate, labour).
 */
const moneyLine = (q: QuoteForInvoicing, position: number, description: string, l: TStageLine): StoredLine => ({
  position,
  description,
  quantityMilli: 1000,
  unitPricePence: l.amountPence,
  amountPence: l.amountPence,
  vat: l.vat === vatCodeForRate(q.taxRateBp) ? null : l.vat,
  kind: l.kind === DEFAULT_LINE_KIND && q.lines.every((x) => x.kind === null) ? null : l.kind,
  discountBp: 0,
  unit: null,
});

const many = (ls: readonly TStageLine[]) => ({ codes: new Set(ls.map((l) => l.vat)).size > 1, kinds: new Set(ls.map((l) => l.kind)).size > 1 });

/** One line per VAT code (split into labour and materials as the quote is): 'Deposit 30% for quote Q0007'. */
export function stageLines(
  q: QuoteForInvoicing,
  type: 'DEPOSIT' | 'STAGE',
  nets: TRateGroup[],
  percent: number | undefined,
  description: string | undefined,
): StoredLine[] {
  const base = description || `${TYPE_LABEL[type]}${percent !== undefined ? ` ${percent}%` : ''} for quote ${q.quoteNumber}`;
  const parts = stageLinesOf(q.lines, q.taxRateBp, nets);
  const m = many(netsByCodeAndKind(q.lines, q.taxRateBp));
  return parts.map((l, i) => moneyLine(q, i, `${base}${suffix(l, m.codes, m.kinds)}`, l));
}

/** The quote's lines, then each earlier invoice taken off per VAT code and kind (net as the line, its VAT named). */
export function finalLines(q: QuoteForInvoicing): StoredLine[] {
  const lines: StoredLine[] = q.lines.map((l, i) => ({ ...l, position: i }));
  const m = many(netsByCodeAndKind(q.lines, q.taxRateBp));
  for (const inv of q.invoices) {
    const vatByCode = chargedBy(inv);
    for (const l of chargedNetsBy(inv)) {
      if (l.amountPence === 0) continue;
      const g = vatByCode.find((x) => x.vat === l.vat);
      const vat = g && !g.reverseCharge && !m.kinds ? `, VAT ${formatPence(g.vatPence)}` : '';
      lines.push(
        moneyLine(q, lines.length, `Less ${TYPE_LABEL[inv.type].toLowerCase()} ${inv.invoiceNumber}${suffix(l, m.codes, m.kinds)}${vat}`, {
          ...l,
          amountPence: -l.amountPence,
        }),
      );
    }
  }
  return lines;
}

/**
 * Stored totals of the final invoice: exactly what is left of the quote per VAT code, so the
 * invoices of a quote add up to its total to the penny (reverse-charge VAT is never charged).
 */
export const totalsOf = (q: QuoteForInvoicing, groups: TRateGroup[]) => {
  const subtotalPence = groups.reduce((s, g) => s + g.netPence, 0);
  const taxPence = groups.reduce((s, g) => s + (g.reverseCharge ? 0 : g.vatPence), 0);
  return { taxRateBp: q.taxRateBp, subtotalPence, taxPence, totalPence: subtotalPence + taxPence };
};
