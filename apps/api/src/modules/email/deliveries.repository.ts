import { and, count, desc, eq, getTableColumns, gte, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { currentActor } from '../../lib/request-context.ts';
import { lockAccount } from '../../db/account-lock.ts';
import { emailDeliveries, users } from '../../db/schema.ts';

export type DeliveryRow = typeof emailDeliveries.$inferSelect;
/** A delivery as the lists read it: with the member who sent it (null for the app's own emails). */
export type ListedDelivery = DeliveryRow & { actorEmail: string | null; actorName: string | null };
const listed = { ...getTableColumns(emailDeliveries), actorEmail: users.email, actorName: users.name };
export type NewDelivery = typeof emailDeliveries.$inferInsert;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The account as the daily limit sees it (read under its lock). */
export interface AccountForLimit {
  createdAt: Date;
  emailVerifiedAt: Date | null;
}

/** Emails that count towards the daily limit: all but the account's own verification links. */
const counted = (userId: string, since: Date) =>
  and(eq(emailDeliveries.userId, userId), gte(emailDeliveries.createdAt, since), ne(emailDeliveries.kind, 'verification'));

/**
 * Deliveries: every email the app sends or would send, owned by one account. The table is also
 * the send queue (a transactional outbox): a message is queued by the same transaction that
 * writes it, and any process sends it once its time has come (docs/reliability.md, "Email outbox").
 */
export function createDeliveriesRepository(db: Database) {
  return {
    /**
     * One transaction: the account's row lock, today's count against its limit, the message,
     * and `within` (a reminder's claim, a recurring invoice's mark, the history line). Parallel
     * sends of one account queue at the lock, so the limit holds on PostgreSQL too.
     * 'limited' = over the limit, nothing written; `within` may throw to roll everything back.
     */
    async insertCounted(
      values: NewDelivery,
      rule: { since: Date; limitFor: (account: AccountForLimit) => number },
      within?: (tx: Tx, row: DeliveryRow) => Promise<void>,
    ): Promise<DeliveryRow | { limited: number }> {
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, values.userId);
        if (account && values.kind !== 'verification') {
          const limit = rule.limitFor(account);
          const [row] = await tx.select({ n: count() }).from(emailDeliveries).where(counted(values.userId, rule.since));
          if (Number(row?.n ?? 0) >= limit) return { limited: limit };
        }
        const [row] = await tx
          .insert(emailDeliveries)
          .values({ actorUserId: currentActor(), ...values })
          .returning();
        await within?.(tx, row!);
        return row!;
      });
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
    listForDocument(userId: string, documentId: string): Promise<ListedDelivery[]> {
      return db
        .select(listed)
        .from(emailDeliveries)
        .leftJoin(users, eq(users.id, emailDeliveries.actorUserId))
        .where(
          and(
            eq(emailDeliveries.userId, userId),
            or(eq(emailDeliveries.quoteId, documentId), eq(emailDeliveries.invoiceId, documentId), eq(emailDeliveries.creditNoteId, documentId)),
          ),
        )
        .orderBy(desc(emailDeliveries.createdAt), desc(emailDeliveries.id));
    },
    listByStatus(userId: string, status: string): Promise<ListedDelivery[]> {
      return db
        .select(listed)
        .from(emailDeliveries)
        .leftJoin(users, eq(users.id, emailDeliveries.actorUserId))
        .where(and(eq(emailDeliveries.userId, userId), eq(emailDeliveries.status, status)))
        .orderBy(desc(emailDeliveries.createdAt), desc(emailDeliveries.id))
        .limit(200);
    },
    async countSince(userId: string, since: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(emailDeliveries).where(counted(userId, since));
      return Number(row?.n ?? 0);
    },
    /** Verification links sent to the account since `since` (their own hourly cap). */
    async verificationsSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.userId, userId), eq(emailDeliveries.kind, 'verification'), gte(emailDeliveries.createdAt, since)));
      return Number(row?.n ?? 0);
    },
    /**
     * Claims the oldest queued message whose time has come and that no live process holds, and
     * counts the try, before anything is sent: SKIP LOCKED lets several processes claim side by
     * side, and the lease hands a message whose process died mid-send to another one later.
     */
    async claimNext(now: Date, leaseUntil: Date): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .update(emailDeliveries)
        .set({ attempts: sql`${emailDeliveries.attempts} + 1`, leaseUntil })
        .where(
          eq(
            emailDeliveries.id,
            sql`(select d.id from ${emailDeliveries} d
                  where d.status = 'queued' and d.next_attempt_at <= ${now}
                    and (d.lease_until is null or d.lease_until <= ${now})
                  order by d.next_attempt_at, d.id limit 1 for update skip locked)`,
          ),
        )
        .returning();
      return row;
    },
    /**
     * Holds a message this process is still sending: while the send is in flight the lease is
     * renewed, so a slow send (a loaded machine, a slow mail server) is never taken for a dead
     * process's and sent a second time. Only a queued, leased row moves; a settled one stays.
     */
    async extendLease(id: string, leaseUntil: Date): Promise<void> {
      await db
        .update(emailDeliveries)
        .set({ leaseUntil })
        .where(and(eq(emailDeliveries.id, id), eq(emailDeliveries.status, 'queued'), sql`${emailDeliveries.leaseUntil} is not null`));
    },
    async settle(id: string, values: Partial<Pick<DeliveryRow, 'status' | 'lastError' | 'messageId' | 'sentAt' | 'nextAttemptAt'>>) {
      await db
        .update(emailDeliveries)
        .set({ ...values, leaseUntil: null })
        .where(eq(emailDeliveries.id, id));
    },
    /** Outbox -> queued, once a mail server is configured. */
    async requeue(userId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(emailDeliveries)
        .set({ status: 'queued', lastError: null, nextAttemptAt: now, leaseUntil: null })
        .where(and(eq(emailDeliveries.userId, userId), eq(emailDeliveries.id, id), eq(emailDeliveries.status, 'outbox')))
        .returning({ id: emailDeliveries.id });
      return rows.length === 1;
    },
    /** Once the account is verified, its verification links not yet sent are no use: withdrawn. */
    async withdrawVerifications(userId: string): Promise<void> {
      await db
        .delete(emailDeliveries)
        .where(
          and(
            eq(emailDeliveries.userId, userId),
            eq(emailDeliveries.kind, 'verification'),
            or(eq(emailDeliveries.status, 'outbox'), and(eq(emailDeliveries.status, 'queued'), sql`${emailDeliveries.leaseUntil} is null`)),
          ),
        );
    },
    /** Queued messages waiting for a later try or a lapsed lease: due now. */
    async hurryQueued(userId: string, now: Date): Promise<number> {
      const rows = await db
        .update(emailDeliveries)
        .set({ nextAttemptAt: now })
        .where(
          and(
            eq(emailDeliveries.userId, userId),
            eq(emailDeliveries.status, 'queued'),
            or(sql`${emailDeliveries.leaseUntil} is null`, lte(emailDeliveries.leaseUntil, now)),
          ),
        )
        .returning({ id: emailDeliveries.id });
      return rows.length;
    },
  };
}
export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
