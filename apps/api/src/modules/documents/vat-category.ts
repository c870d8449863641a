import { VAT_RATES, vatCodeForRate, type TVatCode } from '@docket/schemas/vat';

/**
 * The one place a line's VAT code (docs/product.md, "VAT per line") becomes a UNCL5305 category
 * for UBL and CII and the category the CSV exports print. STANDARD / REDUCED -> S at 20 / 5,
 * ZERO -> Z, EXEMPT -> E, OUTSIDE_SCOPE -> O, RC_STANDARD / RC_REDUCED -> AE at 0% (the customer
 * accounts for the VAT). A line without a code counts at the document's rate: above 0 is S at
 * that rate (a custom rate such as 17.5% included), 0 is Z.
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

/** Category codes in the order VAT breakdowns list them. */
export const VAT_CATEGORY_CODES: readonly VatCategoryCode[] = ['S', 'Z', 'E', 'O', 'AE'];

const EXEMPT = { code: 'VATEX-EU-132', reason: 'Exempt' };
const OUTSIDE_SCOPE = { code: 'VATEX-EU-O', reason: 'Not subject to VAT' };
const REVERSE_CHARGE = { code: 'VATEX-EU-AE', reason: 'Reverse charge' };

export function vatTreatment(line: { vat?: TVatCode | null; taxRateBp: number }): VatTreatment {
  const code = line.vat ?? vatCodeForRate(line.taxRateBp);
  switch (code) {
    case null:
      return line.taxRateBp > 0 ? { code: 'S', rateBp: line.taxRateBp, reverseCharge: false } : { code: 'Z', rateBp: 0, reverseCharge: false };
    case 'STANDARD':
    case 'REDUCED':
      return { code: 'S', rateBp: VAT_RATES[code].rateBp, reverseCharge: false };
    case 'ZERO':
      return { code: 'Z', rateBp: 0, reverseCharge: false };
    case 'EXEMPT':
      return { code: 'E', rateBp: 0, reverseCharge: false, exemption: EXEMPT };
    case 'OUTSIDE_SCOPE':
      return { code: 'O', rateBp: 0, reverseCharge: false, exemption: OUTSIDE_SCOPE };
    case 'RC_STANDARD':
    case 'RC_REDUCED':
      return { code: 'AE', rateBp: 0, reverseCharge: true, exemption: REVERSE_CHARGE };
  }
}
