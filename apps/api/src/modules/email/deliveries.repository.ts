import { and, count, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailDeliveries } from '../../db/schema.ts';

export type DeliveryRow = typeof emailDeliveries.$inferSelect;
export type NewDelivery = typeof emailDeliveries.$inferInsert;

/** Deliveries: every email the app sends or would send, owned by one account. */
export function createDeliveriesRepository(db: Database) {
  return {
    async insert(values: NewDelivery): Promise<DeliveryRow> {
      const [row] = await db.insert(emailDeliveries).values(values).returning();
      return row!;
    },
    async get(userId: string, id: string): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.userId, userId), eq(emailDeliveries.id, id)));
      return row;
    },
    /** For the worker, which acts for whichever account queued the message. */
    async byId(id: string): Promise<DeliveryRow | undefined> {
      const [row] = await db.select().from(emailDeliveries).where(eq(emailDeliveries.id, id));
      return row;
    },
    listForDocument(userId: string, documentId: string): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.userId, userId), or(eq(emailDeliveries.quoteId, documentId), eq(emailDeliveries.invoiceId, documentId))))
        .orderBy(desc(emailDeliveries.createdAt), desc(emailDeliveries.id));
    },
    listByStatus(userId: string, status: string): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.userId, userId), eq(emailDeliveries.status, status)))
        .orderBy(desc(emailDeliveries.createdAt), desc(emailDeliveries.id))
        .limit(200);
    },
    async countSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.userId, userId), gte(emailDeliveries.createdAt, since)));
      return Number(row?.n ?? 0);
    },
    /** Count a try only while the message is still queued; null = already settled (sent or failed). */
    async startAttempt(id: string): Promise<number | null> {
      const [row] = await db
        .update(emailDeliveries)
        .set({ attempts: sql`${emailDeliveries.attempts} + 1` })
        .where(and(eq(emailDeliveries.id, id), eq(emailDeliveries.status, 'queued')))
        .returning({ attempts: emailDeliveries.attempts });
      return row ? row.attempts : null;
    },
    async settle(id: string, values: Partial<Pick<DeliveryRow, 'status' | 'lastError' | 'messageId' | 'sentAt'>>) {
      await db.update(emailDeliveries).set(values).where(eq(emailDeliveries.id, id));
    },
    /** Outbox -> queued, once a mail server is configured. */
    async requeue(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(emailDeliveries)
        .set({ status: 'queued', lastError: null })
        .where(and(eq(emailDeliveries.userId, userId), eq(emailDeliveries.id, id), eq(emailDeliveries.status, 'outbox')))
        .returning({ id: emailDeliveries.id });
      return rows.length === 1;
    },
  };
}
export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
