import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { TPaymentMethod } from '@docket/schemas/payment';
import { currentActor } from '../../lib/request-context.ts';
import type { Database } from '../../db/client.ts';
import { writeTogether, type PendingWrite } from '../../db/one-statement.ts';
import { clients, invoices, payments, users } from '../../db/schema.ts';
import { afterCursor, newestFirst } from '../../lib/list-query.ts';
import type { Tx } from '../numbering/counters.repository.ts';

export interface PaymentFilters {
  limit?: number;
  cursor?: string;
  from?: string;
  to?: string;
  clientId?: string;
  method?: TPaymentMethod;
}

export interface NewPayment {
  invoiceId: string;
  clientId: string;
  amountPence: number;
  paidOn: string;
  method: TPaymentMethod;
  reference: string | null;
  /** set for a payment (or negative refund) recorded from a provider's webhook */
  provider?: string | null;
  feePence?: number | null;
  /** a refund (negative): the online payment it gives back */
  refundOf?: string | null;
}

const ledgerColumns = {
  id: payments.id,
  invoiceId: payments.invoiceId,
  invoiceNumber: invoices.invoiceNumber,
  clientId: payments.clientId,
  clientName: clients.name,
  amountPence: payments.amountPence,
  paidOn: payments.paidOn,
  method: payments.method,
  reference: payments.reference,
  createdAt: payments.createdAt,
  actorId: payments.actorUserId,
  actorEmail: users.email,
  actorName: users.name,
};

/** The payments ledger: rows are added and removed only under their invoice's row lock. */
export function createPaymentsRepository(db: Database) {
  return {
    /** The payment and `also` (its history entry and notification) in one statement; its id is made here. */
    async insert(tx: Tx, userId: string, p: NewPayment, also: readonly PendingWrite[] = []): Promise<string> {
      const id = randomUUID();
      await writeTogether(tx, [...also, tx.insert(payments).values({ id, userId, ...p, actorUserId: currentActor() })]);
      return id;
    },
    /** Deletes one payment of the (locked) invoice; null when it is not there. */
    async remove(tx: Tx, userId: string, invoiceId: string, paymentId: string) {
      const [row] = await tx
        .delete(payments)
        .where(and(eq(payments.userId, userId), eq(payments.invoiceId, invoiceId), eq(payments.id, paymentId)))
        .returning({ amountPence: payments.amountPence, paidOn: payments.paidOn, method: payments.method });
      return row ?? null;
    },
    /** Newest first (by when recorded), filtered by payment date, client and method. */
    async list(userId: string, f: PaymentFilters = {}) {
      const filters = [
        eq(payments.userId, userId),
        f.from ? gte(payments.paidOn, f.from) : undefined,
        f.to ? lte(payments.paidOn, f.to) : undefined,
        f.clientId ? eq(payments.clientId, f.clientId) : undefined,
        f.method ? eq(payments.method, f.method) : undefined,
        afterCursor(f.cursor, payments.createdAt, payments.id),
      ];
      const q = db
        .select(ledgerColumns)
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .innerJoin(clients, eq(clients.id, payments.clientId))
        .leftJoin(users, eq(users.id, payments.actorUserId))
        .where(and(...filters))
        .orderBy(...newestFirst(payments.createdAt, payments.id));
      return f.limit ? q.limit(f.limit + 1) : q;
    },
    /** Payments of one client in date order (the account screen and the statement). */
    async ofClient(userId: string, clientId: string) {
      return db
        .select(ledgerColumns)
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .innerJoin(clients, eq(clients.id, payments.clientId))
        .leftJoin(users, eq(users.id, payments.actorUserId))
        .where(and(eq(payments.userId, userId), eq(payments.clientId, clientId)))
        .orderBy(desc(payments.paidOn), sql`${payments.createdAt} desc`);
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
export type LedgerRow = Awaited<ReturnType<PaymentsRepository['ofClient']>>[number];
