import { and, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { lockAccount } from '../../db/account-lock.ts';
import { calendarEvents, clients, invoices, quotes } from '../../db/schema.ts';
import { afterCursor, newestFirst } from '../../lib/list-query.ts';
import { likePattern } from '../../lib/pagination.ts';
import { preparedPerLimit } from '../../cache/prepared-statements.ts';
import type { TPeppolId } from '@docket/schemas/peppol';
import type { CountedLimit } from '../documents/create-guard.ts';

export type ClientRow = typeof clients.$inferSelect;
export interface ClientFields {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  isBusiness?: boolean;
  vatNumber?: string | null;
  /** absent keeps the stored value */
  cisRate?: number | null;
  /** Peppol participant id; null clears it, absent keeps the stored value */
  peppolId?: TPeppolId | null;
  /** absent keeps the stored value; null = the company's terms */
  paymentTermsDays?: number | null;
}

/** The two Peppol columns from a body's peppolId (nothing when it is absent). */
export const peppolColumns = ({ peppolId, ...fields }: ClientFields) => ({
  ...fields,
  ...(peppolId === undefined ? {} : { peppolScheme: peppolId?.scheme ?? null, peppolId: peppolId?.value ?? null }),
});
export interface ClientListOptions {
  limit?: number;
  cursor?: string;
  q?: string;
}

const listWhere = (userId: string, o: ClientListOptions) =>
  and(
    eq(clients.userId, userId),
    afterCursor(o.cursor, clients.createdAt, clients.id),
    o.q ? or(ilike(clients.name, likePattern(o.q)), ilike(clients.email, likePattern(o.q))) : undefined,
  );

export function createClientsRepository(db: Database) {
  // The unfiltered first page, planned once per page size (preparedPerLimit).
  const firstPage = preparedPerLimit(db, 'clients_first_page', (limit) =>
    db
      .select()
      .from(clients)
      .where(eq(clients.userId, sql.placeholder('userId')))
      .orderBy(...newestFirst(clients.createdAt, clients.id))
      .limit(limit),
  );
  return {
    /** A list or page of clients (one more row than the limit: toPage's look-ahead), newest first. */
    list(userId: string, o: ClientListOptions = {}): Promise<ClientRow[]> {
      if (o.limit && !o.cursor && !o.q) return firstPage(o.limit + 1)({ userId });
      const query = db
        .select()
        .from(clients)
        .where(listWhere(userId, o))
        .orderBy(...newestFirst(clients.createdAt, clients.id))
        .$dynamic();
      return o.limit ? query.limit(o.limit + 1) : query;
    },
    async get(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(clients)
        .where(and(eq(clients.userId, userId), eq(clients.id, id)))
        .limit(1);
      return row ?? null;
    },
    /** Under the account's lock; the insert counts the clients held before it for `limit`, which throws to refuse. */
    async create(userId: string, fields: ClientFields, limit?: CountedLimit | null) {
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const insert = tx.insert(clients).values({ userId, ...peppolColumns(fields) });
        if (!limit) return (await insert.returning())[0]!;
        const [{ used, ...row }] = (await insert.returning({ ...getTableColumns(clients), used: limit.used })) as [ClientRow & { used: number }];
        limit.check(used);
        return row;
      });
    },
    async update(userId: string, id: string, fields: ClientFields) {
      const [row] = await db
        .update(clients)
        .set({ ...peppolColumns(fields), updatedAt: sql`now()` })
        .where(and(eq(clients.userId, userId), eq(clients.id, id)))
        .returning();
      return row ?? null;
    },
    /** Deletes only a client nothing refers to; answers what happened, atomically. */
    async deleteIfUnused(userId: string, id: string): Promise<'deleted' | 'in-use' | 'missing'> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: clients.id })
          .from(clients)
          .where(and(eq(clients.userId, userId), eq(clients.id, id)))
          .for('update');
        if (!row) return 'missing';
        const [refs] = await queryRows<{ used: boolean }>(
          tx,
          sql`select (
            exists (select 1 from ${quotes} where ${quotes.clientId} = ${id})
            or exists (select 1 from ${invoices} where ${invoices.clientId} = ${id})
            or exists (select 1 from ${calendarEvents} where ${calendarEvents.clientId} = ${id})
          ) as used`,
        );
        if (refs?.used) return 'in-use';
        await tx.delete(clients).where(eq(clients.id, id));
        return 'deleted';
      });
    },
    async count(userId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(clients)
        .where(eq(clients.userId, userId));
      return row?.n ?? 0;
    },
    /** Whether this user owns the client (for ids sent inside other bodies). */
    async exists(userId: string, id: string) {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.userId, userId), eq(clients.id, id)))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type ClientsRepository = ReturnType<typeof createClientsRepository>;
