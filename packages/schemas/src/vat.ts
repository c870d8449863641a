/**
 * UK VAT (docs/product.md, "VAT per line"): the rates a line may carry, with HMRC's names for
 * them. The one table the totals, the API, the PDFs, the VAT return and the exports read.
 */
export const VAT_CODES = ['STANDARD', 'REDUCED', 'ZERO', 'EXEMPT', 'OUTSIDE_SCOPE', 'RC_STANDARD', 'RC_REDUCED'] as const;
export type TVatCode = (typeof VAT_CODES)[number];

export interface TVatRate {
  /** basis points: 2000 = 20% */
  rateBp: number;
  /** HMRC's name for the rate */
  name: string;
  /** short label for a line's VAT select and the PDFs' VAT column */
  label: string;
  /** the customer accounts for the VAT (domestic reverse charge for construction services) */
  reverseCharge: boolean;
  /** counts in box 6 of the VAT return (outside-the-scope supplies do not) */
  inBox6: boolean;
}

export const VAT_RATES: Record<TVatCode, TVatRate> = {
  STANDARD: { rateBp: 2000, name: 'Standard rate', label: '20%', reverseCharge: false, inBox6: true },
  REDUCED: { rateBp: 500, name: 'Reduced rate', label: '5%', reverseCharge: false, inBox6: true },
  ZERO: { rateBp: 0, name: 'Zero rate', label: '0%', reverseCharge: false, inBox6: true },
  EXEMPT: { rateBp: 0, name: 'Exempt', label: 'Exempt', reverseCharge: false, inBox6: true },
  OUTSIDE_SCOPE: { rateBp: 0, name: 'Outside the scope of VAT', label: 'Outside scope', reverseCharge: false, inBox6: false },
  RC_STANDARD: {
    rateBp: 2000,
    name: 'Domestic reverse charge at the standard rate',
    label: '20% RC',
    reverseCharge: true,
    inBox6: true,
  },
  RC_REDUCED: {
    rateBp: 500,
    name: 'Domestic reverse charge at the reduced rate',
    label: '5% RC',
    reverseCharge: true,
    inBox6: true,
  },
};

/**
 * The code a line without its own `vat` counts under: the document's percent when it is one of
 * the UK rates, else null (a custom rate such as 17.5%, kept exactly as before).
 */
export function vatCodeForRate(rateBp: number): TVatCode | null {
  if (rateBp === 2000) return 'STANDARD';
  if (rateBp === 500) return 'REDUCED';
  if (rateBp === 0) return 'ZERO';
  return null;
}

export const LINE_KINDS = ['LABOUR', 'MATERIALS'] as const;
export type TLineKind = (typeof LINE_KINDS)[number];
export const DEFAULT_LINE_KIND: TLineKind = 'LABOUR';

/** CIS deduction rates a client may carry (percent); null = not a CIS contractor. */
export const CIS_RATES = [0, 20, 30] as const;
export type TCisRate = (typeof CIS_RATES)[number];

/** HMRC's example wordings for the reverse-charge legend (VATREVCON37100); the user picks one. */
export const REVERSE_CHARGE_WORDINGS = {
  CUSTOMER_TO_PAY: 'Reverse charge: Customer to pay the VAT to HMRC',
  S55A: 'Reverse charge: S55A VATA 94 applies',
  VAT_ACT: 'Reverse charge: VAT Act 1994 Section 55A applies',
} as const;
export type TReverseChargeWording = keyof typeof REVERSE_CHARGE_WORDINGS;
export const REVERSE_CHARGE_WORDING_KEYS = Object.keys(REVERSE_CHARGE_WORDINGS) as [TReverseChargeWording, ...TReverseChargeWording[]];
export const DEFAULT_REVERSE_CHARGE_WORDING: TReverseChargeWording = 'CUSTOMER_TO_PAY';

export const VAT_SCHEMES = ['invoice', 'cash'] as const;
export type TVatScheme = (typeof VAT_SCHEMES)[number];

export const VAT_MESSAGES = {
  reverseChargeNeedsVatNumber: "Reverse charge needs the customer's VAT number",
  notRegistered: 'Your company has no VAT number: a business that is not VAT registered cannot charge VAT.',
  creditNoteReverseCharge: (amount: string) => `Reverse charge: customer to account for the output tax adjustment of ${amount} to HMRC`,
  discountRange: 'Discount must be between 0 and 100',
  discountDecimals: 'Discount can have at most 2 decimal places',
  vatCode: `VAT must be one of ${VAT_CODES.join(', ')}`,
  kind: 'Kind must be LABOUR or MATERIALS',
  cisRate: 'CIS rate must be 0, 20 or 30',
} as const;
