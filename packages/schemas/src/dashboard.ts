import { z } from 'zod';
import { ZInvoice, ZQuote } from './document.ts';

/** GET /dashboard: the four figures (pounds and counts) and the five newest of each kind. */
export const ZDashboard = z.strictObject({
  totalInvoiced: z.number(),
  outstanding: z.number(),
  activeQuotes: z.number().int(),
  activeInvoices: z.number().int(),
  recentQuotes: z.array(ZQuote),
  recentInvoices: z.array(ZInvoice),
});
export type TDashboard = z.infer<typeof ZDashboard>;
