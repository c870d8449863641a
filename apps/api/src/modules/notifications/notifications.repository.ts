import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TNotificationKind } from '@docket/schemas/share';
import type { Database } from '../../db/client.ts';
import type { PendingWrite } from '../../db/one-statement.ts';
import { notifications } from '../../db/schema.ts';
import { afterCursor, newestFirst } from '../../lib/list-query.ts';

type Inserter = Pick<Database, 'insert'>;

export interface NewNotification {
  kind: TNotificationKind;
  document: { kind: 'quote' | 'invoice' | 'credit_note'; id: string; number: string };
  summary: string;
}

const rowOf = (userId: string, n: NewNotification) => ({
  userId,
  kind: n.kind,
  ...(n.document.kind === 'quote'
    ? { quoteId: n.document.id }
    : n.document.kind === 'invoice'
      ? { invoiceId: n.document.id }
      : { creditNoteId: n.document.id }),
  documentNumber: n.document.number,
  summary: n.summary,
});

export function createNotificationsRepository(db: Database) {
  return {
    /** Inside the transaction of the change it tells about, so both commit (or fail) together. */
    async add(x: Inserter, userId: string, n: NewNotification) {
      await x.insert(notifications).values(rowOf(userId, n));
    },
    /** A notification not yet sent: it goes in with the change it tells about, in the same statement (db/one-statement.ts). */
    entry(userId: string, n: NewNotification): PendingWrite {
      return db.insert(notifications).values(rowOf(userId, n)).getSQL();
    },
    async list(userId: string, limit: number, cursor?: string) {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), afterCursor(cursor, notifications.createdAt, notifications.id)))
        .orderBy(...newestFirst(notifications.createdAt, notifications.id))
        .limit(limit + 1);
    },
    async unread(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },
    /** Marks the given ids (only the user's own), or every unread one when ids is undefined. */
    async markRead(userId: string, ids: string[] | undefined) {
      if (ids && ids.length === 0) return;
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids ? inArray(notifications.id, ids) : undefined));
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
