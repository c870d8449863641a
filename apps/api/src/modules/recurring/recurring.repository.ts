import { invoiceNumberLabel } from '@docket/schemas/document';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, invoices, recurringInvoices, recurringIssues } from '../../db/schema.ts';
import type { Tx } from '../numbering/counters.repository.ts';
import type { StoredLine } from '../documents/line-items.ts';

export type RecurringRow = typeof recurringInvoices.$inferSelect & { lines: StoredLine[] };
export type RecurringValues = Omit<typeof recurringInvoices.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

export interface PendingSend {
  recurringId: string;
  periodDate: string;
  invoiceId: string | null;
  userId: string;
}

export interface IssuedRef {
  id: string;
  /** null: still a draft (numbers are given at issue) */
  invoiceNumber: string | null;
  periodDate: string;
  status: string;
  totalPence: number;
}

export function createRecurringRepository(db: Database) {
  const own = (userId: string, id: string) => and(eq(recurringInvoices.userId, userId), eq(recurringInvoices.id, id));
  const withClient = () =>
    db.select({ r: recurringInvoices, clientName: clients.name }).from(recurringInvoices).innerJoin(clients, eq(clients.id, recurringInvoices.clientId));

  return {
    async list(userId: string) {
      return withClient().where(eq(recurringInvoices.userId, userId)).orderBy(desc(recurringInvoices.createdAt), desc(recurringInvoices.id));
    },
    async get(userId: string, id: string) {
      const [row] = await withClient().where(own(userId, id)).limit(1);
      return row ?? null;
    },
    /** The invoices each schedule issued, oldest period first. */
    async issued(recurringIds: string[]): Promise<Map<string, IssuedRef[]>> {
      const by = new Map<string, IssuedRef[]>();
      if (recurringIds.length === 0) return by;
      const rows = await db
        .select({
          recurringId: recurringIssues.recurringId,
          periodDate: recurringIssues.periodDate,
          id: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          status: invoices.status,
          totalPence: invoices.totalPence,
        })
        .from(recurringIssues)
        .innerJoin(invoices, eq(invoices.id, recurringIssues.invoiceId))
        .where(inArray(recurringIssues.recurringId, recurringIds))
        .orderBy(asc(recurringIssues.periodDate));
      for (const r of rows) by.set(r.recurringId, [...(by.get(r.recurringId) ?? []), r]);
      return by;
    },
    async insert(userId: string, values: RecurringValues): Promise<string> {
      const [row] = await db
        .insert(recurringInvoices)
        .values({ userId, ...values })
        .returning({ id: recurringInvoices.id });
      return row!.id;
    },
    async update(userId: string, id: string, values: Partial<RecurringValues>): Promise<boolean> {
      const [row] = await db
        .update(recurringInvoices)
        .set({ ...values, updatedAt: sql`now()` })
        .where(own(userId, id))
        .returning({ id: recurringInvoices.id });
      return Boolean(row);
    },
    async remove(userId: string, id: string): Promise<boolean> {
      const [row] = await db.delete(recurringInvoices).where(own(userId, id)).returning({ id: recurringInvoices.id });
      return Boolean(row);
    },
    /** Schedules with a period due on or before `today`, not paused, oldest due first. */
    async due(today: string): Promise<{ id: string; userId: string }[]> {
      return db
        .select({ id: recurringInvoices.id, userId: recurringInvoices.userId })
        .from(recurringInvoices)
        .where(and(eq(recurringInvoices.paused, false), lte(recurringInvoices.nextRunDate, today)))
        .orderBy(asc(recurringInvoices.nextRunDate), asc(recurringInvoices.id));
    },
    /** The schedule locked FOR UPDATE inside `fn`'s transaction: two sweeps of one schedule queue here. */
    async withLocked<T>(id: string, fn: (tx: Tx, row: RecurringRow) => Promise<T>): Promise<T | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(recurringInvoices).where(eq(recurringInvoices.id, id)).for('update');
        if (!row) return null;
        return fn(tx, row as RecurringRow);
      });
    },
    /** Claims (schedule, period); false when that period was already issued (the primary key). */
    async claim(tx: Tx, recurringId: string, periodDate: string): Promise<boolean> {
      const rows = await tx.insert(recurringIssues).values({ recurringId, periodDate }).onConflictDoNothing().returning({ p: recurringIssues.periodDate });
      return rows.length === 1;
    },
    /** `sendPending`: an automatic send owed for this period, until a queued message takes it. */
    async linkInvoice(tx: Tx, recurringId: string, periodDate: string, invoiceId: string, sendPending = false) {
      await tx
        .update(recurringIssues)
        .set({ invoiceId, sendPending })
        .where(and(eq(recurringIssues.recurringId, recurringId), eq(recurringIssues.periodDate, periodDate)));
    },
    /** Automatic sends still owed (the limit was reached, the account was not verified, or a crash came first). */
    async pendingSends(): Promise<PendingSend[]> {
      return db
        .select({
          recurringId: recurringIssues.recurringId,
          periodDate: recurringIssues.periodDate,
          invoiceId: recurringIssues.invoiceId,
          userId: recurringInvoices.userId,
        })
        .from(recurringIssues)
        .innerJoin(recurringInvoices, eq(recurringInvoices.id, recurringIssues.recurringId))
        .where(eq(recurringIssues.sendPending, true))
        .orderBy(asc(recurringIssues.periodDate), asc(recurringIssues.recurringId));
    },
    /** In the message's transaction: the owed send is done; false = another process queued it first. */
    async markQueued(tx: Tx, recurringId: string, periodDate: string, deliveryId: string): Promise<boolean> {
      const rows = await tx
        .update(recurringIssues)
        .set({ sendPending: false, deliveryId })
        .where(and(eq(recurringIssues.recurringId, recurringId), eq(recurringIssues.periodDate, periodDate), eq(recurringIssues.sendPending, true)))
        .returning({ p: recurringIssues.periodDate });
      return rows.length === 1;
    },
    async invoiceNumber(invoiceId: string): Promise<string> {
      const [row] = await db.select({ n: invoices.invoiceNumber }).from(invoices).where(eq(invoices.id, invoiceId));
      // A draft that could not be emailed was never issued: it has no number yet.
      return invoiceNumberLabel(row?.n);
    },
    async clearPending(recurringId: string, periodDate: string) {
      await db
        .update(recurringIssues)
        .set({ sendPending: false })
        .where(and(eq(recurringIssues.recurringId, recurringId), eq(recurringIssues.periodDate, periodDate)));
    },
    async advance(tx: Tx, id: string, nextIndex: number, nextRunDate: string | null) {
      await tx
        .update(recurringInvoices)
        .set({ nextIndex, nextRunDate, updatedAt: sql`now()` })
        .where(eq(recurringInvoices.id, id));
    },
  };
}
export type RecurringRepository = ReturnType<typeof createRecurringRepository>;
