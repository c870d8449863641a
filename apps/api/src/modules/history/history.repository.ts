import { and, asc, eq } from 'drizzle-orm';
import type { THistoryAction, THistoryEntry } from '@docket/schemas/history';
import type { Database } from '../../db/client.ts';
import type { PendingWrite } from '../../db/one-statement.ts';
import { documentHistory, users } from '../../db/schema.ts';
import { currentActor } from '../../lib/request-context.ts';
import { actorOf } from '../../lib/actor.ts';

export type HistoryDocumentKind = 'quote' | 'invoice' | 'credit_note';
type Inserter = Pick<Database, 'insert'>;

const keyOf = (kind: HistoryDocumentKind) =>
  kind === 'quote' ? documentHistory.quoteId : kind === 'invoice' ? documentHistory.invoiceId : documentHistory.creditNoteId;
const idColumns = (kind: HistoryDocumentKind, id: string) =>
  kind === 'quote' ? { quoteId: id } : kind === 'invoice' ? { invoiceId: id } : { creditNoteId: id };

/**
 * Append-only: this repository can add an entry and read a document's entries, nothing else.
 * Entries go in inside the transaction of the change they describe, so a change and its
 * history line commit (or fail) together.
 */
export function createHistoryRepository(db: Database) {
  const row = (userId: string, kind: HistoryDocumentKind, id: string, action: THistoryAction, summary: string) => ({
    userId,
    ...idColumns(kind, id),
    action,
    summary,
    actorUserId: currentActor(),
  });
  return {
    async append(x: Inserter, userId: string, kind: HistoryDocumentKind, id: string, action: THistoryAction, summary: string) {
      await x.insert(documentHistory).values(row(userId, kind, id, action, summary));
    },
    /** An entry not yet sent: it goes in with the change it describes, in the same statement (db/one-statement.ts). */
    entry(userId: string, kind: HistoryDocumentKind, id: string, action: THistoryAction, summary: string): PendingWrite {
      return db
        .insert(documentHistory)
        .values(row(userId, kind, id, action, summary))
        .getSQL();
    },
    /** For changes made outside a transaction of their own. */
    appendNow(userId: string, kind: HistoryDocumentKind, id: string, action: THistoryAction, summary: string) {
      return db
        .insert(documentHistory)
        .values({ userId, ...idColumns(kind, id), action, summary, actorUserId: currentActor() })
        .then(() => undefined);
    },
    async list(userId: string, kind: HistoryDocumentKind, id: string): Promise<THistoryEntry[]> {
      const rows = await db
        .select({
          at: documentHistory.at,
          action: documentHistory.action,
          summary: documentHistory.summary,
          actorId: documentHistory.actorUserId,
          actorEmail: users.email,
          actorName: users.name,
        })
        .from(documentHistory)
        .leftJoin(users, eq(users.id, documentHistory.actorUserId))
        .where(and(eq(documentHistory.userId, userId), eq(keyOf(kind), id)))
        .orderBy(asc(documentHistory.at), asc(documentHistory.id));
      return rows.map((r) => ({
        at: r.at.toISOString(),
        action: r.action as THistoryAction,
        summary: r.summary,
        ...actorOf(r.actorId, r.actorEmail, r.actorName),
      }));
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
