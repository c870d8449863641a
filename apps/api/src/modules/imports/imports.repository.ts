import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, items } from '../../db/schema.ts';
import type { ClientFields } from '../clients/clients.repository.ts';
import type { ItemFields } from '../items/items.repository.ts';

/** Rows per INSERT statement: well under PostgreSQL's 65,535 parameters. */
const BATCH = 500;

export function createImportsRepository(db: Database) {
  return {
    async clientEmails(userId: string): Promise<Set<string>> {
      const rows = await db.select({ key: sql<string>`lower(${clients.email})` }).from(clients).where(eq(clients.userId, userId));
      return new Set(rows.map((r) => r.key));
    },
    async itemNames(userId: string): Promise<Set<string>> {
      const rows = await db.select({ key: sql<string>`lower(${items.name})` }).from(items).where(eq(items.userId, userId));
      return new Set(rows.map((r) => r.key));
    },
    async clientCount(userId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(clients).where(eq(clients.userId, userId));
      return row?.n ?? 0;
    },
    /** All or nothing: one transaction for every row. */
    async insertClients(userId: string, rows: ClientFields[]) {
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += BATCH) await tx.insert(clients).values(rows.slice(i, i + BATCH).map((r) => ({ userId, ...r })));
      });
    },
    async insertItems(userId: string, rows: ItemFields[]) {
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += BATCH) await tx.insert(items).values(rows.slice(i, i + BATCH).map((r) => ({ userId, ...r })));
      });
    },
  };
}
export type ImportsRepository = ReturnType<typeof createImportsRepository>;
