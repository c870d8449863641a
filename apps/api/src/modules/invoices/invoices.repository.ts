import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ledgerStatus, type TInvoiceStatus, type TQuoteStatus, type TStoredInvoiceStatus } from '@docket/schemas/lifecycle';
import type { TQuoteInvoiceType } from '@docket/schemas/document';
import type { TFixedVat } from '@docket/schemas/totals';
import { queryRows, type Database } from '../../db/client.ts';
import { writeTogether, type PendingWrite } from '../../db/one-statement.ts';
import { clients, creditNoteLines, creditNotes, invoiceAnswerVersions, invoiceLines, invoices, payments, quoteLines, quotes } from '../../db/schema.ts';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { CountersRepository, Tx } from '../numbering/counters.repository.ts';
import { lineColumns, totalsColumns, type DocumentTotals, type PricedDocument, type StoredLine } from '../documents/line-items.ts';
import { linesJson } from '../documents/lines-json.ts';
import type { SearchedDocument } from '../documents/document-search.ts';
import { documentListQuery, listShapeKey, listValues, searchesByIds, withSearchIds, type DocumentListOptions } from '../documents/document-list-shape.ts';
import { refusedAtLimit, withinLimit, type CountedLimit, type CreateGuard, type Executor } from '../documents/create-guard.ts';
import { inOrder, withTail } from '../../db/transaction-tail.ts';
import { sessionReadOnHandle, sessionReadSelect, sessionReadShapes } from '../../cache/session-read.ts';
import { effectiveInvoiceStatus, invoiceStatusIs } from './invoice-status.ts';
import { creditRefsJson, creditedPenceSql } from './invoice-credits.ts';
import { baseRateBpSql, paidPenceSql, paymentRefsJson } from './invoice-payments.ts';
import { invoiceBalanceJoins } from './invoice-balance-joins.ts';

export type InvoiceListOptions = DocumentListOptions<TInvoiceStatus>;

/** `today` is a placeholder in the prepared statements, filled per request. */
type Today = string | Placeholder;
const invoiceColumns = (today: Today) => ({
  id: invoices.id,
  userId: invoices.userId,
  clientId: invoices.clientId,
  clientName: clients.name,
  quoteId: invoices.quoteId,
  quoteInvoiceType: invoices.quoteInvoiceType,
  siteAddress: invoices.siteAddress,
  invoiceNumber: invoices.invoiceNumber,
  status: effectiveInvoiceStatus(today),
  taxRateBp: invoices.taxRateBp,
  subtotalPence: invoices.subtotalPence,
  taxPence: invoices.taxPence,
  totalPence: invoices.totalPence,
  cisRateBp: invoices.cisRateBp,
  cisDeductionPence: invoices.cisDeductionPence,
  fixedVat: invoices.fixedVat,
  dueDate: invoices.dueDate,
  sentAt: invoices.sentAt,
  paidAt: invoices.paidAt,
  voidedAt: invoices.voidedAt,
  voidReason: invoices.voidReason,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
  lines: linesJson(invoiceLines, invoiceLines.invoiceId, invoices.id),
  credits: creditRefsJson(),
  payments: paymentRefsJson(),
  clientIsBusiness: clients.isBusiness,
  // every read of invoiceColumns names its account as this placeholder
  baseRateBp: baseRateBpSql(sql.placeholder('userId')),
  /** days past due on `today` (negative before the due date) */
  daysPastDue: sql<number>`(cast(${today} as date) - ${invoices.dueDate})`.mapWith(Number),
});
/**
 * What an invoice's answer is kept under, besides the day it is built for (docs/product.md, "Kept
 * invoice answers"): the invoice's and its client's answer versions (moved by trigger with every
 * update of the row), the version of the invoice's lines, payments, credit notes and the members
 * they name (invoice_answer_versions, by trigger), both rows' xmin (new after a restore writes them
 * again) and the account's base rate (late-payment interest).
 */
const answerKeyColumns = {
  id: invoices.id,
  createdAt: invoices.createdAt,
  key: sql<string>`concat_ws('.', ${invoices.answerVersion}, ${invoices}.xmin,
    coalesce((select ${invoiceAnswerVersions.version} from ${invoiceAnswerVersions} where ${invoiceAnswerVersions.invoiceId} = ${invoices.id}), 0),
    ${clients.answerVersion}, ${clients}.xmin, ${baseRateBpSql(sql.placeholder('userId'))})`,
};
/** An invoice of a list or a get, by the key its answer is kept under. */
export interface InvoiceAnswerKey {
  id: string;
  createdAt: Date;
  key: string;
}
const selectInvoices = (x: Executor, today: Today) => x.select(invoiceColumns(today)).from(invoices).innerJoin(clients, eq(clients.id, invoices.clientId));
/** An invoice row with its lines (in position order), as every read returns it. */
export type InvoiceWithLines = Awaited<ReturnType<typeof selectInvoices>>[number];
/** An invoice row read with the key its answer is kept under. */
export type KeyedInvoice = InvoiceWithLines & { answerKey: string };
export interface InvoiceFields extends PricedDocument {
  clientId: string;
  dueDate: string;
  /** docs/product.md, "CIS": null and 0 when no deduction applies */
  cisRateBp: number | null;
  cisDeductionPence: number;
  siteAddress?: string | null;
}

const cisColumns = (c: { cisRateBp: number | null; cisDeductionPence: number }) => ({ cisRateBp: c.cisRateBp, cisDeductionPence: c.cisDeductionPence });

/** What the client owes before payments and credits: the total less any CIS deduction (docs/product.md, "CIS"). */
export const duePenceSql = () => sql<number>`(${invoices.totalPence} - ${invoices.cisDeductionPence})`.mapWith(Number);

/** What goes in with a new invoice, in the same statement (its history entries), given its id. */
export type AlsoWritten = (id: string) => PendingWrite[];

/** Stored columns a status change may set. */
export interface InvoiceState {
  status?: 'DRAFT' | 'SENT' | 'PAID' | 'VOID' | 'CREDITED';
  sentAt?: Date | null;
  paidAt?: Date | null;
  voidedAt?: Date | null;
  voidReason?: string | null;
}

const lockedColumns = (today: Today) => ({
  id: invoices.id,
  clientId: invoices.clientId,
  quoteInvoiceType: invoices.quoteInvoiceType,
  siteAddress: invoices.siteAddress,
  invoiceNumber: invoices.invoiceNumber,
  status: effectiveInvoiceStatus(today),
  taxRateBp: invoices.taxRateBp,
  subtotalPence: invoices.subtotalPence,
  taxPence: invoices.taxPence,
  totalPence: invoices.totalPence,
  cisRateBp: invoices.cisRateBp,
  cisDeductionPence: invoices.cisDeductionPence,
  fixedVat: invoices.fixedVat,
  dueDate: invoices.dueDate,
  createdAt: invoices.createdAt,
  lines: linesJson(invoiceLines, invoiceLines.invoiceId, invoices.id),
  creditedPence: creditedPenceSql(),
  paidPence: paidPenceSql(),
});
/** An invoice as a change sees it, locked until the change's transaction ends. */
export type LockedInvoice = NonNullable<Awaited<ReturnType<ReturnType<typeof createInvoicesRepository>['lock']>>>;

/** A quote as invoicing it sees it: locked, with its lines and the invoices already made from it. */
export interface QuoteForInvoicing extends DocumentTotals {
  id: string;
  clientId: string;
  quoteNumber: string;
  status: TQuoteStatus;
  siteAddress: string | null;
  lines: StoredLine[];
  invoices: {
    id: string;
    /** null: a draft never issued */
    invoiceNumber: string | null;
    type: TQuoteInvoiceType;
    status: TStoredInvoiceStatus;
    taxRateBp: number;
    subtotalPence: number;
    taxPence: number;
    totalPence: number;
    /** its lines (per VAT code and kind, what it charged) */
    lines: StoredLine[];
    fixedVat: TFixedVat[] | null;
    credits: { taxRateBp: number; subtotalPence: number; taxPence: number; lines: StoredLine[]; fixedVat: TFixedVat[] | null }[];
  }[];
}

/** What an invoice made from a quote stores (its totals are set by the caller, per rate). */
export interface QuoteInvoiceValues extends PricedDocument {
  cisRateBp: number | null;
  cisDeductionPence: number;
  clientId: string;
  quoteId: string;
  type: TQuoteInvoiceType;
  siteAddress: string | null;
  dueDate: string;
  /** a final invoice's VAT per code (docs/product.md, "Invoicing a quote in stages") */
  fixedVat: TFixedVat[] | null;
}

const searched: SearchedDocument = { table: invoices, number: invoices.invoiceNumber, lines: invoiceLines, linesKey: invoiceLines.invoiceId };

export function createInvoicesRepository(db: Database, counters: CountersRepository) {
  const own = (userId: string, id: string) => and(eq(invoices.userId, userId), eq(invoices.id, id));

  // Prepared once per shape (cache/session-read.ts): one invoice, and each list shape (first page,
  // filters, order, page size); `today` is a placeholder, filled per request. A route that leaves its
  // session to its read (http/session-in-query.ts) has it checked in the same statement.
  const byId = sessionReadSelect(
    db,
    'invoice_by_id_s',
    selectInvoices(db, sql.placeholder('today'))
      .where(and(eq(invoices.userId, sql.placeholder('userId')), eq(invoices.id, sql.placeholder('id'))))
      .limit(1),
  );
  const today = sql.placeholder('today');
  const statusOf = (o: InvoiceListOptions) => (o.status ? invoiceStatusIs(o.status, today) : undefined);
  const searchIds = withSearchIds(db, searched, statusOf);
  /**
   * The lists of `select`, one statement per shape (documents/document-list-shape.ts): the first
   * page keeps its keyset order and index.
   */
  const listsOf = <S extends PgSelect>(name: string, select: () => S) => {
    const shapes = sessionReadShapes<S['_']['result'][number]>(db, name);
    return (o: InvoiceListOptions) =>
      shapes(listShapeKey(o), () => documentListQuery(select(), db, searched, o, statusOf(o)), {
        planEachTime: !!o.q && !searchesByIds(o),
      });
  };
  const listOf = listsOf('invoices_list', () => selectInvoices(db, today).$dynamic());

  // Kept invoice answers (docs/product.md, "Kept invoice answers"): the same shapes and session
  // check as the lists above, answering each invoice's key instead of its answer; the answers not
  // kept under their key are then read by id, each with the key it was read under.
  const selectKeys = () => db.select(answerKeyColumns).from(invoices).innerJoin(clients, eq(clients.id, invoices.clientId));
  const keysOf = listsOf('invoice_keys_list', () => selectKeys().$dynamic());
  const keyById = sessionReadSelect(
    db,
    'invoice_key_by_id',
    selectKeys()
      .where(and(eq(invoices.userId, sql.placeholder('userId')), eq(invoices.id, sql.placeholder('id'))))
      .limit(1),
  );
  const byIds = sessionReadSelect(
    db,
    'invoices_by_ids',
    db
      .select({ ...invoiceColumns(today), answerKey: answerKeyColumns.key })
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(and(eq(invoices.userId, sql.placeholder('userId')), sql`${invoices.id} = any(${sql.placeholder('ids')}::uuid[])`)),
  );

  /**
   * A DRAFT's insert: the invoice, its lines and `also` (history entries) as one statement, under
   * the id the caller made; with `limit`, the statement itself refuses at the plan's
   * limit (documents/create-guard.ts). A draft gets no number (it is given at issue: assignNumber).
   */
  const sendDraft = (
    tx: Tx,
    userId: string,
    id: string,
    values: Omit<typeof invoices.$inferInsert, 'id' | 'userId' | 'invoiceNumber'>,
    lines: readonly StoredLine[],
    limit: CountedLimit | null,
    also?: AlsoWritten,
  ) => {
    const invoice = tx.insert(invoices).values({ id, userId, invoiceNumber: null, ...values });
    return writeTogether(tx, [
      ...(lines.length ? [tx.insert(invoiceLines).values(lines.map((l) => ({ ...lineColumns(l), userId, invoiceId: id })))] : []),
      ...(also?.(id) ?? []),
      // last: what it returns is the statement's answer
      limit ? invoice.returning({ used: withinLimit(limit) }) : invoice,
    ]);
  };
  /**
   * A DRAFT inside the caller's transaction, after the account's invoice counter row is locked:
   * creates queue there, so a plan limit's re-check (`guard`) cannot be passed by two parallel
   * creates at once.
   */
  const insertDraft = async (
    tx: Tx,
    userId: string,
    values: Omit<typeof invoices.$inferInsert, 'id' | 'userId' | 'invoiceNumber'>,
    lines: readonly StoredLine[],
    guard?: CreateGuard | null,
    also?: AlsoWritten,
  ): Promise<string> => {
    await counters.lock(tx, userId, 'invoice');
    if (guard) await guard(tx);
    const id = randomUUID();
    await sendDraft(tx, userId, id, values, lines, null, also);
    return id;
  };
  const insertLines = (x: Executor, userId: string, invoiceId: string, fields: PricedDocument) =>
    x.insert(invoiceLines).values(fields.lines.map((l) => ({ ...l, userId, invoiceId })));

  // Planned once per connection: with its subqueries, planning it cost about three times running it
  // on PGlite. Its text is built once too (db/built-once.ts): every change to an invoice reads it
  // in a transaction of its own. The join keeps drizzle qualifying column names, which the
  // correlated subqueries need. A route that leaves its session to its read (a payment) has it
  // checked here, inside the transaction and before anything is written.
  const lockedRead = sessionReadOnHandle((tx: Tx) =>
    tx
      .select(lockedColumns(sql.placeholder('today')))
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(and(eq(invoices.userId, sql.placeholder('userId')), eq(invoices.id, sql.placeholder('id')))),
  );

  /**
   * The invoice row locked FOR UPDATE inside the caller's transaction: every change to an
   * invoice (edit, send, void, revert, credit, delete) takes this lock first, so a check and
   * the change it allows cannot be split by a concurrent one.
   */
  const lockWith = async <T = never>(tx: Tx, userId: string, id: string, today: string, also?: SQL<T>) => {
    const locking = () =>
      tx
        .select(also ? { id: invoices.id, also } : { id: invoices.id })
        .from(invoices)
        .where(own(userId, id))
        .for('update')
        .then((rows) => rows as { id: string; also?: T }[]);
    // Read after the lock is held, in a statement of its own: under READ COMMITTED a new statement
    // sees what the transaction we waited for committed (its payments and credit notes); the
    // locking statement's own subqueries would still see the sums from before the wait. Sent with
    // the lock, not after its answer: the database runs it once the lock is held, and no trip back
    // to the API comes between them (db/transaction-tail.ts says why that matters).
    const [[hit], [row]] = await inOrder(db, locking, () => lockedRead(tx, userId, { userId, id, today }));
    if (!hit) return { invoice: null, also: undefined };
    return { invoice: row ?? null, also: hit.also as T };
  };

  return {
    /** Issued invoices that still have money owed, for matching bank lines (docs/product.md, "Reconciliation"). */
    async openForMatching(userId: string): Promise<{ id: string; number: string; clientName: string; duePence: number; issuedOn: string }[]> {
      const b = invoiceBalanceJoins(userId);
      const rows = await queryRows<{ id: string; number: string; client_name: string; due: string | number; issued_on: string }>(
        db,
        sql`select ${invoices.id} as id, ${invoices.invoiceNumber} as number, ${clients.name} as client_name, ${b.balance} as due,
            to_char((${invoices.createdAt} at time zone 'Europe/London')::date, 'YYYY-MM-DD') as issued_on
          from ${invoices} ${b.joins} join ${clients} on ${clients.id} = ${invoices.clientId}
          where ${invoices.userId} = ${userId} and ${invoices.status} not in ('DRAFT', 'VOID') and ${b.balance} > 0
          order by ${invoices.createdAt}`,
      );
      return rows.map((r) => ({ id: r.id, number: r.number, clientName: r.client_name, duePence: Number(r.due), issuedOn: r.issued_on }));
    },
    async list(userId: string, today: string, o: InvoiceListOptions = {}): Promise<InvoiceWithLines[]> {
      return listOf(o)(userId, await searchIds(o, { ...listValues(userId, o), today }));
    },

    /** The keys of a list's invoices (one more than the page, as `list`), in the list's order. */
    async listKeys(userId: string, today: string, o: InvoiceListOptions): Promise<InvoiceAnswerKey[]> {
      return keysOf(o)(userId, await searchIds(o, { ...listValues(userId, o), today }));
    },

    async keyOf(userId: string, id: string, today: string): Promise<InvoiceAnswerKey | null> {
      const [row] = await keyById(userId, { userId, id, today });
      return row ?? null;
    },

    /** The account's invoices of `ids` (in no order; one deleted meanwhile is missing), each with its key. */
    async byIds(userId: string, ids: readonly string[], today: string): Promise<KeyedInvoice[]> {
      if (ids.length === 0) return [];
      // an array literal: uuids hold no character it would need to quote
      return byIds(userId, { userId, ids: `{${ids.join(',')}}`, today });
    },

    async get(userId: string, id: string, today: string): Promise<InvoiceWithLines | null> {
      const [row] = await byId(userId, { userId, id, today });
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

    /** A new DRAFT, without a number (docs/product.md, "Document numbers"). */
    async create(userId: string, fields: InvoiceFields, guard?: CreateGuard | CountedLimit | null, also?: AlsoWritten): Promise<string> {
      const values = {
        clientId: fields.clientId,
        siteAddress: fields.siteAddress ?? null,
        ...totalsColumns(fields),
        ...cisColumns(fields),
        dueDate: fields.dueDate,
      };
      if (typeof guard === 'function') return db.transaction((tx) => insertDraft(tx, userId, values, fields.lines, guard, also));
      // The counter's lock, the insert (which refuses at the limit itself) and COMMIT go together:
      // nothing comes back to the API while the lock is held (db/transaction-tail.ts).
      return refusedAtLimit(guard, () =>
        withTail(db, async (tx) => {
          const id = randomUUID();
          const tail = inOrder(
            db,
            () => counters.lock(tx, userId, 'invoice'),
            () => sendDraft(tx, userId, id, values, fields.lines, guard ?? null, also),
          );
          return { tail: tail.then(() => id) };
        }),
      );
    },

    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => db.transaction(fn),
    /** A transaction whose last statements go with its COMMIT (db/transaction-tail.ts). */
    withTail: <T>(start: (tx: Tx) => Promise<{ tail: Promise<T> }>): Promise<T> => withTail(db, start),

    /** A DRAFT inside the caller's transaction, dated `createdAt` (a recurring invoice's period). */
    async createIn(tx: Tx, userId: string, fields: InvoiceFields, createdAt: Date): Promise<{ id: string }> {
      const id = await insertDraft(
        tx,
        userId,
        {
          clientId: fields.clientId,
          siteAddress: fields.siteAddress ?? null,
          ...totalsColumns(fields),
          ...cisColumns(fields),
          dueDate: fields.dueDate,
          createdAt,
          updatedAt: createdAt,
        },
        fields.lines,
      );
      return { id };
    },

    /**
     * The invoice's number, given at issue inside the caller's transaction (the invoice is locked):
     * the next free one from the counter, which is locked FOR UPDATE until the issue commits, so
     * parallel issues get consecutive numbers and a rolled-back issue frees its number. An
     * invoice that already has one (issued before, then reverted; or a draft made before numbers
     * were given at issue) keeps it.
     */
    async assignNumber(tx: Tx, userId: string, id: string, prefix: string): Promise<string> {
      const [row] = await tx.select({ n: invoices.invoiceNumber }).from(invoices).where(eq(invoices.id, id));
      if (row?.n) return row.n;
      const invoiceNumber = await counters.allocate(tx, userId, 'invoice', prefix);
      await tx.update(invoices).set({ invoiceNumber }).where(eq(invoices.id, id));
      return invoiceNumber;
    },

    /** The invoice locked for a change (lockWith, above); null when it is not the account's. */
    async lock(tx: Tx, userId: string, id: string, today: string) {
      return (await lockWith(tx, userId, id, today)).invoice;
    },

    /**
     * `lock`, with `also` answered by the locking statement (a check the caller would otherwise
     * send on its own: one statement fewer). Nothing is answered when the invoice is not there.
     */
    lockWith,

    async setState(tx: Tx, id: string, state: InvoiceState) {
      await tx
        .update(invoices)
        .set({ ...state, updatedAt: sql`now()` })
        .where(eq(invoices.id, id));
    },

    /**
     * After a payment or credit, inside the caller's transaction and lock: the stored status the
     * ledger implies (lifecycle's ledgerStatus). PAID records the date of the payment that
     * settled it (the last recorded); leaving PAID clears it.
     */
    async settleFromLedger(tx: Tx, id: string) {
      const [row] = await tx
        .select({
          status: invoices.status,
          // what the client pays: the total less any CIS deduction
          totalPence: duePenceSql(),
          paidPence: paidPenceSql(),
          creditedPence: creditedPenceSql(),
          lastPaidOn: sql<
            string | null
          >`(select ${payments.paidOn} from ${payments} where ${payments.invoiceId} = ${invoices.id} order by ${payments.createdAt} desc, ${payments.id} desc limit 1)`,
        })
        .from(invoices)
        // The join keeps drizzle qualifying column names, which the correlated subqueries need.
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .where(eq(invoices.id, id));
      if (!row) return;
      const current = row.status as TStoredInvoiceStatus;
      const next = ledgerStatus(current, row);
      if (next === current && next !== 'PAID') return;
      const paidAt = next === 'PAID' && row.lastPaidOn ? new Date(`${row.lastPaidOn}T00:00:00Z`) : null;
      await tx
        .update(invoices)
        .set({ status: next, paidAt, updatedAt: sql`now()` })
        .where(eq(invoices.id, id));
    },

    async setDueDate(tx: Tx, id: string, dueDate: string) {
      await tx
        .update(invoices)
        .set({ dueDate, updatedAt: sql`now()` })
        .where(eq(invoices.id, id));
    },

    /** Replaces a draft's client, tax, due date, lines and totals; number and status stay. */
    async updateDraft(tx: Tx, userId: string, id: string, fields: InvoiceFields) {
      await tx
        .update(invoices)
        .set({
          clientId: fields.clientId,
          ...(fields.siteAddress !== undefined ? { siteAddress: fields.siteAddress } : {}),
          ...totalsColumns(fields),
          ...cisColumns(fields),
          // An edited final is priced from its lines: the VAT it fixed at creation no longer applies.
          ...(fields.fixedVat !== undefined ? { fixedVat: fields.fixedVat } : {}),
          dueDate: fields.dueDate,
          updatedAt: sql`now()`,
        })
        .where(own(userId, id));
      await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
      await insertLines(tx, userId, id, fields);
    },

    /** Deletes a draft; its lines and history go with it (cascade). */
    async removeLocked(tx: Tx, id: string) {
      await tx.delete(invoices).where(eq(invoices.id, id));
    },

    /**
     * Runs `fn` with the quote locked FOR UPDATE (so invoices made from one quote queue, and each
     * sees the ones before it), its lines, and the invoices already made from it with their
     * credit notes. Null when the quote is not the user's.
     */
    async withLockedQuote<T>(userId: string, quoteId: string, fn: (tx: Tx, quote: QuoteForInvoicing) => Promise<T>): Promise<T | null> {
      return db.transaction(async (tx) => {
        const [quote] = await tx
          .select()
          .from(quotes)
          .where(and(eq(quotes.userId, userId), eq(quotes.id, quoteId)))
          .for('update');
        if (!quote) return null;
        const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)).orderBy(quoteLines.position);
        const made = await tx
          .select({
            id: invoices.id,
            invoiceNumber: invoices.invoiceNumber,
            type: invoices.quoteInvoiceType,
            status: invoices.status,
            taxRateBp: invoices.taxRateBp,
            subtotalPence: invoices.subtotalPence,
            taxPence: invoices.taxPence,
            totalPence: invoices.totalPence,
            fixedVat: invoices.fixedVat,
          })
          .from(invoices)
          .where(eq(invoices.quoteId, quoteId))
          .orderBy(invoices.createdAt, invoices.invoiceNumber);
        const madeIds = made.map((m) => m.id);
        const credits = made.length
          ? await tx
              .select({
                id: creditNotes.id,
                invoiceId: creditNotes.invoiceId,
                taxRateBp: creditNotes.taxRateBp,
                subtotalPence: creditNotes.subtotalPence,
                taxPence: creditNotes.taxPence,
                fixedVat: creditNotes.fixedVat,
              })
              .from(creditNotes)
              .where(inArray(creditNotes.invoiceId, madeIds))
          : [];
        const madeLines = made.length
          ? await tx.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, madeIds)).orderBy(invoiceLines.position)
          : [];
        const creditLines = credits.length
          ? await tx
              .select()
              .from(creditNoteLines)
              .where(
                inArray(
                  creditNoteLines.creditNoteId,
                  credits.map((c) => c.id),
                ),
              )
              .orderBy(creditNoteLines.position)
          : [];
        const invoicesMade = made.map((m) => ({
          ...m,
          type: (m.type ?? 'FULL') as TQuoteInvoiceType,
          status: m.status as TStoredInvoiceStatus,
          lines: madeLines.filter((l) => l.invoiceId === m.id).map(lineColumns),
          credits: credits
            .filter((c) => c.invoiceId === m.id)
            .map((c) => ({
              taxRateBp: c.taxRateBp,
              subtotalPence: c.subtotalPence,
              taxPence: c.taxPence,
              fixedVat: c.fixedVat,
              lines: creditLines.filter((l) => l.creditNoteId === c.id).map(lineColumns),
            })),
        }));
        return fn(tx, { ...quote, status: quote.status as TQuoteStatus, lines: lines.map(lineColumns), invoices: invoicesMade });
      });
    },

    /** A new DRAFT invoice made from a quote, inside withLockedQuote's transaction. */
    async insertFromQuote(tx: Tx, userId: string, values: QuoteInvoiceValues, guard?: CreateGuard, also?: AlsoWritten): Promise<{ id: string }> {
      const id = await insertDraft(
        tx,
        userId,
        {
          clientId: values.clientId,
          quoteId: values.quoteId,
          quoteInvoiceType: values.type,
          siteAddress: values.siteAddress,
          ...totalsColumns(values),
          ...cisColumns(values),
          fixedVat: values.fixedVat,
          dueDate: values.dueDate,
        },
        values.lines,
        guard,
        also,
      );
      return { id };
    },
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
