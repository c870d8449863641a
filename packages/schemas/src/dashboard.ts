import { z } from 'zod';
import { ZInvoice, ZQuote } from './document.ts';
import { ZAgedBuckets } from './reports.ts';

/** GET /dashboard: the four figures (pounds and counts) and the five newest of each kind. */
export const ZDashboard = z.strictObject({
  totalInvoiced: z.number(),
  outstanding: z.number(),
  activeQuotes: z.number().int(),
  activeInvoices: z.number().int(),
  /** balances due of OVERDUE invoices (pounds) */
  overdueAmount: z.number(),
  /** payments dated in the current month (Europe/London) */
  receivedThisMonth: z.number(),
  /** Outstanding split by days past due; its total equals outstanding */
  aged: ZAgedBuckets,
  recentQuotes: z.array(ZQuote),
  recentInvoices: z.array(ZInvoice),
});
export type TDashboard = z.infer<typeof ZDashboard>;
