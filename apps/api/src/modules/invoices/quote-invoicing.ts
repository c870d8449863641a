import { groupLinesByRate, subtractGroups, type TRateGroup } from '@docket/schemas/stage-invoice';
import { basisPointsToPercent, formatPence } from '@docket/schemas/money';
import type { TQuoteInvoiceType } from '@docket/schemas/document';
import type { StoredLine } from '../documents/line-items.ts';
import type { QuoteForInvoicing } from './invoices.repository.ts';

type MadeInvoice = QuoteForInvoicing['invoices'][number];

/**
 * An invoice's net and VAT per rate. Today an invoice has one rate, so one group; when lines
 * carry their own rate this reads the invoice's per-rate breakdown instead.
 */
const invoiceGroups = (i: Pick<MadeInvoice, 'taxRateBp' | 'subtotalPence' | 'taxPence'>): TRateGroup[] => [
  { rateBp: i.taxRateBp, netPence: Number(i.subtotalPence), vatPence: Number(i.taxPence) },
];

/** Per rate, what an invoice made from the quote still charges: void ones nothing, credit notes come off. */
export const chargedBy = (i: MadeInvoice): TRateGroup[] =>
  i.status === 'VOID' ? [] : subtractGroups(invoiceGroups(i), i.credits.map(invoiceGroups));

/** The quote's net and VAT per rate (the one grouping of lines by rate). */
export const quoteGroups = (q: QuoteForInvoicing): TRateGroup[] => groupLinesByRate(q.lines, q.taxRateBp);

/** Invoices that count: not void. */
export const liveInvoices = (q: QuoteForInvoicing) => q.invoices.filter((i) => i.status !== 'VOID');

/** Per rate, what is left of the quote once every invoice made from it is taken off. */
export const remainingGroups = (q: QuoteForInvoicing): TRateGroup[] => subtractGroups(quoteGroups(q), q.invoices.map(chargedBy));

const TYPE_LABEL: Record<TQuoteInvoiceType, string> = { FULL: 'Invoice', DEPOSIT: 'Deposit', STAGE: 'Stage payment', FINAL: 'Final invoice' };
const rateSuffix = (g: TRateGroup, many: boolean) => (many ? ` (VAT ${basisPointsToPercent(g.rateBp)}%)` : '');
const moneyLine = (position: number, description: string, netPence: number): StoredLine => ({
  position,
  description,
  quantityMilli: 1000,
  unitPricePence: netPence,
  amountPence: netPence,
});

/** One line per VAT rate: 'Deposit 30% for quote Q0007'. */
export function stageLines(q: QuoteForInvoicing, type: 'DEPOSIT' | 'STAGE', groups: TRateGroup[], percent: number | undefined, description: string | undefined): StoredLine[] {
  const base = description || `${TYPE_LABEL[type]}${percent !== undefined ? ` ${percent}%` : ''} for quote ${q.quoteNumber}`;
  return groups.map((g, i) => moneyLine(i, `${base}${rateSuffix(g, groups.length > 1)}`, g.netPence));
}

/** The quote's lines, then each earlier invoice taken off per rate (net as the line, its VAT named). */
export function finalLines(q: QuoteForInvoicing): StoredLine[] {
  const lines: StoredLine[] = q.lines.map((l, i) => ({ ...l, position: i }));
  const many = quoteGroups(q).length > 1;
  for (const inv of q.invoices) {
    for (const g of chargedBy(inv)) {
      if (g.netPence === 0 && g.vatPence === 0) continue;
      const what = `Less ${TYPE_LABEL[inv.type].toLowerCase()} ${inv.invoiceNumber}${rateSuffix(g, many)}, VAT ${formatPence(g.vatPence)}`;
      lines.push(moneyLine(lines.length, what, -g.netPence));
    }
  }
  return lines;
}

/** Stored totals of an invoice made of `groups` (its tax column is the quote's rate while there is one). */
export const totalsOf = (q: QuoteForInvoicing, groups: TRateGroup[]) => {
  const subtotalPence = groups.reduce((s, g) => s + g.netPence, 0);
  const taxPence = groups.reduce((s, g) => s + g.vatPence, 0);
  return { taxRateBp: groups.length === 1 ? groups[0]!.rateBp : q.taxRateBp, subtotalPence, taxPence, totalPence: subtotalPence + taxPence };
};
