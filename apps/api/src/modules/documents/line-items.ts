import type { TLineItem } from '@docket/schemas/document';
import { milliToQuantity, penceToPounds, poundsToPence, quantityToMilli } from '@docket/schemas/money';
import { computeTotals } from '@docket/schemas/totals';

/** A line as stored (quote_lines and invoice_lines share these columns). */
export interface StoredLine {
  position: number;
  description: string;
  quantityMilli: number;
  unitPricePence: number;
  amountPence: number;
}

export interface PricedDocument {
  taxRateBp: number;
  subtotalPence: number;
  taxPence: number;
  totalPence: number;
  lines: StoredLine[];
}

/** The server's own totals for a request's lines; totals a caller sends never get this far. */
export function priceLines(lineItems: readonly TLineItem[], taxRateBp: number): PricedDocument {
  const lines = lineItems.map((l, position) => ({
    position,
    description: l.description,
    quantityMilli: quantityToMilli(l.quantity),
    unitPricePence: poundsToPence(l.unitPrice),
  }));
  const totals = computeTotals(lines, taxRateBp);
  return {
    taxRateBp,
    subtotalPence: totals.subtotal,
    taxPence: totals.taxAmount,
    totalPence: totals.total,
    lines: lines.map((l, i) => ({ ...l, amountPence: totals.lineAmounts[i] ?? 0 })),
  };
}

/** Stored lines priced afresh at `taxRateBp` (a duplicate is a new document under today's rules). */
export function repriceStoredLines(stored: readonly StoredLine[], taxRateBp: number): PricedDocument {
  const lines = stored.map((l, position) => ({ position, description: l.description, quantityMilli: Number(l.quantityMilli), unitPricePence: Number(l.unitPricePence) }));
  const totals = computeTotals(lines, taxRateBp);
  return {
    taxRateBp,
    subtotalPence: totals.subtotal,
    taxPence: totals.taxAmount,
    totalPence: totals.total,
    lines: lines.map((l, i) => ({ ...l, amountPence: totals.lineAmounts[i] ?? 0 })),
  };
}

export const toLineDto = (l: StoredLine): TLineItem => ({
  description: l.description,
  quantity: milliToQuantity(l.quantityMilli),
  unitPrice: penceToPounds(l.unitPricePence),
});

export type DocumentTotals = Omit<PricedDocument, 'lines'>;

/** The tax and totals columns quotes and invoices both store, from priced fields or a stored row. */
export const totalsColumns = (d: DocumentTotals): DocumentTotals => ({
  taxRateBp: d.taxRateBp,
  subtotalPence: d.subtotalPence,
  taxPence: d.taxPence,
  totalPence: d.totalPence,
});

/** A stored line's own columns, without the row's ids (for copying a quote's lines). */
export const lineColumns = (l: StoredLine): StoredLine => ({
  position: l.position,
  description: l.description,
  quantityMilli: l.quantityMilli,
  unitPricePence: l.unitPricePence,
  amountPence: l.amountPence,
});
