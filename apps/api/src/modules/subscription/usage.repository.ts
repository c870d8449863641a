import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, invoices, quotes } from '../../db/schema.ts';

/** A database or a transaction: counts taken inside a create's transaction see its locks. */
export type UsageExecutor = Pick<Database, 'select'>;

/** Counts behind plan limits: documents created this month (Europe/London) and all clients. */
export function createUsageRepository(db: Database) {
  const countSince = async (table: typeof quotes | typeof invoices, userId: string, start: Date, end: Date, x: UsageExecutor = db) => {
    const [row] = await x
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(eq(table.userId, userId), gte(table.createdAt, start), lt(table.createdAt, end)));
    return row?.n ?? 0;
  };
  /** The same counts as SQL, for an insert to return (documents/create-guard.ts, CountedLimit). */
  const countedSince = (table: typeof quotes | typeof invoices, userId: string, start: Date, end: Date): SQL<number> =>
    sql<number>`(select count(*)::int from ${table} where ${and(eq(table.userId, userId), gte(table.createdAt, start), lt(table.createdAt, end))})`.mapWith(
      Number,
    );
  return {
    invoicesInSql: (userId: string, start: Date, end: Date) => countedSince(invoices, userId, start, end),
    clientsSql: (userId: string): SQL<number> => sql<number>`(select count(*)::int from ${clients} where ${eq(clients.userId, userId)})`.mapWith(Number),
    quotesIn: (userId: string, start: Date, end: Date, x?: UsageExecutor) => countSince(quotes, userId, start, end, x),
    invoicesIn: (userId: string, start: Date, end: Date, x?: UsageExecutor) => countSince(invoices, userId, start, end, x),
    async clients(userId: string, x: UsageExecutor = db) {
      const [row] = await x
        .select({ n: sql<number>`count(*)::int` })
        .from(clients)
        .where(eq(clients.userId, userId));
      return row?.n ?? 0;
    },
  };
}
export type UsageRepository = ReturnType<typeof createUsageRepository>;
