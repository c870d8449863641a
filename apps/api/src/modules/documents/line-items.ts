import type { TLineItem, TLineItemAnswer } from '@docket/schemas/document';
import { basisPointsToPercent, milliToQuantity, penceToPounds, percentToBasisPoints, poundsToPence, quantityToMilli } from '@docket/schemas/money';
import { computeTotals, type TFixedVat, type TTotalsInPence } from '@docket/schemas/totals';
import type { TLineKind, TVatCode } from '@docket/schemas/vat';

/** A line as stored (quote_lines, invoice_lines and credit_note_lines share these columns). */
export interface StoredLine {
  position: number;
  description: string;
  quantityMilli: number;
  unitPricePence: number;
  amountPence: number;
  /** null: the document's rate (docs/product.md, "VAT per line") */
  vat: TVatCode | null;
  kind: TLineKind | null;
  discountBp: number;
  unit: string | null;
}

export interface PricedDocument {
  taxRateBp: number;
  subtotalPence: number;
  taxPence: number;
  totalPence: number;
  lines: StoredLine[];
  /** VAT per code the document fixes instead of net x rate (a final invoice, its whole credit) */
  fixedVat?: TFixedVat[] | null;
}

/** Lines without their amounts, priced by the one totals function: each line's net and the document's totals. */
function priced(lines: Omit<StoredLine, 'amountPence'>[], taxRateBp: number): PricedDocument {
  const totals = computeTotals(lines, taxRateBp);
  return {
    taxRateBp,
    subtotalPence: totals.subtotal,
    taxPence: totals.taxAmount,
    totalPence: totals.total,
    lines: lines.map((l, i) => ({ ...l, amountPence: totals.lineAmounts[i] ?? 0 })),
  };
}

/** The server's own totals for a request's lines; totals a caller sends never get this far. */
export function priceLines(lineItems: readonly TLineItem[], taxRateBp: number): PricedDocument {
  return priced(
    lineItems.map((l, position) => ({
      position,
      description: l.description,
      quantityMilli: quantityToMilli(l.quantity),
      unitPricePence: poundsToPence(l.unitPrice),
      vat: l.vat ?? null,
      kind: l.kind ?? null,
      discountBp: l.discountPercent ? percentToBasisPoints(l.discountPercent) : 0,
      unit: l.unit ?? null,
    })),
    taxRateBp,
  );
}

/**
 * Stored lines priced afresh at `taxRateBp` (a duplicate is a new document under today's rules);
 * each line keeps its VAT code, kind, discount and unit.
 */
export function repriceStoredLines(stored: readonly StoredLine[], taxRateBp: number): PricedDocument {
  return priced(
    stored.map((l, position) => ({
      position,
      description: l.description,
      quantityMilli: Number(l.quantityMilli),
      unitPricePence: Number(l.unitPricePence),
      vat: l.vat ?? null,
      kind: l.kind ?? null,
      discountBp: Number(l.discountBp ?? 0),
      unit: l.unit ?? null,
    })),
    taxRateBp,
  );
}

/** The line fields beyond description, quantity and price appear only when set, so older documents answer as before. */
/** A line's answer; the optional fields only when set, in this order (built by assignment: spreads were slower). */
export const toLineDto = (l: StoredLine): TLineItemAnswer => {
  const dto: TLineItemAnswer = { description: l.description, quantity: milliToQuantity(l.quantityMilli), unitPrice: penceToPounds(l.unitPricePence) };
  if (l.vat) dto.vat = l.vat;
  if (l.kind) dto.kind = l.kind;
  if (l.discountBp) dto.discountPercent = basisPointsToPercent(l.discountBp);
  if (l.unit) dto.unit = l.unit;
  return dto;
};

/** True when a line carries its own VAT code: the document then answers its per-rate figures. */
export const usesLineVat = (lines: readonly Pick<StoredLine, 'vat'>[]): boolean => lines.some((l) => l.vat !== null);

/** Totals of stored lines (their VAT breakdown and CIS figures, which are not columns), with the document's fixed VAT if any. */
export const totalsOfStored = (
  lines: readonly StoredLine[],
  taxRateBp: number,
  cisRateBp: number | null = null,
  fixedVat: readonly TFixedVat[] | null = null,
): TTotalsInPence => computeTotals(lines, taxRateBp, { cisRateBp, fixedVat });

/** `vatBreakdown` and `reverseChargeVat` in pounds, for documents whose lines carry their own VAT. */
export function vatFiguresDto(lines: readonly StoredLine[], taxRateBp: number, fixedVat: readonly TFixedVat[] | null = null) {
  if (!usesLineVat(lines)) return {};
  const t = totalsOfStored(lines, taxRateBp, null, fixedVat);
  return {
    vatBreakdown: t.vatBreakdown.map((g) => ({
      vat: g.vat,
      rate: basisPointsToPercent(g.rateBp),
      net: penceToPounds(g.net),
      vatAmount: penceToPounds(g.vatAmount),
      reverseCharge: g.reverseCharge,
    })),
    reverseChargeVat: penceToPounds(t.reverseChargeVat),
  };
}

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
  vat: l.vat,
  kind: l.kind,
  discountBp: l.discountBp,
  unit: l.unit,
});
