import type { TPage } from '@docket/schemas/common';
import { INVOICE_PAYABLE_STATUSES } from '@docket/schemas/lifecycle';
import { formatPence, poundsToPence } from '@docket/schemas/money';
import { PAYMENT_MESSAGES, PAYMENT_METHOD_LABELS, type TPayment, type TPaymentListQuery, type TPaymentMethod } from '@docket/schemas/payment';
import { AppError } from '../../lib/app-error.ts';
import { londonDay, type Clock } from '../../lib/clock.ts';
import { toPage } from '../../lib/pagination.ts';
import type { Tx } from '../numbering/counters.repository.ts';
import type { InvoicesRepository, LockedInvoice } from '../invoices/invoices.repository.ts';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { LedgerRow, PaymentsRepository } from './payments.repository.ts';
import type { NotificationsRepository } from '../notifications/notifications.repository.ts';

export interface PaymentInput {
  amount: number;
  date?: string;
  method: TPaymentMethod;
  reference: string | null;
}

export interface PaymentsServiceDeps {
  invoices: InvoicesRepository;
  history: HistoryRepository;
  notifications: NotificationsRepository;
  clock: Clock;
}

export const toLedgerDto = (r: LedgerRow): TPayment => ({
  id: r.id,
  invoiceId: r.invoiceId,
  invoiceNumber: r.invoiceNumber,
  clientId: r.clientId,
  clientName: r.clientName,
  amount: Number(r.amountPence) / 100,
  date: r.paidOn,
  method: r.method as TPaymentMethod,
  reference: r.reference,
  createdAt: r.createdAt.toISOString(),
});

/** What is still owed: the amount due (total less any CIS deduction) less payments and credits. */
const dueOf = (inv: LockedInvoice) => Math.max(0, inv.totalPence - Number(inv.cisDeductionPence) - inv.paidPence - inv.creditedPence);

/**
 * The payments ledger (docs/product.md, "Payments"). Every change locks the invoice row first,
 * so racing payments queue and the second sees the first: an invoice is never overpaid. The
 * status is then recomputed from the ledger in the same transaction.
 */
export function createPaymentsService(repo: PaymentsRepository, deps: PaymentsServiceDeps) {
  const today = () => londonDay(deps.clock());
  const locked = async (tx: Tx, userId: string, id: string) => {
    const inv = await deps.invoices.lock(tx, userId, id, today());
    if (!inv) throw AppError.notFound('Invoice');
    return inv;
  };
  /** Checks and inserts one payment inside the caller's transaction; the invoice is already locked. */
  const recordLocked = async (tx: Tx, userId: string, inv: LockedInvoice, amountPence: number, paidOn: string, method: TPaymentMethod, reference: string | null) => {
    if (!INVOICE_PAYABLE_STATUSES.includes(inv.status)) throw AppError.conflict(PAYMENT_MESSAGES.notIssued);
    const due = dueOf(inv);
    if (amountPence > due) throw AppError.conflict(PAYMENT_MESSAGES.overBalance(formatPence(due)));
    await repo.insert(tx, userId, { invoiceId: inv.id, clientId: inv.clientId, amountPence, paidOn, method, reference });
    const how = PAYMENT_METHOD_LABELS[method].toLowerCase();
    await deps.history.append(tx, userId, 'invoice', inv.id, 'payment recorded', `Payment of ${formatPence(amountPence)} on ${paidOn} by ${how}${reference ? ` (${reference})` : ''}`);
    await deps.notifications.add(tx, userId, {
      kind: 'payment recorded',
      document: { kind: 'invoice', id: inv.id, number: inv.invoiceNumber },
      summary: `Payment of ${formatPence(amountPence)} recorded on ${inv.invoiceNumber}`,
    });
    await deps.invoices.settleFromLedger(tx, inv.id);
  };

  return {
    async record(userId: string, invoiceId: string, input: PaymentInput): Promise<void> {
      const paidOn = input.date ?? today();
      if (paidOn > today()) throw AppError.badRequest(PAYMENT_MESSAGES.future, { date: PAYMENT_MESSAGES.future });
      await deps.invoices.transaction(async (tx) => {
        const inv = await locked(tx, userId, invoiceId);
        if (inv.status !== 'DRAFT' && paidOn < londonDay(inv.createdAt)) {
          throw AppError.badRequest(PAYMENT_MESSAGES.beforeIssue, { date: PAYMENT_MESSAGES.beforeIssue });
        }
        await recordLocked(tx, userId, inv, poundsToPence(input.amount), paidOn, input.method, input.reference);
      });
    },
    /** PATCH /invoices/:id/pay: one payment of the whole balance, today, by bank transfer (inside the transition's lock). */
    async payInFull(tx: Tx, userId: string, inv: LockedInvoice): Promise<void> {
      await recordLocked(tx, userId, inv, dueOf(inv), today(), 'BANK_TRANSFER', null);
    },
    async remove(userId: string, invoiceId: string, paymentId: string): Promise<void> {
      await deps.invoices.transaction(async (tx) => {
        await locked(tx, userId, invoiceId);
        const gone = await repo.remove(tx, userId, invoiceId, paymentId);
        if (!gone) throw AppError.notFound('Payment');
        await deps.history.append(tx, userId, 'invoice', invoiceId, 'payment removed', `Removed payment of ${formatPence(Number(gone.amountPence))} on ${gone.paidOn}`);
        await deps.invoices.settleFromLedger(tx, invoiceId);
      });
    },
    async list(userId: string): Promise<TPayment[]> {
      return (await repo.list(userId)).map(toLedgerDto);
    },
    async page(userId: string, q: TPaymentListQuery & { limit: number }): Promise<TPage<TPayment>> {
      return toPage(await repo.list(userId, q), q.limit, toLedgerDto);
    },
    async ofClient(userId: string, clientId: string): Promise<TPayment[]> {
      return (await repo.ofClient(userId, clientId)).map(toLedgerDto);
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
