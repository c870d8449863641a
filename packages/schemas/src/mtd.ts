import { z } from 'zod';

/** HMRC's legal declaration, word for word: the user ticks it before a return is filed. */
export const MTD_DECLARATION =
  'When you submit this VAT information you are making a legal declaration that the information is true and complete. A false declaration can result in prosecution.';

export const ZNoQuery = z.strictObject({});
export const ZObligationsQuery = z.strictObject({ status: z.enum(['O', 'F']).optional() });

const isDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const QueryDay = (what: string) => z.string({ error: `${what} is required (YYYY-MM-DD)` }).refine(isDay, `${what} must be a date (YYYY-MM-DD)`);
/** HMRC's earliest `from` for liabilities and payments, and its widest range (365 days). */
export const HMRC_EARLIEST_DAY = '2017-12-01';
export const HMRC_MAX_RANGE_DAYS = 365;
const dayNumber = (v: string) => Date.parse(`${v}T00:00:00Z`) / 86_400_000;
/** `?from&to` of liabilities and payments: HMRC's own limits, checked here so it is never asked wrongly. */
export const ZHmrcRangeQuery = z
  .strictObject({ from: QueryDay('from'), to: QueryDay('to') })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => q.from >= HMRC_EARLIEST_DAY, { message: `HMRC keeps these from ${HMRC_EARLIEST_DAY}: from must not be earlier`, path: ['from'] })
  .refine((q) => dayNumber(q.to) - dayNumber(q.from) <= HMRC_MAX_RANGE_DAYS, {
    message: `HMRC answers for ${HMRC_MAX_RANGE_DAYS} days at most: shorten the dates`,
    path: ['to'],
  });

/** HMRC period keys: four characters, letters, digits or '#'. */
export const ZPeriodKey = z.string().regex(/^[A-Za-z0-9#]{4}$/, 'must be an HMRC period key of four characters');

export const ZSubmitVatReturn = z.strictObject({
  periodKey: ZPeriodKey,
  declaration: z.literal(true, { error: 'Tick the declaration to submit the return' }),
});

export const MTD_MESSAGES = {
  notConfigured: 'Filing with HMRC is not set up on this server: set HMRC_CLIENT_ID, HMRC_CLIENT_SECRET and SECRETS_KEY (see the README).',
  invalidVrn: "The company's VAT registration number is not a valid UK VAT number. Correct it in Company settings, then connect.",
  notConnected: 'Connect Docket to HMRC first.',
  reconnect: 'HMRC no longer accepts our connection. Please connect to HMRC again.',
  connectFailed: 'HMRC did not confirm the connection. Please try connecting again.',
  unavailable: 'HMRC is not answering just now. Nothing was sent or changed; please try again later.',
  duplicate: 'A return for this period has already been submitted.',
  notOpen: 'This period is not open for a return.',
  notEnded: 'This period has not ended yet: HMRC takes its return once it has.',
  periodNotFound: 'HMRC has no obligation with this period key.',
  refused: (code: string) => `HMRC refused the return (${code}). Nothing was filed.`,
  refusedView: (code: string) => `HMRC refused to show this (${code}). Nothing was changed.`,
  futureTo: 'to must not be later than today: HMRC has nothing after today.',
  notAuthorised: 'HMRC says this connection may not act for the business. Check the business is signed up for Making Tax Digital, then connect to HMRC again.',
  insolvent: 'HMRC does not handle this business through Making Tax Digital (it is recorded as insolvent). Contact HMRC.',
  tooOld: 'HMRC shows returns of the last four years only.',
  noLiabilities: 'HMRC has no amounts owed on record for these dates.',
  noPayments: 'HMRC has no payments on record for these dates.',
  noHmrcReturn: 'HMRC has no return on record for this period.',
  unknownReturn: 'No return for this period: Docket has not filed it and HMRC does not list it as fulfilled.',
  locked: (period: string) => `This would change the VAT return already filed for ${period}. Record a correction dated in the current period instead.`,
} as const;

export const BOXES = ['box1', 'box2', 'box3', 'box4', 'box5', 'box6', 'box7', 'box8', 'box9'] as const;
export type TBox = (typeof BOXES)[number];

/** The body HMRC's "Submit VAT return for period" takes, in its own field names. */
export interface THmrcVatReturn {
  periodKey: string;
  vatDueSales: number;
  vatDueAcquisitions: number;
  totalVatDue: number;
  vatReclaimedCurrPeriod: number;
  netVatDue: number;
  totalValueSalesExVAT: number;
  totalValuePurchasesExVAT: number;
  totalValueGoodsSuppliedExVAT: number;
  totalAcquisitionsExVAT: number;
  finalised: true;
}

export interface TObligation {
  periodKey: string;
  start: string;
  end: string;
  due: string;
  status: 'O' | 'F';
  received?: string;
}

export interface TVatReceipt {
  periodKey: string;
  periodStart: string;
  periodEnd: string;
  basis: string;
  body: THmrcVatReturn;
  processingDate: string;
  formBundleNumber: string;
  chargeRefNumber: string | null;
  paymentIndicator: string | null;
  submittedBy: string | null;
  submittedAt: string;
}

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Answers of /api/mtd/vat (the test suite checks every answer against these). */
export const ZMtdStatus = z.strictObject({ configured: z.boolean(), connected: z.boolean(), vrn: z.string().nullable(), connectedAt: z.string().optional() });
export const ZMtdConnect = z.strictObject({ url: z.string() });
export const ZObligation = z.strictObject({
  periodKey: z.string(),
  start: ZDay,
  end: ZDay,
  due: z.string(),
  status: z.enum(['O', 'F']),
  received: z.string().optional(),
});
export const ZHmrcVatReturn = z.strictObject({
  periodKey: z.string(),
  vatDueSales: z.number(),
  vatDueAcquisitions: z.number(),
  totalVatDue: z.number(),
  vatReclaimedCurrPeriod: z.number(),
  netVatDue: z.number(),
  totalValueSalesExVAT: z.number(),
  totalValuePurchasesExVAT: z.number(),
  totalValueGoodsSuppliedExVAT: z.number(),
  totalAcquisitionsExVAT: z.number(),
  finalised: z.literal(true),
});
export const ZVatReceipt = z.strictObject({
  periodKey: z.string(),
  periodStart: ZDay,
  periodEnd: ZDay,
  basis: z.string(),
  body: ZHmrcVatReturn,
  processingDate: z.string(),
  formBundleNumber: z.string(),
  chargeRefNumber: z.string().nullable(),
  paymentIndicator: z.string().nullable(),
  submittedBy: z.string().nullable(),
  submittedAt: z.string(),
});
export const ZVatPreview = z.strictObject({
  obligation: ZObligation,
  basis: z.string(),
  body: ZHmrcVatReturn,
  documents: z.array(
    z.strictObject({
      /** an expense is a purchase behind boxes 4 and 7 (and 1 when reverse charged) */
      kind: z.enum(['invoice', 'credit_note', 'payment', 'expense']),
      id: z.string(),
      /** null for an expense */
      invoiceId: z.string().nullable(),
      number: z.string(),
      date: ZDay,
      clientName: z.string(),
      vat: z.string().nullable(),
      net: z.number(),
      vatAmount: z.number(),
      boxes: z.array(z.enum(BOXES)),
      /** a credit note whose invoice is in a period already filed: the correction, shown against that period */
      corrects: z.strictObject({ periodStart: ZDay, periodEnd: ZDay }).nullable(),
    }),
  ),
  submitted: ZVatReceipt.nullable(),
});
export type TVatPreview = z.infer<typeof ZVatPreview>;
export type TMtdStatus = z.infer<typeof ZMtdStatus>;

/** HMRC's amounts owed (its "liabilities"), in its field names. */
export const ZHmrcLiability = z.strictObject({
  taxPeriod: z.strictObject({ from: ZDay, to: ZDay }).optional(),
  type: z.string(),
  originalAmount: z.number(),
  outstandingAmount: z.number().optional(),
  due: ZDay.optional(),
});
export const ZHmrcPayment = z.strictObject({ amount: z.number(), received: ZDay.optional() });
/** An empty list is HMRC's "no data" (its 404): `message` says so in plain words. */
export const ZVatLiabilities = z.strictObject({ from: ZDay, to: ZDay, liabilities: z.array(ZHmrcLiability), message: z.string().nullable() });
export const ZVatPayments = z.strictObject({ from: ZDay, to: ZDay, payments: z.array(ZHmrcPayment), message: z.string().nullable() });
/** HMRC's view of one return beside ours: `hmrc` null is HMRC's "no data", said in `message`. */
export const ZHmrcReturnView = z.strictObject({
  periodKey: z.string(),
  hmrc: ZHmrcVatReturn.omit({ finalised: true }).nullable(),
  ours: ZVatReceipt.nullable(),
  /** the boxes where HMRC's figures differ from those Docket sent; empty when they agree or either is missing */
  differences: z.array(z.enum(BOXES)),
  message: z.string().nullable(),
});
export type THmrcLiability = z.infer<typeof ZHmrcLiability>;
export type THmrcPayment = z.infer<typeof ZHmrcPayment>;
export type TVatLiabilities = z.infer<typeof ZVatLiabilities>;
export type TVatPayments = z.infer<typeof ZVatPayments>;
export type THmrcReturnView = z.infer<typeof ZHmrcReturnView>;
