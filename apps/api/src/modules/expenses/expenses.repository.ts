import { and, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import type { TExpenseCategory, TExpenseVat, TPaidFrom } from '@docket/schemas/expense';
import type { Database } from '../../db/client.ts';
import { clients, expenseReceipts, expenses } from '../../db/schema.ts';
import { afterCursor, newestFirst } from '../../lib/list-query.ts';
import { likePattern } from '../../lib/pagination.ts';

export interface ExpenseFields {
  date: string;
  supplier: string;
  description: string | null;
  category: TExpenseCategory;
  netPence: number;
  vat: TExpenseVat;
  vatPence: number;
  totalPence: number;
  paidFrom: TPaidFrom | null;
  clientId: string | null;
}

const columns = {
  id: expenses.id,
  userId: expenses.userId,
  date: expenses.date,
  supplier: expenses.supplier,
  description: expenses.description,
  category: expenses.category,
  netPence: expenses.netPence,
  vat: expenses.vat,
  vatPence: expenses.vatPence,
  totalPence: expenses.totalPence,
  paidFrom: expenses.paidFrom,
  clientId: expenses.clientId,
  createdAt: expenses.createdAt,
  updatedAt: expenses.updatedAt,
  receiptMimeType: expenseReceipts.mimeType,
  receiptBytes: expenseReceipts.bytes,
};
export interface ExpenseRow extends ExpenseFields {
  id: string;
  userId: string;
  createdAt: Date;
  updatedAt: Date;
  receiptMimeType: string | null;
  receiptBytes: number | null;
}

export interface ExpenseFilter {
  limit?: number;
  cursor?: string;
  q?: string;
  from?: string;
  to?: string;
  category?: TExpenseCategory;
  clientId?: string;
}

export function createExpensesRepository(db: Database) {
  const own = (userId: string, id: string) => and(eq(expenses.userId, userId), eq(expenses.id, id));
  const select = () => db.select(columns).from(expenses).leftJoin(expenseReceipts, eq(expenseReceipts.expenseId, expenses.id));
  return {
    list(userId: string, o: ExpenseFilter = {}): Promise<ExpenseRow[]> {
      const query = select()
        .where(
          and(
            eq(expenses.userId, userId),
            afterCursor(o.cursor, expenses.createdAt, expenses.id),
            o.from ? gte(expenses.date, o.from) : undefined,
            o.to ? lte(expenses.date, o.to) : undefined,
            o.category ? eq(expenses.category, o.category) : undefined,
            o.clientId ? eq(expenses.clientId, o.clientId) : undefined,
            o.q ? or(ilike(expenses.supplier, likePattern(o.q)), ilike(expenses.description, likePattern(o.q))) : undefined,
          ),
        )
        .orderBy(...newestFirst(expenses.createdAt, expenses.id));
      return o.limit ? query.limit(o.limit + 1) : query;
    },
    async get(userId: string, id: string): Promise<ExpenseRow | null> {
      const [row] = await select().where(own(userId, id)).limit(1);
      return row ?? null;
    },
    async ownsClient(userId: string, clientId: string) {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.userId, userId), eq(clients.id, clientId)))
        .limit(1);
      return Boolean(row);
    },
    async create(userId: string, fields: ExpenseFields, actorUserId: string | null): Promise<string> {
      const [row] = await db
        .insert(expenses)
        .values({ userId, ...fields, actorUserId })
        .returning({ id: expenses.id });
      return row!.id;
    },
    async update(userId: string, id: string, fields: ExpenseFields) {
      const rows = await db
        .update(expenses)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(own(userId, id))
        .returning({ id: expenses.id });
      return rows.length > 0;
    },
    async remove(userId: string, id: string) {
      const rows = await db.delete(expenses).where(own(userId, id)).returning({ id: expenses.id });
      return rows.length > 0;
    },
    /** The purchases whose date falls in the period (VAT return, boxes 4 and 7). */
    inPeriod(userId: string, from: string, to: string) {
      return db
        .select({
          id: expenses.id,
          date: expenses.date,
          supplier: expenses.supplier,
          vat: expenses.vat,
          netPence: expenses.netPence,
          vatPence: expenses.vatPence,
        })
        .from(expenses)
        .where(and(eq(expenses.userId, userId), gte(expenses.date, from), lte(expenses.date, to)))
        .orderBy(expenses.date, expenses.createdAt);
    },
  };
}
export type ExpensesRepository = ReturnType<typeof createExpensesRepository>;

/**
 * Where receipt bytes live: the database by default (the embedded install has nowhere else); a
 * deployment can put an S3-compatible store behind the same three calls.
 */
export interface ReceiptStore {
  put(userId: string, expenseId: string, receipt: { mimeType: string; data: Buffer }): Promise<void>;
  get(userId: string, expenseId: string): Promise<{ mimeType: string; data: Buffer } | null>;
  remove(userId: string, expenseId: string): Promise<boolean>;
}

export function createDatabaseReceiptStore(db: Database): ReceiptStore {
  const own = (userId: string, expenseId: string) => and(eq(expenseReceipts.userId, userId), eq(expenseReceipts.expenseId, expenseId));
  return {
    async put(userId, expenseId, { mimeType, data }) {
      await db
        .insert(expenseReceipts)
        .values({ expenseId, userId, mimeType, data, bytes: data.length })
        .onConflictDoUpdate({ target: expenseReceipts.expenseId, set: { mimeType, data, bytes: data.length, createdAt: sql`now()` } });
    },
    async get(userId, expenseId) {
      const [row] = await db
        .select({ mimeType: expenseReceipts.mimeType, data: expenseReceipts.data })
        .from(expenseReceipts)
        .where(own(userId, expenseId))
        .limit(1);
      return row ?? null;
    },
    async remove(userId, expenseId) {
      const rows = await db.delete(expenseReceipts).where(own(userId, expenseId)).returning({ id: expenseReceipts.expenseId });
      return rows.length > 0;
    },
  };
}
