import { z } from 'zod';
import { ZClient } from './client.ts';
import { ZInvoice, ZQuote } from './document.ts';
import { ZCreditNote } from './credit-note.ts';
import { ZPayment } from './payment.ts';
import { isIsoDate } from './common.ts';

/** GET /clients/:id/account: everything the client has with the account and what they owe. */
export const ZClientAccount = z.strictObject({
  client: ZClient,
  /** pounds: the sum of balances due of their invoices awaiting payment */
  balance: z.number(),
  quotes: z.array(ZQuote),
  invoices: z.array(ZInvoice),
  creditNotes: z.array(ZCreditNote),
  payments: z.array(ZPayment),
  /** payment reminders for this client (docs/product.md, "Reminders") */
  reminders: z.strictObject({ optOut: z.boolean(), pausedInvoiceIds: z.array(z.string()) }),
});
export type TClientAccount = z.infer<typeof ZClientAccount>;

const day = z.string({ error: 'Dates must be YYYY-MM-DD' }).refine(isIsoDate, 'Dates must be YYYY-MM-DD').optional();
export const ZStatementQuery = z
  .object({ from: day, to: day })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must be on or before to', path: ['to'] });
