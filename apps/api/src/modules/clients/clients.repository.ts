import { and, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { lockAccount } from '../../db/account-lock.ts';
import { calendarEvents, clients, invoices, quotes } from '../../db/schema.ts';
import { afterCursorPlaceholders, containsTerm, cursorValues, newestFirst } from '../../lib/list-query.ts';
import { likePattern } from '../../lib/pagination.ts';
import { accountSizes } from '../documents/account-sizes.ts';
import { sessionReadSelect, sessionReadShapes } from '../../cache/session-read.ts';
import type { TPeppolId } from '@docket/schemas/peppol';
import { refusedAtLimit, withinLimit, type CountedLimit } from '../documents/create-guard.ts';
import { inOrder, withTail } from '../../db/transaction-tail.ts';

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

/**
 * A list's shape (which filters, page size; a search walked or planned with its term): lists of one
 * shape share one prepared statement.
 */
const shapeKey = (o: ClientListOptions, walk: boolean) => [o.cursor ? 'cursor' : '', o.q ? (walk ? 'walk' : 'q') : '', o.limit ?? ''].join('|');
const listValues = (userId: string, o: ClientListOptions, walk: boolean) => ({
  userId,
  ...(o.cursor ? cursorValues(o.cursor) : {}),
  ...(o.q ? (walk ? { term: o.q } : { pattern: likePattern(o.q) }) : {}),
});
/**
 * A search's condition: planned with its LIKE pattern (a trigram index for a rare term), or, in an
 * account small enough to walk (documents/account-sizes.ts), matched without LIKE on a plan made
 * once: the same rows, as ILIKE compares lower() of both sides.
 */
function searchOf(walk: boolean) {
  if (!walk) {
    const pattern = sql.placeholder('pattern');
    return or(ilike(clients.name, pattern), ilike(clients.email, pattern));
  }
  const term = sql.placeholder('term');
  return or(containsTerm(clients.name, term), containsTerm(clients.email, term));
}

export function createClientsRepository(db: Database) {
  // Prepared once per shape (cache/session-read.ts); a route that leaves its session to its read
  // (http/session-in-query.ts) has it checked in the same statement.
  const lists = sessionReadShapes<ClientRow>(db, 'clients_list');
  const walkable = accountSizes(db, clients);
  const listOf = (o: ClientListOptions, walk: boolean) =>
    lists(
      shapeKey(o, walk),
      () => {
        const query = db
          .select()
          .from(clients)
          .where(
            and(
              eq(clients.userId, sql.placeholder('userId')),
              o.cursor ? afterCursorPlaceholders(clients.createdAt, clients.id) : undefined,
              o.q ? searchOf(walk) : undefined,
            ),
          )
          .orderBy(...newestFirst(clients.createdAt, clients.id))
          .$dynamic();
        // one more row than the limit: toPage's look-ahead, written into the text (a LIMIT parameter is re-planned per request)
        if (o.limit) query.limit(sql.raw(String(o.limit + 1)) as unknown as number);
        return query;
      },
      { planEachTime: !!o.q && !walk },
    );
  const byId = sessionReadSelect(
    db,
    'client_by_id_s',
    db
      .select()
      .from(clients)
      .where(and(eq(clients.userId, sql.placeholder('userId')), eq(clients.id, sql.placeholder('id'))))
      .limit(1),
  );
  return {
    /** A list or page of clients (one more row than the limit: toPage's look-ahead), newest first. */
    async list(userId: string, o: ClientListOptions = {}): Promise<ClientRow[]> {
      const walk = o.q ? await walkable(userId) : false;
      return listOf(o, walk)(userId, listValues(userId, o, walk));
    },
    async get(userId: string, id: string) {
      const [row] = await byId(userId, { userId, id });
      return row ?? null;
    },
    /** Under the account's lock when the plan has a `limit`: the insert counts the clients held before it and refuses at the limit. */
    async create(userId: string, fields: ClientFields, limit?: CountedLimit | null): Promise<ClientRow> {
      const insert = (x: Pick<Database, 'insert'>) => x.insert(clients).values({ userId, ...peppolColumns(fields) });
      if (!limit) return (await insert(db).returning())[0]!;
      // The account's lock (clients held are counted under it), the insert, which refuses at the
      // limit itself, and COMMIT go together (db/transaction-tail.ts).
      return refusedAtLimit(limit, () =>
        withTail(db, async (tx) => {
          const written = inOrder(
            db,
            () => lockAccount(tx, userId),
            () => insert(tx).returning({ ...getTableColumns(clients), used: withinLimit(limit) }),
          );
          return {
            tail: written.then(([, rows]) => {
              const { used: _, ...row } = rows[0]!;
              return row;
            }),
          };
        }),
      );
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
