import { invoiceNumberLabel } from '@docket/schemas/document';
import { and, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import { QUOTE_STAMPS, type TQuoteStatus, type TStoredInvoiceStatus } from '@docket/schemas/lifecycle';
import type { TQuoteInvoiceType } from '@docket/schemas/document';
import type { Database } from '../../db/client.ts';
import { clients, creditNotes, invoices, quoteLines, quotes } from '../../db/schema.ts';
import type { CountersRepository, Tx } from '../numbering/counters.repository.ts';
import { totalsColumns, type PricedDocument } from '../documents/line-items.ts';
import { linesJson } from '../documents/lines-json.ts';
import { stampValue } from '../documents/stamp.ts';
import type { SearchedDocument } from '../documents/document-search.ts';
import { documentListQuery, listShapeKey, listValues, searchesByIds, withSearchIds, type DocumentListOptions } from '../documents/document-list-shape.ts';
import type { CreateGuard, Executor } from '../documents/create-guard.ts';
import { sessionReadSelect, sessionReadShapes } from '../../cache/session-read.ts';

/** An invoice made from a quote, as the quote's answer lists it. */
export interface QuoteInvoiceRow {
  id: string;
  invoiceNumber: string;
  type: TQuoteInvoiceType;
  status: TStoredInvoiceStatus;
  totalPence: number;
  creditedPence: number;
}

export type QuoteListOptions = DocumentListOptions<TQuoteStatus>;

const quoteColumns = {
  id: quotes.id,
  userId: quotes.userId,
  clientId: quotes.clientId,
  clientName: clients.name,
  quoteNumber: quotes.quoteNumber,
  status: quotes.status,
  taxRateBp: quotes.taxRateBp,
  subtotalPence: quotes.subtotalPence,
  taxPence: quotes.taxPence,
  totalPence: quotes.totalPence,
  sentAt: quotes.sentAt,
  siteAddress: quotes.siteAddress,
  createdAt: quotes.createdAt,
  updatedAt: quotes.updatedAt,
  lines: linesJson(quoteLines, quoteLines.quoteId, quotes.id),
  // Every invoice made from the quote, oldest first, with what credit notes took off each.
  invoices: sql<QuoteInvoiceRow[]>`coalesce((select json_agg(json_build_object(
      'id', ${invoices.id},
      'invoiceNumber', ${invoices.invoiceNumber},
      'type', coalesce(${invoices.quoteInvoiceType}, 'FULL'),
      'status', ${invoices.status},
      'totalPence', ${invoices.totalPence},
      'creditedPence', coalesce((select sum(${creditNotes.totalPence}) from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}), 0)
    ) order by ${invoices.createdAt}, ${invoices.invoiceNumber})
    from ${invoices} where ${invoices.quoteId} = ${quotes.id}), '[]'::json)`.mapWith((v: unknown) =>
    typeof v === 'string' ? (JSON.parse(v) as QuoteInvoiceRow[]) : (v as QuoteInvoiceRow[]),
  ),
};
const selectQuotes = (x: Executor) => x.select(quoteColumns).from(quotes).innerJoin(clients, eq(clients.id, quotes.clientId));

/** A quote row with its lines (in position order), as every read returns it. */
export type QuoteWithLines = Awaited<ReturnType<typeof selectQuotes>>[number];

export interface QuoteFields extends PricedDocument {
  clientId: string;
  siteAddress?: string | null;
}

const searched: SearchedDocument = { table: quotes, number: quotes.quoteNumber, lines: quoteLines, linesKey: quoteLines.quoteId };

/**
 * Invoices made from a quote that still count: not void and not credited in full. While one
 * exists the quote is a record (docs/product.md, "Converted quotes"). Drafts count too.
 */
async function liveInvoicesOf(x: Executor, quoteId: string, userId?: string): Promise<string[]> {
  const credited = sql`coalesce((select sum(${creditNotes.totalPence}) from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}), 0)`;
  const rows = await x
    .select({ n: invoices.invoiceNumber })
    .from(invoices)
    .where(
      and(
        eq(invoices.quoteId, quoteId),
        userId ? eq(invoices.userId, userId) : undefined,
        sql`${invoices.status} <> 'VOID'`,
        sql`${credited} < ${invoices.totalPence}`,
      ),
    )
    .orderBy(invoices.createdAt, invoices.invoiceNumber);
  return rows.map((r) => invoiceNumberLabel(r.n));
}

export function createQuotesRepository(db: Database, counters: CountersRepository) {
  const own = (userId: string, id: string) => and(eq(quotes.userId, userId), eq(quotes.id, id));

  // Prepared once per shape (cache/session-read.ts): one quote, and each list shape (first page,
  // filters, order, page size). A route that leaves its session to its read
  // (http/session-in-query.ts) has it checked in the same statement.
  const byId = sessionReadSelect(
    db,
    'quote_by_id_s',
    selectQuotes(db)
      .where(and(eq(quotes.userId, sql.placeholder('userId')), eq(quotes.id, sql.placeholder('id'))))
      .limit(1),
  );
  const lists = sessionReadShapes<QuoteWithLines>(db, 'quotes_list');
  /** The list of one shape (documents/document-list-shape.ts): the first page keeps its keyset order and index. */
  const statusOf = (o: QuoteListOptions) => (o.status ? eq(quotes.status, o.status) : undefined);
  const searchIds = withSearchIds(db, searched, statusOf);
  const listOf = (o: QuoteListOptions) =>
    lists(listShapeKey(o), () => documentListQuery(selectQuotes(db).$dynamic(), db, searched, o, statusOf(o)), {
      planEachTime: !!o.q && !searchesByIds(o),
    });

  const insertLines = (x: Executor, userId: string, quoteId: string, fields: PricedDocument) =>
    x.insert(quoteLines).values(fields.lines.map((l) => ({ ...l, userId, quoteId })));

  return {
    async list(userId: string, o: QuoteListOptions = {}): Promise<QuoteWithLines[]> {
      return listOf(o)(userId, await searchIds(o, listValues(userId, o)));
    },

    async get(userId: string, id: string): Promise<QuoteWithLines | null> {
      const [row] = await byId(userId, { userId, id });
      return row ?? null;
    },

    async statusOf(userId: string, id: string): Promise<TQuoteStatus | null> {
      const [row] = await db.select({ status: quotes.status }).from(quotes).where(own(userId, id)).limit(1);
      return (row?.status as TQuoteStatus | undefined) ?? null;
    },

    /** Number allocation and insert share one transaction, so a failed insert frees its number. */
    async create(userId: string, prefix: string, fields: QuoteFields, guard?: CreateGuard): Promise<string> {
      return db.transaction(async (tx) => {
        const quoteNumber = await counters.allocate(tx, userId, 'quote', prefix);
        await guard?.(tx);
        const [row] = await tx
          .insert(quotes)
          .values({
            userId,
            clientId: fields.clientId,
            quoteNumber,
            siteAddress: fields.siteAddress ?? null,
            ...totalsColumns(fields),
          })
          .returning({ id: quotes.id });
        await insertLines(tx, userId, row!.id, fields);
        return row!.id;
      });
    },

    /** Replaces client, tax, lines and totals; number and status stay. False when not the user's. */
    async update(userId: string, id: string, fields: QuoteFields, locked: readonly TQuoteStatus[] = [], after?: (tx: Tx) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(quotes)
          .set({
            clientId: fields.clientId,
            ...(fields.siteAddress !== undefined ? { siteAddress: fields.siteAddress } : {}),
            ...totalsColumns(fields),
            // every edit is a new version: an acceptance of the old one no longer holds
            revision: sql`${quotes.revision} + 1`,
            updatedAt: sql`now()`,
          })
          .where(and(own(userId, id), locked.length ? notInArray(quotes.status, [...locked]) : undefined))
          .returning({ id: quotes.id });
        if (!row) return false;
        await tx.delete(quoteLines).where(eq(quoteLines.quoteId, id));
        await insertLines(tx, userId, id, fields);
        await after?.(tx);
        return true;
      });
    },

    /**
     * Moves a quote only when its current status allows it, atomically; false otherwise. A revert
     * (to DRAFT) is a new version of the quote, and is refused while an invoice made from it still
     * counts (not void, not credited in full): `{ invoiced }` names them. The quote row is locked
     * first, so an invoice being made from it at the same moment is either seen or waits.
     */
    async transition(userId: string, id: string, from: readonly TQuoteStatus[], to: TQuoteStatus): Promise<boolean | { invoiced: string[] }> {
      return db.transaction(async (tx) => {
        if (to === 'DRAFT') {
          const [locked] = await tx.select({ id: quotes.id }).from(quotes).where(own(userId, id)).for('update');
          if (!locked) return false;
          const live = await liveInvoicesOf(tx, id);
          if (live.length) return { invoiced: live };
        }
        const [row] = await tx
          .update(quotes)
          .set({
            status: to,
            sentAt: stampValue(QUOTE_STAMPS[to].sentAt, quotes.sentAt),
            ...(to === 'DRAFT' ? { revision: sql`${quotes.revision} + 1` } : {}),
            updatedAt: sql`now()`,
          })
          .where(and(own(userId, id), inArray(quotes.status, [...from])))
          .returning({ id: quotes.id });
        return Boolean(row);
      });
    },

    /** The numbers of the invoices made from the quote that still count (not void, not credited in full). */
    liveInvoices: (userId: string, id: string) => liveInvoicesOf(db, id, userId),

    /** Deletes a quote no invoice was made from (checked in the same statement). */
    async remove(userId: string, id: string): Promise<boolean> {
      const [row] = await db
        .delete(quotes)
        .where(
          and(
            own(userId, id),
            notExists(
              db
                .select({ one: sql`1` })
                .from(invoices)
                .where(eq(invoices.quoteId, quotes.id)),
            ),
          ),
        )
        .returning({ id: quotes.id });
      return Boolean(row);
    },

    /** The numbers of the invoices made from this quote, oldest first. */
    async invoicesFrom(userId: string, id: string): Promise<string[]> {
      const rows = await db
        .select({ n: invoices.invoiceNumber })
        .from(invoices)
        .where(and(eq(invoices.userId, userId), eq(invoices.quoteId, id)))
        .orderBy(invoices.createdAt, invoices.invoiceNumber);
      return rows.map((r) => invoiceNumberLabel(r.n));
    },
  };
}
export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
