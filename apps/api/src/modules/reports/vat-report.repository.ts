import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, companies, creditNoteLines, creditNotes, invoiceLines, invoices, payments } from '../../db/schema.ts';
import { linesJson } from '../documents/lines-json.ts';

/** A timestamp's calendar day in Europe/London (the tax point the PDFs print). */
const londonDate = (column: typeof invoices.createdAt | typeof creditNotes.createdAt) =>
  sql<string>`to_char((${column} at time zone 'Europe/London')::date, 'YYYY-MM-DD')`;

/**
 * Tax points from the first London day to the last, as a range of the timestamp itself, so the
 * index on (account, created) finds the period's documents instead of reading the account's whole
 * history to work out each one's day.
 */
const londonDays = (column: typeof invoices.createdAt | typeof creditNotes.createdAt, from: string, to: string) =>
  sql`${column} >= (cast(${from} as date)::timestamp at time zone 'Europe/London') and ${column} < ((cast(${to} as date) + 1)::timestamp at time zone 'Europe/London')`;

/** What the VAT return figures read (docs/product.md, "VAT return figures"). */
export function createVatReportRepository(db: Database) {
  return {
    async scheme(userId: string): Promise<string | null> {
      const [row] = await db.select({ s: companies.vatScheme }).from(companies).where(eq(companies.userId, userId)).limit(1);
      return row?.s ?? null;
    },
    /** Issued (not draft, not void) invoices whose tax point falls in the period. */
    invoices(userId: string, from: string, to: string) {
      const day = londonDate(invoices.createdAt);
      return db
        .select({
          id: invoices.id,
          number: invoices.invoiceNumber,
          date: day,
          clientName: clients.name,
          taxRateBp: invoices.taxRateBp,
          fixedVat: invoices.fixedVat,
          lines: linesJson(invoiceLines, invoiceLines.invoiceId, invoices.id),
        })
        .from(invoices)
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .where(and(eq(invoices.userId, userId), sql`${invoices.status} not in ('DRAFT', 'VOID')`, londonDays(invoices.createdAt, from, to)))
        .orderBy(invoices.createdAt, invoices.invoiceNumber);
    },
    creditNotes(userId: string, from: string, to: string) {
      const day = londonDate(creditNotes.createdAt);
      return db
        .select({
          id: creditNotes.id,
          invoiceId: creditNotes.invoiceId,
          number: creditNotes.creditNoteNumber,
          date: day,
          clientName: clients.name,
          taxRateBp: creditNotes.taxRateBp,
          fixedVat: creditNotes.fixedVat,
          lines: linesJson(creditNoteLines, creditNoteLines.creditNoteId, creditNotes.id),
        })
        .from(creditNotes)
        .innerJoin(clients, eq(clients.id, creditNotes.clientId))
        .where(and(eq(creditNotes.userId, userId), londonDays(creditNotes.createdAt, from, to)))
        .orderBy(creditNotes.createdAt, creditNotes.creditNoteNumber);
    },
    /** Payments received in the period, with what their invoice asks for (cash accounting). */
    payments(userId: string, from: string, to: string) {
      return db
        .select({
          id: payments.id,
          invoiceId: invoices.id,
          number: invoices.invoiceNumber,
          date: sql<string>`to_char(${payments.paidOn}, 'YYYY-MM-DD')`,
          clientName: clients.name,
          amountPence: payments.amountPence,
          taxRateBp: invoices.taxRateBp,
          fixedVat: invoices.fixedVat,
          duePence: sql<number>`(${invoices.totalPence} - ${invoices.cisDeductionPence})`.mapWith(Number),
          lines: linesJson(invoiceLines, invoiceLines.invoiceId, invoices.id),
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .where(and(eq(payments.userId, userId), sql`${payments.paidOn} between ${from} and ${to}`))
        .orderBy(payments.paidOn, payments.createdAt);
    },
  };
}
export type VatReportRepository = ReturnType<typeof createVatReportRepository>;
