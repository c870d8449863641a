import { divRoundHalfUp, percentToBasisPoints, poundsToPence, quantityToMilli } from './money.ts';

export interface TLineInPence {
  /** thousandths of a unit: 1.5 hours = 1500 */
  quantityMilli: number;
  unitPricePence: number;
}

export interface TTotalsInPence {
  /** each line's amount excluding VAT, rounded half-up to the penny */
  lineAmounts: number[];
  subtotal: number;
  taxAmount: number;
  total: number;
}

/**
 * The one totals function (docs/product.md, "Totals and rounding"): line = quantity x unit price (to the penny, half-up),
 * subtotal = sum of lines, tax = subtotal x rate / 100 (to the penny, half-up), total = subtotal + tax.
 * Integer arithmetic throughout so pounds never pass through a float.
 */
/** Far above any allowed price or quantity, and still exact once scaled to pence or thousandths. */
const SAFE_AMOUNT = Number.MAX_SAFE_INTEGER / 1000;

export function computeTotals(lines: readonly TLineInPence[], taxBasisPoints: number): TTotalsInPence {
  const lineAmounts = lines.map((l) =>
    Number(divRoundHalfUp(BigInt(l.quantityMilli) * BigInt(l.unitPricePence), 1000n)),
  );
  const subtotal = lineAmounts.reduce((sum, n) => sum + n, 0);
  const taxAmount = Number(divRoundHalfUp(BigInt(subtotal) * BigInt(taxBasisPoints), 10_000n));
  return { lineAmounts, subtotal, taxAmount, total: subtotal + taxAmount };
}

export interface TLineInPounds {
  quantity: number;
  unitPrice: number;
}

/** Form-side entry point: lines and tax as the user typed them; invalid numbers count as 0. */
export function computeTotalsFromPounds(lines: readonly TLineInPounds[], taxPercent: number): TTotalsInPence {
  // Out-of-range inputs are refused by their own field's rule; here they only must not throw.
  const safe = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= SAFE_AMOUNT ? n : 0);
  return computeTotals(
    lines.map((l) => ({ quantityMilli: quantityToMilli(safe(l.quantity)), unitPricePence: poundsToPence(safe(l.unitPrice)) })),
    percentToBasisPoints(safe(taxPercent)),
  );
}
