import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  clientCredits,
  invoicePayCodes,
  invoices,
  paymentProviders,
  paymentSessions,
  payments,
  providerEvents,
  quotes,
  statementLinks,
  statementPayCodes,
} from '../../db/schema.ts';
import type { Tx } from '../numbering/counters.repository.ts';
import type { ProviderName, WebhookEvent } from './payment-provider.ts';

export interface SealedProvider {
  secretKeyEnc: string;
  webhookSecretEnc: string;
  keyHint: string;
  enabled: boolean;
}

export type ProviderRow = typeof paymentProviders.$inferSelect;
export type SessionRow = typeof paymentSessions.$inferSelect;

export interface NewSession {
  invoiceId: string | null;
  clientId: string;
  kind: 'invoice' | 'deposit' | 'statement';
  provider: ProviderName;
  idempotencyKey: string;
  amountPence: number;
  surchargePence: number;
}

export interface StoredEvent {
  userId: string;
  provider: ProviderName;
  eventId: string;
  event: WebhookEvent;
  attempts: number;
}

/**
 * Online payments' tables. Every query names the tenant (user_id today; account_id after the
 * account change) here and nowhere else, so that change is mechanical.
 */
export function createOnlinePaymentsRepository(db: Database) {
  const ownProvider = (userId: string, provider: ProviderName) => and(eq(paymentProviders.userId, userId), eq(paymentProviders.provider, provider));
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    // ---- settings ----
    async upsertProvider(userId: string, provider: ProviderName, sealed: SealedProvider): Promise<ProviderRow> {
      const [row] = await db
        .insert(paymentProviders)
        .values({ userId, provider, ...sealed, accountKey: randomBytes(18).toString('base64url') })
        .onConflictDoUpdate({
          target: [paymentProviders.userId, paymentProviders.provider],
          set: { ...sealed, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },
    listProviders(userId: string): Promise<ProviderRow[]> {
      return db.select().from(paymentProviders).where(eq(paymentProviders.userId, userId)).orderBy(asc(paymentProviders.provider));
    },
    async provider(userId: string, provider: ProviderName): Promise<ProviderRow | null> {
      const [row] = await db.select().from(paymentProviders).where(ownProvider(userId, provider));
      return row ?? null;
    },
    async deleteProvider(userId: string, provider: ProviderName): Promise<boolean> {
      const rows = await db.delete(paymentProviders).where(ownProvider(userId, provider)).returning({ id: paymentProviders.id });
      return rows.length > 0;
    },
    /** The webhook URL's account key: the only lookup not starting from a signed-in account. */
    async byAccountKey(provider: ProviderName, accountKey: string): Promise<ProviderRow | null> {
      const [row] = await db
        .select()
        .from(paymentProviders)
        .where(and(eq(paymentProviders.provider, provider), eq(paymentProviders.accountKey, accountKey)));
      return row ?? null;
    },
    async setSurcharge(userId: string, provider: ProviderName, surchargeBp: number): Promise<ProviderRow | null> {
      const [row] = await db
        .update(paymentProviders)
        .set({ surchargeBp, updatedAt: sql`now()` })
        .where(ownProvider(userId, provider))
        .returning();
      return row ?? null;
    },
    async anyConfigured(): Promise<boolean> {
      const [row] = await db.select({ id: paymentProviders.id }).from(paymentProviders).limit(1);
      return Boolean(row);
    },

    // ---- deposits asked for on quotes ----
    async quoteDeposit(userId: string, quoteId: string) {
      const [row] = await db
        .select({ status: quotes.status, totalPence: quotes.totalPence, depositBp: quotes.depositBp, depositPence: quotes.depositPence })
        .from(quotes)
        .where(and(eq(quotes.userId, userId), eq(quotes.id, quoteId)));
      return row ?? null;
    },
    /** Sets or clears the deposit while the quote is open; false when it is not (or not there). */
    async setQuoteDeposit(userId: string, quoteId: string, depositBp: number | null, depositPence: number | null): Promise<boolean> {
      const rows = await db
        .update(quotes)
        .set({ depositBp, depositPence, updatedAt: sql`now()` })
        .where(and(eq(quotes.userId, userId), eq(quotes.id, quoteId), sql`${quotes.status} in ('DRAFT', 'SENT')`))
        .returning({ id: quotes.id });
      return rows.length > 0;
    },
    /** The quote's deposit invoice that still counts (not void), oldest first. */
    async depositInvoiceOf(userId: string, quoteId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.userId, userId), eq(invoices.quoteId, quoteId), eq(invoices.quoteInvoiceType, 'DEPOSIT'), ne(invoices.status, 'VOID')))
        .orderBy(asc(invoices.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    // ---- sessions ----
    async sessionByKey(userId: string, idempotencyKey: string): Promise<SessionRow | null> {
      const [row] = await db
        .select()
        .from(paymentSessions)
        .where(and(eq(paymentSessions.userId, userId), eq(paymentSessions.idempotencyKey, idempotencyKey)));
      return row ?? null;
    },
    /** The new session, or the one another request made with the same key (a double click). */
    async insertSession(userId: string, s: NewSession): Promise<{ row: SessionRow; created: boolean }> {
      const [row] = await db
        .insert(paymentSessions)
        .values({ userId, ...s })
        .onConflictDoNothing({ target: [paymentSessions.userId, paymentSessions.idempotencyKey] })
        .returning();
      if (row) return { row, created: true };
      return { row: (await this.sessionByKey(userId, s.idempotencyKey))!, created: false };
    },
    async setSessionRedirect(userId: string, id: string, providerSessionId: string, redirectUrl: string) {
      await db
        .update(paymentSessions)
        .set({ providerSessionId, redirectUrl, updatedAt: sql`now()` })
        .where(and(eq(paymentSessions.userId, userId), eq(paymentSessions.id, id)));
    },
    async session(tx: Tx, userId: string, id: string): Promise<SessionRow | null> {
      const [row] = await tx
        .select()
        .from(paymentSessions)
        .where(and(eq(paymentSessions.userId, userId), eq(paymentSessions.id, id)));
      return row ?? null;
    },
    /** A session's outcome; a succeeded one never goes back (an expiry that arrives late changes nothing). */
    async settleSession(tx: Tx, userId: string, id: string, status: 'succeeded' | 'failed' | 'expired') {
      await tx
        .update(paymentSessions)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(paymentSessions.userId, userId), eq(paymentSessions.id, id), sql`${paymentSessions.status} <> 'succeeded'`));
    },

    // ---- webhook events ----
    /** true when this event id is new (a repeat of a stored event is dropped here). */
    async storeEvent(userId: string, provider: ProviderName, event: WebhookEvent): Promise<boolean> {
      const rows = await db
        .insert(providerEvents)
        .values({ userId, provider, eventId: event.id, event })
        .onConflictDoNothing()
        .returning({ eventId: providerEvents.eventId });
      return rows.length > 0;
    },
    /**
     * The oldest due unprocessed event, locked for this transaction (SKIP LOCKED: with several
     * processes each event is worked by one). It stays unprocessed unless the transaction that
     * applies it commits.
     */
    async claimEvent(tx: Tx, now: Date): Promise<StoredEvent | null> {
      const [row] = await tx
        .select()
        .from(providerEvents)
        .where(and(isNull(providerEvents.processedAt), lte(providerEvents.notBefore, now)))
        .orderBy(asc(providerEvents.receivedAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      return { userId: row.userId, provider: row.provider as ProviderName, eventId: row.eventId, event: row.event as WebhookEvent, attempts: row.attempts };
    },
    async lockUnprocessed(tx: Tx, e: Pick<StoredEvent, 'userId' | 'provider' | 'eventId'>): Promise<boolean> {
      const rows = await tx
        .select({ eventId: providerEvents.eventId })
        .from(providerEvents)
        .where(
          and(
            eq(providerEvents.userId, e.userId),
            eq(providerEvents.provider, e.provider),
            eq(providerEvents.eventId, e.eventId),
            isNull(providerEvents.processedAt),
          ),
        )
        .for('update');
      return rows.length > 0;
    },
    async markProcessed(tx: Tx, e: Pick<StoredEvent, 'userId' | 'provider' | 'eventId'>) {
      await tx
        .update(providerEvents)
        .set({ processedAt: sql`now()` })
        .where(and(eq(providerEvents.userId, e.userId), eq(providerEvents.provider, e.provider), eq(providerEvents.eventId, e.eventId)));
    },
    /** Not applicable yet (or the provider could not be asked): tried again after `until`. */
    async deferEvent(e: Pick<StoredEvent, 'userId' | 'provider' | 'eventId'>, until: Date) {
      await db
        .update(providerEvents)
        .set({ attempts: sql`${providerEvents.attempts} + 1`, notBefore: until })
        .where(and(eq(providerEvents.userId, e.userId), eq(providerEvents.provider, e.provider), eq(providerEvents.eventId, e.eventId)));
    },
    async unprocessedCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(providerEvents)
        .where(isNull(providerEvents.processedAt));
      return Number(row?.n ?? 0);
    },

    // ---- the pay page's short link an invoice PDF prints ----
    /** Whether the account takes payments online (a provider on), and the invoice's pay code if it has one. */
    async payState(userId: string, invoiceId: string): Promise<{ on: boolean; code: string | null }> {
      const [row] = await db
        .select({
          on: sql<boolean>`exists (select 1 from ${paymentProviders} where ${paymentProviders.userId} = ${userId} and ${paymentProviders.enabled})`,
          code: sql<
            string | null
          >`(select ${invoicePayCodes.code} from ${invoicePayCodes} where ${invoicePayCodes.invoiceId} = ${invoiceId} and ${invoicePayCodes.userId} = ${userId})`,
        })
        .from(sql`(select 1) as one`);
      return { on: Boolean(row?.on), code: row?.code ?? null };
    },
    /** The invoice's pay code, made now if it has none (two first renders at once keep the same one). */
    async ensurePayCode(userId: string, invoiceId: string): Promise<string> {
      await db
        .insert(invoicePayCodes)
        .values({ invoiceId, userId, code: randomBytes(16).toString('base64url') })
        .onConflictDoNothing({ target: invoicePayCodes.invoiceId });
      const [row] = await db
        .select({ code: invoicePayCodes.code })
        .from(invoicePayCodes)
        .where(and(eq(invoicePayCodes.invoiceId, invoiceId), eq(invoicePayCodes.userId, userId)));
      return row!.code;
    },

    // ---- a client's statement link ----
    /** Revokes the client's live statement link (if any) and stores the new one's hash. */
    async replaceStatementLink(userId: string, clientId: string, tokenHash: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(statementLinks)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(statementLinks.userId, userId), eq(statementLinks.clientId, clientId), isNull(statementLinks.revokedAt)));
        await tx.insert(statementLinks).values({ userId, clientId, tokenHash });
      });
    },
    /** Revokes the live link and removes the printed one (the next statement PDF prints a new code). */
    async revokeStatementLink(userId: string, clientId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(statementLinks)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(statementLinks.userId, userId), eq(statementLinks.clientId, clientId), isNull(statementLinks.revokedAt)))
          .returning({ id: statementLinks.id });
        const codes = await tx
          .delete(statementPayCodes)
          .where(and(eq(statementPayCodes.userId, userId), eq(statementPayCodes.clientId, clientId)))
          .returning({ code: statementPayCodes.code });
        return rows.length + codes.length > 0;
      });
    },
    /** The account and client a printed statement code names. */
    async resolveStatementPayCode(code: string): Promise<{ userId: string; clientId: string } | null> {
      const [row] = await db
        .select({ userId: statementPayCodes.userId, clientId: statementPayCodes.clientId })
        .from(statementPayCodes)
        .where(eq(statementPayCodes.code, code))
        .limit(1);
      return row ?? null;
    },
    /** Whether the account takes payments online (a provider on), and the client's printed statement code if it has one. */
    async statementPayState(userId: string, clientId: string): Promise<{ on: boolean; code: string | null }> {
      const [row] = await db
        .select({
          on: sql<boolean>`exists (select 1 from ${paymentProviders} where ${paymentProviders.userId} = ${userId} and ${paymentProviders.enabled})`,
          code: sql<
            string | null
          >`(select ${statementPayCodes.code} from ${statementPayCodes} where ${statementPayCodes.clientId} = ${clientId} and ${statementPayCodes.userId} = ${userId})`,
        })
        .from(sql`(select 1) as one`);
      return { on: Boolean(row?.on), code: row?.code ?? null };
    },
    /** The client's printed statement code, made now if it has none (two first prints at once keep the same one). */
    async ensureStatementPayCode(userId: string, clientId: string): Promise<string> {
      await db
        .insert(statementPayCodes)
        .values({ clientId, userId, code: randomBytes(16).toString('base64url') })
        .onConflictDoNothing({ target: statementPayCodes.clientId });
      const [row] = await db
        .select({ code: statementPayCodes.code })
        .from(statementPayCodes)
        .where(and(eq(statementPayCodes.clientId, clientId), eq(statementPayCodes.userId, userId)));
      return row!.code;
    },
    /** The account and client a live statement link names (the only lookup by token). */
    async resolveStatementLink(tokenHash: string): Promise<{ userId: string; clientId: string } | null> {
      const [row] = await db
        .select({ userId: statementLinks.userId, clientId: statementLinks.clientId })
        .from(statementLinks)
        .where(and(eq(statementLinks.tokenHash, tokenHash), isNull(statementLinks.revokedAt)))
        .limit(1);
      return row ?? null;
    },

    /** The client's issued, not void invoices, oldest first (issue day, then number): the order a statement payment pays them in. */
    async statementOrder(tx: Tx, userId: string, clientId: string): Promise<string[]> {
      const rows = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.userId, userId), eq(invoices.clientId, clientId), sql`${invoices.status} not in ('DRAFT', 'VOID')`))
        .orderBy(sql`(${invoices.createdAt} at time zone 'Europe/London')::date`, asc(invoices.invoiceNumber));
      return rows.map((r) => r.id);
    },

    // ---- what a provider payment became ----
    /**
     * Every payment one provider payment became (a statement's pay-everything makes one per
     * invoice), newest allocation first (the reverse of the oldest-first order it paid in), each
     * with what has been refunded of it already.
     */
    async allocationsOf(tx: Tx, userId: string, provider: ProviderName, reference: string) {
      return tx
        .select({
          id: payments.id,
          invoiceId: payments.invoiceId,
          method: payments.method,
          amountPence: payments.amountPence,
          refundedPence: sql<number>`coalesce((select -sum(r.amount_pence) from payments r where r.refund_of = "payments"."id"), 0)::bigint`.mapWith(Number),
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(and(eq(payments.userId, userId), eq(payments.provider, provider), eq(payments.reference, reference), sql`${payments.amountPence} > 0`))
        .orderBy(sql`(${invoices.createdAt} at time zone 'Europe/London')::date desc`, sql`${invoices.invoiceNumber} desc`);
    },
    async providerPayment(tx: Tx, userId: string, provider: ProviderName, reference: string) {
      const [row] = await tx
        .select({ id: payments.id, invoiceId: payments.invoiceId, method: payments.method, amountPence: payments.amountPence })
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.provider, provider), eq(payments.reference, reference)));
      return row ?? null;
    },
    /** The invoice's online payments (positive, from a provider) with what has been refunded of each, oldest first. */
    async refundablePayments(userId: string, invoiceId: string, paymentId?: string) {
      return db
        .select({
          id: payments.id,
          provider: payments.provider,
          reference: payments.reference,
          method: payments.method,
          amountPence: payments.amountPence,
          // Written out in full: drizzle leaves the table off single-table columns, which a correlated subquery needs.
          refundedPence: sql<number>`coalesce((select -sum(r.amount_pence) from payments r where r.refund_of = "payments"."id"), 0)::bigint`.mapWith(Number),
        })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.invoiceId, invoiceId),
            paymentId ? eq(payments.id, paymentId) : sql`${payments.provider} is not null and ${payments.amountPence} > 0`,
          ),
        )
        .orderBy(asc(payments.paidOn), asc(payments.createdAt));
    },
    async invoiceExists(userId: string, invoiceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.userId, userId), eq(invoices.id, invoiceId)));
      return Boolean(row);
    },
    /** A refund recorded from its webhook before the refund request answered: link it to its payment. */
    async linkRefund(tx: Tx, userId: string, refundPaymentId: string, refundOf: string) {
      await tx
        .update(payments)
        .set({ refundOf })
        .where(and(eq(payments.userId, userId), eq(payments.id, refundPaymentId)));
    },
    async credit(tx: Tx, userId: string, provider: ProviderName, reference: string) {
      const [row] = await tx
        .select({ id: clientCredits.id })
        .from(clientCredits)
        .where(and(eq(clientCredits.userId, userId), eq(clientCredits.provider, provider), eq(clientCredits.reference, reference)));
      return row ?? null;
    },
    async insertCredit(
      tx: Tx,
      userId: string,
      c: { clientId: string; invoiceId: string | null; amountPence: number; provider: ProviderName; reference: string },
    ) {
      await tx.insert(clientCredits).values({ userId, ...c });
    },
    async creditsOf(userId: string, clientId: string) {
      return db
        .select()
        .from(clientCredits)
        .where(and(eq(clientCredits.userId, userId), eq(clientCredits.clientId, clientId)))
        .orderBy(asc(clientCredits.createdAt));
    },
  };
}
export type OnlinePaymentsRepository = ReturnType<typeof createOnlinePaymentsRepository>;
