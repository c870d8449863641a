/**
 * The one place a line's VAT treatment becomes a UNCL5305 category (UBL/CII) and a CSV column.
 * Today a document carries one rate: above 0 is standard-rated (S) at that rate, 0 is
 * zero-rated (Z). When lines carry their own VAT category, only this function changes:
 * STANDARD / REDUCED -> S at the line's rate, ZERO -> Z, EXEMPT -> E with
 * { code: 'VATEX-EU-132', reason: 'Exempt' }, OUTSIDE_SCOPE -> O with { code: 'VATEX-EU-O', reason:
 * 'Not subject to VAT' }, RC_STANDARD / RC_REDUCED -> AE, rate 0, reverseCharge, with
 * { code: 'VATEX-EU-AE', reason: 'Reverse charge' }. CSV columns and UBL/CII follow from here.
 */
export type VatCategoryCode = 'S' | 'Z' | 'E' | 'O' | 'AE';

export interface VatTreatment {
  code: VatCategoryCode;
  /** basis points charged on the line (0 for Z, E, O and AE: the customer accounts for reverse charge) */
  rateBp: number;
  reverseCharge: boolean;
  /** BT-121 / BT-120: why no VAT is charged (E, O and AE only; VATEX code list) */
  exemption?: { code: string; reason: string };
}

/** Category codes in the order CSV columns and VAT breakdowns list them. */
export const VAT_CATEGORY_CODES: readonly VatCategoryCode[] = ['S', 'Z', 'E', 'O', 'AE'];

export function vatTreatment(line: { taxRateBp: number }): VatTreatment {
  if (line.taxRateBp > 0) return { code: 'S', rateBp: line.taxRateBp, reverseCharge: false };
  return { code: 'Z', rateBp: 0, reverseCharge: false };
}
