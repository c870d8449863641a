import { and, eq, exists, ilike, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { TInvoiceStatus, TQuoteStatus } from '@docket/schemas/constants';
import type { Database } from '../../db/client.ts';
import { clients, invoiceLines, invoices, quoteLines, quotes } from '../../db/schema.ts';
import { afterCursor, newestFirst } from '../../lib/list-query.ts';
import { likePattern } from '../../lib/pagination.ts';
import type { CountersRepository } from '../numbering/counters.repository.ts';
import type { PricedDocument } from '../documents/line-items.ts';
import { linesJson } from '../documents/lines-json.ts';
import type { CreateGuard } from '../quotes/quotes.repository.ts';
import { effectiveInvoiceStatus, invoiceStatusIn, invoiceStatusIs } from './invoice-status.ts';

export interface InvoiceListOptions {
  limit?: number;
  cursor?: string;
  q?: string;
  status?: TInvoiceStatus;
  clientId?: string;
}

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;
/** `today` is a placeholder in the prepared statements, filled per request. */
type Today = string | Placeholder;
const invoiceColumns = (today: Today) => ({
  id: invoices.id,
  userId: invoices.userId,
  clientId: invoices.clientId,
  clientName: clients.name,
  quoteId: invoices.quoteId,
  invoiceNumber: invoices.invoiceNumber,
  status: effectiveInvoiceStatus(today),
  taxRateBp: invoices.taxRateBp,
  subtotalPence: invoices.subtotalPence,
  taxPence: invoices.taxPence,
  totalPence: invoices.totalPence,
  dueDate: invoices.dueDate,
  sentAt: invoices.sentAt,
  paidAt: invoices.paidAt,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
  lines: linesJson(invoiceLines, invoiceLines.invoiceId, invoices.id),
});
const selectInvoices = (x: Executor, today: Today) =>
  x.select(invoiceColumns(today)).from(invoices).innerJoin(clients, eq(clients.id, invoices.clientId));

/** An invoice row with its lines (in position order), as every read returns it. */
export type InvoiceWithLines = Awaited<ReturnType<typeof selectInvoices>>[number];
export interface InvoiceFields extends PricedDocument {
  clientId: string;
  dueDate: string;
}

export type ConvertOutcome =
  | { kind: 'created'; id: string }
  | { kind: 'missing' }
  | { kind: 'illegal'; status: TQuoteStatus }
  | { kind: 'converted'; invoiceNumber: string };

export function createInvoicesRepository(db: Database, counters: CountersRepository) {
  const own = (userId: string, id: string) => and(eq(invoices.userId, userId), eq(invoices.id, id));

  // Prepared once: the hot reads (first page of the list, one invoice) skip rebuilding their SQL
  // per request, and on pg each pooled connection parses and plans them once.
  const firstPage = selectInvoices(db, sql.placeholder('today'))
    .where(eq(invoices.userId, sql.placeholder('userId')))
    .orderBy(...newestFirst(invoices.createdAt, invoices.id))
    .limit(sql.placeholder('limit'))
    .prepare('invoices_first_page');
  const byId = selectInvoices(db, sql.placeholder('today'))
    .where(and(eq(invoices.userId, sql.placeholder('userId')), eq(invoices.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('invoice_by_id');

  const insertLines = (x: Executor, userId: string, invoiceId: string, fields: PricedDocument) =>
    x.insert(invoiceLines).values(fields.lines.map((l) => ({ ...l, userId, invoiceId })));

  return {
    async list(userId: string, today: string, o: InvoiceListOptions = {}): Promise<InvoiceWithLines[]> {
      if (o.limit && !o.cursor && !o.q && !o.status && !o.clientId) return firstPage.execute({ userId, today, limit: o.limit + 1 });
      const filters = [
        eq(invoices.userId, userId),
        afterCursor(o.cursor, invoices.createdAt, invoices.id),
        o.status ? invoiceStatusIs(o.status, today) : undefined,
        o.clientId ? eq(invoices.clientId, o.clientId) : undefined,
      ];
      // A search is one arm per searched table, each filtered, ordered and limited like the page,
      // so each gets its own plan: a trigram index for a rare term, or the newest-first index
      // walked until the page fills for a common one (an OR across the join allows only the walk).
      // Every row of the page is within its arm's first page, so the union holds the whole page.
      const arm = (match: SQL) => {
        const q = db
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(...filters, match))
          .orderBy(...newestFirst(invoices.createdAt, invoices.id))
          .$dynamic();
        return o.limit ? q.limit(o.limit + 1) : q;
      };
      const pattern = o.q ? likePattern(o.q) : undefined;
      const search: SQL | undefined = pattern
        ? inArray(
            invoices.id,
            union(
              arm(ilike(invoices.invoiceNumber, pattern)),
              arm(inArray(invoices.clientId, db.select({ id: clients.id }).from(clients).where(ilike(clients.name, pattern)))),
              arm(
                exists(
                  db
                    .select({ one: sql`1` })
                    .from(invoiceLines)
                    .where(and(eq(invoiceLines.invoiceId, invoices.id), ilike(invoiceLines.description, pattern))),
                ),
              ),
            ),
          )
        : undefined;
      const query = selectInvoices(db, today)
        .where(and(...filters, search))
        .orderBy(...newestFirst(invoices.createdAt, invoices.id));
      return o.limit ? query.limit(o.limit + 1) : query;
    },

    async get(userId: string, id: string, today: string): Promise<InvoiceWithLines | null> {
      const [row] = await byId.execute({ userId, id, today });
      return row ?? null;
    },

    async statusOf(userId: string, id: string, today: string): Promise<TInvoiceStatus | null> {
      const [row] = await db
        .select({ status: effectiveInvoiceStatus(today) })
        .from(invoices)
        .where(own(userId, id))
        .limit(1);
      return row?.status ?? null;
    },

    /** Number allocation and insert share one transaction, so a failed insert frees its number. */
    async create(userId: string, prefix: string, fields: InvoiceFields, guard?: CreateGuard): Promise<string> {
      return db.transaction(async (tx) => {
        const invoiceNumber = await counters.allocate(tx, userId, 'invoice', prefix);
        await guard?.(tx);
        const [row] = await tx
          .insert(invoices)
          .values({
            userId,
            clientId: fields.clientId,
            invoiceNumber,
            taxRateBp: fields.taxRateBp,
            subtotalPence: fields.subtotalPence,
            taxPence: fields.taxPence,
            totalPence: fields.totalPence,
            dueDate: fields.dueDate,
          })
          .returning({ id: invoices.id });
        await insertLines(tx, userId, row!.id, fields);
        return row!.id;
      });
    },

    /**
     * A new DRAFT invoice from an APPROVED quote: client, tax, totals and lines copied. The quote
     * row is locked so two conversions of one quote queue and the second sees the first's invoice.
     */
    async createFromQuote(userId: string, quoteId: string, prefix: string, dueDate: string, guard?: CreateGuard): Promise<ConvertOutcome> {
      return db.transaction(async (tx): Promise<ConvertOutcome> => {
        const [quote] = await tx
          .select()
          .from(quotes)
          .where(and(eq(quotes.userId, userId), eq(quotes.id, quoteId)))
          .for('update');
        if (!quote) return { kind: 'missing' };
        if (quote.status !== 'APPROVED') return { kind: 'illegal', status: quote.status as TQuoteStatus };
        const [existing] = await tx
          .select({ invoiceNumber: invoices.invoiceNumber })
          .from(invoices)
          .where(eq(invoices.quoteId, quoteId))
          .limit(1);
        if (existing) return { kind: 'converted', invoiceNumber: existing.invoiceNumber };
        const invoiceNumber = await counters.allocate(tx, userId, 'invoice', prefix);
        await guard?.(tx);
        const [row] = await tx
          .insert(invoices)
          .values({
            userId,
            clientId: quote.clientId,
            quoteId,
            invoiceNumber,
            taxRateBp: quote.taxRateBp,
            subtotalPence: quote.subtotalPence,
            taxPence: quote.taxPence,
            totalPence: quote.totalPence,
            dueDate,
          })
          .returning({ id: invoices.id });
        const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId));
        if (lines.length > 0) {
          await tx.insert(invoiceLines).values(
            lines.map((l) => ({
              userId,
              invoiceId: row!.id,
              position: l.position,
              description: l.description,
              quantityMilli: l.quantityMilli,
              unitPricePence: l.unitPricePence,
              amountPence: l.amountPence,
            })),
          );
        }
        return { kind: 'created', id: row!.id };
      });
    },

    /** Replaces client, tax, due date, lines and totals; number and status stay. */
    async update(userId: string, id: string, fields: InvoiceFields): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(invoices)
          .set({
            clientId: fields.clientId,
            taxRateBp: fields.taxRateBp,
            subtotalPence: fields.subtotalPence,
            taxPence: fields.taxPence,
            totalPence: fields.totalPence,
            dueDate: fields.dueDate,
            updatedAt: sql`now()`,
          })
          .where(own(userId, id))
          .returning({ id: invoices.id });
        if (!row) return false;
        await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
        await insertLines(tx, userId, id, fields);
        return true;
      });
    },

    /** Moves an invoice only when its effective status allows it, atomically; false otherwise. */
    async transition(
      userId: string,
      id: string,
      today: string,
      from: readonly TInvoiceStatus[],
      to: 'DRAFT' | 'SENT' | 'PAID',
    ): Promise<boolean> {
      const [row] = await db
        .update(invoices)
        .set({
          status: to,
          sentAt: to === 'SENT' ? sql`now()` : to === 'DRAFT' ? null : sql`${invoices.sentAt}`,
          paidAt: to === 'PAID' ? sql`now()` : null,
          updatedAt: sql`now()`,
        })
        .where(and(own(userId, id), invoiceStatusIn(from, today)))
        .returning({ id: invoices.id });
      return Boolean(row);
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const [row] = await db.delete(invoices).where(own(userId, id)).returning({ id: invoices.id });
      return Boolean(row);
    },
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
