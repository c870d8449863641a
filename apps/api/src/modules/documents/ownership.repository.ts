import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, creditNotes, invoices, quotes } from '../../db/schema.ts';

/** Whether ids sent inside a body belong to the caller (another user's id is treated as absent). */
export function createOwnershipRepository(db: Database) {
  const owns = async (table: typeof clients | typeof quotes | typeof invoices | typeof creditNotes, userId: string, id: string) => {
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.id, id)))
      .limit(1);
    return Boolean(row);
  };
  return {
    client: (userId: string, id: string) => owns(clients, userId, id),
    quote: (userId: string, id: string) => owns(quotes, userId, id),
    invoice: (userId: string, id: string) => owns(invoices, userId, id),
    creditNote: (userId: string, id: string) => owns(creditNotes, userId, id),
  };
}
export type OwnershipRepository = ReturnType<typeof createOwnershipRepository>;
