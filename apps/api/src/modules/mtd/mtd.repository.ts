import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../numbering/counters.repository.ts';
import { companies, invoices, mtdConnections, mtdOauthStates, vatReturns } from '../../db/schema.ts';

export type MtdConnectionRow = typeof mtdConnections.$inferSelect;
export type VatReturnRow = typeof vatReturns.$inferSelect;
export type NewVatReturn = typeof vatReturns.$inferInsert;

/** The HMRC connection, authorisations in flight, and filed returns of an account. */
export function createMtdRepository(db: Database) {
  return {
    async companyVatNumber(accountId: string): Promise<string | null> {
      const [row] = await db.select({ v: companies.vatNumber }).from(companies).where(eq(companies.userId, accountId)).limit(1);
      return row?.v ?? null;
    },
    async connection(accountId: string): Promise<MtdConnectionRow | null> {
      const [row] = await db.select().from(mtdConnections).where(eq(mtdConnections.accountId, accountId)).limit(1);
      return row ?? null;
    },
    async saveConnection(row: typeof mtdConnections.$inferInsert) {
      await db
        .insert(mtdConnections)
        .values(row)
        .onConflictDoUpdate({
          target: mtdConnections.accountId,
          set: {
            vrn: row.vrn,
            accessToken: row.accessToken,
            refreshToken: row.refreshToken,
            expiresAt: row.expiresAt,
            connectedAt: row.connectedAt,
            connectedBy: row.connectedBy,
          },
        });
    },
    async saveTokens(accountId: string, t: { accessToken: string; refreshToken: string; expiresAt: Date }) {
      await db.update(mtdConnections).set(t).where(eq(mtdConnections.accountId, accountId));
    },
    async deleteConnection(accountId: string): Promise<boolean> {
      const rows = await db.delete(mtdConnections).where(eq(mtdConnections.accountId, accountId)).returning({ a: mtdConnections.accountId });
      return rows.length > 0;
    },
    async saveState(row: typeof mtdOauthStates.$inferInsert, olderThan: Date) {
      // Abandoned authorisations go as new ones start: no sweep job needed.
      await db.delete(mtdOauthStates).where(sql`${mtdOauthStates.createdAt} < ${olderThan.toISOString()}`);
      await db.insert(mtdOauthStates).values(row);
    },
    /** Single use: the row is gone whether or not the rest of the callback succeeds. */
    async takeState(stateHash: string) {
      const [row] = await db.delete(mtdOauthStates).where(eq(mtdOauthStates.stateHash, stateHash)).returning();
      return row ?? null;
    },
    async returnFor(accountId: string, vrn: string, periodKey: string): Promise<VatReturnRow | null> {
      const [row] = await db
        .select()
        .from(vatReturns)
        .where(and(eq(vatReturns.accountId, accountId), eq(vatReturns.vrn, vrn), eq(vatReturns.periodKey, periodKey)))
        .limit(1);
      return row ?? null;
    },
    async insertReturn(row: NewVatReturn): Promise<VatReturnRow> {
      const [saved] = await db.insert(vatReturns).values(row).returning();
      return saved!;
    },
    returns(accountId: string): Promise<VatReturnRow[]> {
      return db.select().from(vatReturns).where(eq(vatReturns.accountId, accountId)).orderBy(desc(vatReturns.periodEnd));
    },
    /** The tax point (London day) of each of the account's invoices named: what a credit note corrects. */
    async invoiceDays(accountId: string, ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: invoices.id, day: sql<string>`to_char((${invoices.createdAt} at time zone 'Europe/London')::date, 'YYYY-MM-DD')` })
        .from(invoices)
        .where(and(eq(invoices.userId, accountId), inArray(invoices.id, ids)));
      return new Map(rows.map((r) => [r.id, r.day]));
    },
    /** filedPeriodHolding as a subquery, for a statement the caller sends anyway (filed-periods.ts, `checkIn`). */
    filedPeriodHoldingSql(accountId: string, day: string): SQL<FiledPeriod | null> {
      return sql`(select json_build_object('periodStart', ${vatReturns.periodStart}, 'periodEnd', ${vatReturns.periodEnd}) from ${vatReturns}
        where ${and(eq(vatReturns.accountId, accountId), lte(vatReturns.periodStart, day), gte(vatReturns.periodEnd, day))} limit 1)`.mapWith((v: unknown) =>
        typeof v === 'string' ? (JSON.parse(v) as FiledPeriod) : (v as FiledPeriod | null),
      );
    },
    /** A filed return whose period holds the day (docs/product.md, "Filed periods are locked"). */
    async filedPeriodHolding(accountId: string, day: string, tx?: Tx): Promise<{ periodStart: string; periodEnd: string } | null> {
      const [row] = await (tx ?? db)
        .select({ periodStart: vatReturns.periodStart, periodEnd: vatReturns.periodEnd })
        .from(vatReturns)
        .where(and(eq(vatReturns.accountId, accountId), lte(vatReturns.periodStart, day), gte(vatReturns.periodEnd, day)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type MtdRepository = ReturnType<typeof createMtdRepository>;
/** A filed VAT return's period, days as 'YYYY-MM-DD'. */
export interface FiledPeriod {
  periodStart: string;
  periodEnd: string;
}
