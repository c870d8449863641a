import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, creditNotes, invoices, memberships, quotes } from '../../db/schema.ts';

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
    /** Whether `userId` is a member of the account (an event's assignee must be). */
    async member(accountId: string, userId: string) {
      const [row] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
        .limit(1);
      return Boolean(row);
    },
    client: (userId: string, id: string) => owns(clients, userId, id),
    /** The client's VAT number and CIS rate (reverse charge and CIS rules), or null when not the caller's. */
    /** `exec`: a transaction to read in (on the embedded database a read outside an open transaction waits for it). */
    async clientTax(
      userId: string,
      id: string,
      exec: Pick<Database, 'select'> = db,
    ): Promise<{ vatNumber: string | null; cisRate: number | null; paymentTermsDays: number | null } | null> {
      const [row] = await exec
        .select({ vatNumber: clients.vatNumber, cisRate: clients.cisRate, paymentTermsDays: clients.paymentTermsDays })
        .from(clients)
        .where(and(eq(clients.userId, userId), eq(clients.id, id)))
        .limit(1);
      return row ?? null;
    },
    quote: (userId: string, id: string) => owns(quotes, userId, id),
    invoice: (userId: string, id: string) => owns(invoices, userId, id),
    creditNote: (userId: string, id: string) => owns(creditNotes, userId, id),
  };
}
export type OwnershipRepository = ReturnType<typeof createOwnershipRepository>;
