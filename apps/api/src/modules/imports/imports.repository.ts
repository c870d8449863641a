import { and, eq, inArray, sql } from 'drizzle-orm';
import { setImmediate as yieldTurn } from 'node:timers/promises';
import { isEmbedded, type Database } from '../../db/client.ts';
import { lockAccount } from '../../db/account-lock.ts';
import { clients, expenses, items } from '../../db/schema.ts';
import type { TImportKind } from '@docket/schemas/data-transfer';

/**
 * What an import reads and writes. Rows arrive as JSON batches from the import worker
 * (import-plan.ts), each row with the id it gets, and are parsed one batch at a time.
 */
export function createImportsRepository(db: Database) {
  const tableOf = (kind: TImportKind) => (kind === 'clients' ? clients : kind === 'items' ? items : expenses);

  /** Deletes the rows an import wrote before it failed, a batch at a time. */
  async function removeWritten(userId: string, kind: TImportKind, ids: string[]) {
    const table = tableOf(kind);
    for (let i = 0; i < ids.length; i += 1000) await db.delete(table).where(and(eq(table.userId, userId), inArray(table.id, ids.slice(i, i + 1000))));
  }

  return {
    /** The account's duplicate keys, as import-plan.ts's clientKey and itemKey and expense-dialects.ts's expenseKey make them. */
    async existingKeys(userId: string, kind: TImportKind): Promise<string[]> {
      const key =
        kind === 'clients'
          ? sql<string>`case when ${clients.email} <> '' then lower(${clients.email}) else 'name:' || lower(${clients.name}) end`
          : kind === 'items'
            ? sql<string>`lower(${items.name})`
            : // expense-dialects.ts's expenseKey: day, supplier and amounts
              sql<string>`to_char(${expenses.date}, 'YYYY-MM-DD') || '|' || lower(${expenses.supplier}) || '|' || ${expenses.netPence} || '|' || ${expenses.vatPence}`;
      const table = tableOf(kind);
      const rows = await db.select({ key }).from(table).where(eq(table.userId, userId));
      return rows.map((r) => r.key);
    },
    async clientCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(clients)
        .where(eq(clients.userId, userId));
      return row?.n ?? 0;
    },
    /**
     * Writes every batch, all or nothing, giving way to other requests between batches.
     * PostgreSQL: one transaction on one pooled connection; other requests use the other
     * connections meanwhile. PGlite has one connection, and a transaction holds it until it ends,
     * so there each batch commits on its own and the next waits its turn behind whatever other
     * requests queued meanwhile; if a batch fails, the batches already written are deleted again.
     */
    /**
     * `max` (-1 for none) is the plan's client limit, counted again under the account's lock so
     * parallel imports cannot pass it together (docs/reliability.md, "Limits under parallel
     * requests"); null = over the limit, nothing written.
     */
    async insertBatches(userId: string, kind: TImportKind, batches: string[], max = -1): Promise<number | null> {
      const table = tableOf(kind);
      const rowsOf = (batch: string) => (JSON.parse(batch) as { id: string }[]).map((r) => ({ ...r, userId }));
      const held = async (tx: Pick<Database, 'select'>) => {
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(clients)
          .where(eq(clients.userId, userId));
        return row?.n ?? 0;
      };
      const limited = kind === 'clients' && max !== -1;
      if (!isEmbedded(db)) {
        return db.transaction(async (tx) => {
          await lockAccount(tx, userId);
          const parsed = batches.map(rowsOf);
          const total = parsed.reduce((n, rows) => n + rows.length, 0);
          if (limited && (await held(tx)) + total > max) return null;
          for (const rows of parsed) {
            await tx.insert(table).values(rows as never);
            await yieldTurn();
          }
          return total;
        });
      }
      const written: string[] = [];
      const over = Symbol('over the limit');
      try {
        for (const batch of batches) {
          const rows = rowsOf(batch);
          // Each batch commits on its own, counted under the account's lock; the next waits its
          // turn behind the queries other requests queued meanwhile.
          await db.transaction(async (tx) => {
            await lockAccount(tx, userId);
            if (limited && (await held(tx)) + rows.length > max) throw over;
            await tx.insert(table).values(rows as never);
          });
          written.push(...rows.map((r) => r.id));
          await yieldTurn();
        }
      } catch (err) {
        await removeWritten(userId, kind, written);
        if (err === over) return null;
        throw err;
      }
      return written.length;
    },
  };
}
export type ImportsRepository = ReturnType<typeof createImportsRepository>;
