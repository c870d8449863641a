import { z } from 'zod';
import { ZDueDate, ZLineItem, ZLineItemAnswer, ZSiteAddress, ZTaxPercent } from './document.ts';
import { MSG } from './messages.ts';
import { MAX_LINE_ITEMS } from './constants.ts';
import { ZDay, ZTimestamp } from './common.ts';
import { INVOICE_STATUSES } from './lifecycle.ts';

/** Recurring invoices (docs/product.md, "Recurring invoices"). */
export const RECURRING_FREQUENCIES = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type TRecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

const MONTHS: Record<Exclude<TRecurringFrequency, 'WEEKLY'>, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

/**
 * The date of period `n` (0 = the start date): weeks add 7 days; months count from the start
 * date's own day, clamped to the month's last day, so a schedule starting 31 January issues on
 * 28 (or 29) February and 31 March.
 */
export function periodDate(startDate: string, frequency: TRecurringFrequency, n: number): string {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  if (frequency === 'WEEKLY') return new Date(Date.UTC(y, m - 1, d + 7 * n)).toISOString().slice(0, 10);
  const months = m - 1 + MONTHS[frequency] * n;
  const year = y + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** The date of period `n`, or null when the schedule has ended (past its end date or its count). */
export function scheduledDate(
  s: { startDate: string; frequency: TRecurringFrequency; endDate: string | null; count: number | null },
  n: number,
): string | null {
  if (s.count !== null && n >= s.count) return null;
  const day = periodDate(s.startDate, s.frequency, n);
  return s.endDate !== null && day > s.endDate ? null : day;
}

export const RECURRING_MESSAGES = {
  frequency: `Frequency must be one of ${RECURRING_FREQUENCIES.join(', ')}`,
  endBeforeStart: 'End date must be on or after the start date',
  count: 'Count must be a whole number from 1 to 1,000',
  dueDays: 'Due days must be a whole number from 0 to 365',
  autoSend: 'Auto send must be true or false',
  paused: 'This recurring invoice is paused',
  notPaused: 'This recurring invoice is not paused',
} as const;

export const ZRecurringRequest = z
  .strictObject({
    clientId: z
      .string({ error: MSG.clientRequired })
      .trim()
      .pipe(z.uuid({ error: MSG.clientRequired })),
    lineItems: z.array(ZLineItem, { error: MSG.itemsRequired }).min(1, MSG.itemsRequired).max(MAX_LINE_ITEMS, MSG.tooManyItems),
    tax: ZTaxPercent.optional(),
    siteAddress: ZSiteAddress.optional(),
    frequency: z.enum(RECURRING_FREQUENCIES, { error: RECURRING_MESSAGES.frequency }),
    startDate: ZDueDate,
    endDate: ZDueDate.nullish(),
    count: z
      .number({ error: RECURRING_MESSAGES.count })
      .int(RECURRING_MESSAGES.count)
      .min(1, RECURRING_MESSAGES.count)
      .max(1000, RECURRING_MESSAGES.count)
      .nullish(),
    /** absent or null: each invoice is due after the client's payment terms, else the company's (docs/product.md, "Payment terms") */
    dueDays: z
      .number({ error: RECURRING_MESSAGES.dueDays })
      .int(RECURRING_MESSAGES.dueDays)
      .min(0, RECURRING_MESSAGES.dueDays)
      .max(365, RECURRING_MESSAGES.dueDays)
      .nullish(),
    autoSend: z.boolean({ error: RECURRING_MESSAGES.autoSend }),
  })
  .refine((v) => !v.endDate || v.endDate >= v.startDate, { message: RECURRING_MESSAGES.endBeforeStart, path: ['endDate'] });
export type TRecurringRequest = z.output<typeof ZRecurringRequest>;

export const ZRecurringInvoice = z.strictObject({
  id: z.uuid(),
  clientId: z.uuid(),
  client: z.strictObject({ id: z.uuid(), name: z.string() }),
  lineItems: z.array(ZLineItemAnswer),
  tax: z.number(),
  siteAddress: z.string().nullable(),
  /** pounds, each invoice's */
  total: z.number(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  startDate: ZDay,
  endDate: ZDay.nullable(),
  count: z.number().nullable(),
  /** null: the payment terms */
  dueDays: z.number().nullable(),
  autoSend: z.boolean(),
  paused: z.boolean(),
  /** null once the schedule has ended */
  nextRunDate: ZDay.nullable(),
  issuedCount: z.number(),
  invoices: z.array(
    z.strictObject({ id: z.uuid(), invoiceNumber: z.string().nullable(), periodDate: ZDay, status: z.enum(INVOICE_STATUSES), total: z.number() }),
  ),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TRecurringInvoice = z.infer<typeof ZRecurringInvoice>;
