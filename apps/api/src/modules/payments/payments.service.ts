import { invoiceNumberLabel } from '@docket/schemas/document';
import { ukDate, type TPage } from '@docket/schemas/common';
import { INVOICE_PAYABLE_STATUSES, ledgerStatus, storedInvoiceStatus } from '@docket/schemas/lifecycle';
import { formatPence, poundsToPence } from '@docket/schemas/money';
import { actorOf } from '../../lib/actor.ts';
import { PAYMENT_MESSAGES, PAYMENT_METHOD_LABELS, type TPayment, type TPaymentListQuery, type TPaymentMethod } from '@docket/schemas/payment';
import { AppError } from '../../lib/app-error.ts';
import { londonDay, type Clock } from '../../lib/clock.ts';
import { toPage } from '../../lib/pagination.ts';
import type { Tx } from '../numbering/counters.repository.ts';
import type { InvoicesRepository, LockedInvoice } from '../invoices/invoices.repository.ts';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { LedgerRow, PaymentsRepository } from './payments.repository.ts';
import type { NotificationsRepository } from '../notifications/notifications.repository.ts';
import type { FiledPeriods } from '../mtd/filed-periods.ts';

export interface PaymentInput {
  amount: number;
  date?: string;
  method: TPaymentMethod;
  reference: string | null;
}

export interface ProviderPaymentInput {
  /** positive; a refund is stored negative */
  amountPence: number;
  method: TPaymentMethod;
  /** the provider's payment or refund id */
  reference: string;
  provider: string;
  feePence: number | null;
  /** a refund: our payment row it gives back (docs/product.md, "Payments from the link") */
  refundOf?: string | null;
}

const PROVIDER_LABELS: Record<string, string> = { stripe: 'Stripe', gocardless: 'GoCardless' };

export interface PaymentsServiceDeps {
  invoices: InvoicesRepository;
  history: HistoryRepository;
  notifications: NotificationsRepository;
  clock: Clock;
  /** a payment dated in a period whose VAT return was filed is refused (cash basis counts payments) */
  filedPeriods?: Pick<FiledPeriods, 'assertOpen' | 'checkIn'>;
}

export const toLedgerDto = (r: LedgerRow): TPayment => ({
  id: r.id,
  invoiceId: r.invoiceId,
  invoiceNumber: invoiceNumberLabel(r.invoiceNumber),
  clientId: r.clientId,
  clientName: r.clientName,
  amount: Number(r.amountPence) / 100,
  date: r.paidOn,
  method: r.method as TPaymentMethod,
  reference: r.reference,
  createdAt: r.createdAt.toISOString(),
  ...actorOf(r.actorId, r.actorEmail, r.actorName),
});

/** What is still owed: the amount due (total less any CIS deduction) less payments and credits. */
export const dueOf = (inv: LockedInvoice) => Math.max(0, inv.totalPence - Number(inv.cisDeductionPence) - inv.paidPence - inv.creditedPence);

/**
 * Whether a new payment of `amountPence` can move the invoice's stored status (lifecycle's
 * ledgerStatus, what settleFromLedger applies): the locked row's sums were read after its lock, so
 * they are the ledger's until the transaction ends. A part payment leaves the status as it was,
 * and the status read and write of settleFromLedger are skipped; one that settles it, or any
 * payment of a PAID invoice (its paid date moves), still goes through settleFromLedger.
 */
export const paymentMovesStatus = (inv: LockedInvoice, amountPence: number): boolean => {
  const stored = storedInvoiceStatus(inv.status);
  const after = ledgerStatus(stored, {
    totalPence: inv.totalPence - Number(inv.cisDeductionPence),
    paidPence: inv.paidPence + amountPence,
    creditedPence: inv.creditedPence,
  });
  return after !== stored || after === 'PAID';
};

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
  /**
   * Checks one payment and sends its insert inside the caller's transaction (the invoice already
   * locked), without waiting for it: `written` answers the payment's id, and `moves` says whether
   * the invoice's status must then follow the ledger (settleFromLedger, once the payment is in).
   */
  const sendLocked = (
    tx: Tx,
    userId: string,
    inv: LockedInvoice,
    amountPence: number,
    paidOn: string,
    method: TPaymentMethod,
    reference: string | null,
  ): { written: Promise<string>; moves: boolean } => {
    if (!INVOICE_PAYABLE_STATUSES.includes(inv.status)) throw AppError.conflict(PAYMENT_MESSAGES.notIssued);
    const due = dueOf(inv);
    if (amountPence > due) throw AppError.conflict(PAYMENT_MESSAGES.overBalance(formatPence(due)));
    const how = PAYMENT_METHOD_LABELS[method].toLowerCase();
    // the payment, its history entry and its notification: one statement
    const written = repo.insert(tx, userId, { invoiceId: inv.id, clientId: inv.clientId, amountPence, paidOn, method, reference }, [
      deps.history.entry(
        userId,
        'invoice',
        inv.id,
        'payment recorded',
        `Payment of ${formatPence(amountPence)} on ${ukDate(paidOn)} by ${how}${reference ? ` (${reference})` : ''}`,
      ),
      deps.notifications.entry(userId, {
        kind: 'payment recorded',
        document: { kind: 'invoice', id: inv.id, number: invoiceNumberLabel(inv.invoiceNumber) },
        summary: `Payment of ${formatPence(amountPence)} recorded on ${invoiceNumberLabel(inv.invoiceNumber)}`,
      }),
    ]);
    return { written, moves: paymentMovesStatus(inv, amountPence) };
  };
  /** Checks and inserts one payment inside the caller's transaction; the invoice is already locked. */
  const recordLocked = async (...payment: Parameters<typeof sendLocked>): Promise<string> => {
    const [tx, , inv] = payment;
    const { written, moves } = sendLocked(...payment);
    const id = await written;
    if (moves) await deps.invoices.settleFromLedger(tx, inv.id);
    return id;
  };

  /** A provider's payment or refund (docs/product.md, "Payments from the link"), inside the caller's lock. */
  const recordProvider = async (tx: Tx, userId: string, inv: LockedInvoice, p: ProviderPaymentInput, refund: boolean) => {
    const amountPence = refund ? -p.amountPence : p.amountPence;
    const how = `${PAYMENT_METHOD_LABELS[p.method].toLowerCase()} through ${PROVIDER_LABELS[p.provider] ?? p.provider}`;
    const what = refund
      ? `Refund of ${formatPence(p.amountPence)} made at ${PROVIDER_LABELS[p.provider] ?? p.provider}`
      : `Online payment of ${formatPence(p.amountPence)} by ${how}`;
    const fee = !refund && p.feePence ? `, provider fee ${formatPence(p.feePence)}` : '';
    const payment = {
      invoiceId: inv.id,
      clientId: inv.clientId,
      amountPence,
      paidOn: today(),
      method: p.method,
      reference: p.reference,
      provider: p.provider,
      feePence: p.feePence,
      refundOf: refund ? (p.refundOf ?? null) : null,
    };
    // the payment, its history entry and its notification: one statement
    await repo.insert(tx, userId, payment, [
      deps.history.entry(userId, 'invoice', inv.id, refund ? 'refund recorded' : 'payment recorded', `${what} (${p.reference})${fee}`),
      deps.notifications.entry(userId, {
        kind: refund ? 'refund recorded' : 'payment recorded',
        document: { kind: 'invoice', id: inv.id, number: invoiceNumberLabel(inv.invoiceNumber) },
        summary: refund
          ? `Refund of ${formatPence(p.amountPence)} on ${inv.invoiceNumber}: the balance is open again`
          : `${inv.invoiceNumber} was paid online: ${formatPence(p.amountPence)}`,
      }),
    ]);
    await deps.invoices.settleFromLedger(tx, inv.id);
  };

  return {
    recordFromProvider: (tx: Tx, userId: string, inv: LockedInvoice, p: ProviderPaymentInput) => recordProvider(tx, userId, inv, p, false),
    refundFromProvider: (tx: Tx, userId: string, inv: LockedInvoice, p: ProviderPaymentInput) => recordProvider(tx, userId, inv, p, true),
    lockInvoice: (tx: Tx, userId: string, id: string) => deps.invoices.lock(tx, userId, id, today()),
    async record(userId: string, invoiceId: string, input: PaymentInput): Promise<void> {
      const paidOn = input.date ?? today();
      if (paidOn > today()) throw AppError.badRequest(PAYMENT_MESSAGES.future, { date: PAYMENT_MESSAGES.future });
      // the filed-period check rides on the invoice's lock (one statement fewer)
      const filed = deps.filedPeriods?.checkIn(userId, paidOn);
      await deps.invoices.withTail(async (tx) => {
        const { invoice: inv, also } = await deps.invoices.lockWith(tx, userId, invoiceId, today(), filed?.filed);
        if (!inv) throw AppError.notFound('Invoice');
        filed?.assertOpen(also ?? null);
        if (inv.status !== 'DRAFT' && paidOn < londonDay(inv.createdAt)) {
          throw AppError.badRequest(PAYMENT_MESSAGES.beforeIssue, { date: PAYMENT_MESSAGES.beforeIssue });
        }
        const { written, moves } = sendLocked(tx, userId, inv, poundsToPence(input.amount), paidOn, input.method, input.reference);
        if (!moves) {
          // a part payment: its insert goes with COMMIT (db/transaction-tail.ts)
          return { tail: written.then(() => undefined) };
        }
        // one that settles the invoice: its status follows the ledger, read after the payment is in
        await written;
        await deps.invoices.settleFromLedger(tx, inv.id);
        return { tail: Promise.resolve() };
      });
    },
    /**
     * A bank line paying one or more invoices (docs/product.md, "Reconciliation"): every payment,
     * and whatever `within` writes (the line's explanation), in one transaction, or none of it.
     * Invoices are locked in id order so two explanations never wait on each other in a circle.
     */
    async recordAllocations(
      userId: string,
      allocations: { invoiceId: string; amountPence: number }[],
      paidOn: string,
      reference: string,
      within: (tx: Tx, paymentIds: { invoiceId: string; paymentId: string }[]) => Promise<void>,
    ) {
      await deps.invoices.transaction(async (tx) => {
        await deps.filedPeriods?.assertOpen(userId, paidOn, tx);
        const done: { invoiceId: string; paymentId: string }[] = [];
        for (const a of [...allocations].sort((x, y) => x.invoiceId.localeCompare(y.invoiceId))) {
          const inv = await locked(tx, userId, a.invoiceId);
          if (inv.status !== 'DRAFT' && paidOn < londonDay(inv.createdAt))
            throw AppError.badRequest(PAYMENT_MESSAGES.beforeIssue, { date: PAYMENT_MESSAGES.beforeIssue });
          done.push({ invoiceId: a.invoiceId, paymentId: await recordLocked(tx, userId, inv, a.amountPence, paidOn, 'BANK_TRANSFER', reference) });
        }
        await within(tx, done);
      });
    },
    /** Undo of recordAllocations: the payments go, and `within` clears the line, together. */
    async removeAllocations(userId: string, paymentIds: { invoiceId: string; paymentId: string }[], within: (tx: Tx) => Promise<void>) {
      await deps.invoices.transaction(async (tx) => {
        for (const p of [...paymentIds].sort((x, y) => x.invoiceId.localeCompare(y.invoiceId))) {
          await locked(tx, userId, p.invoiceId);
          const gone = await repo.remove(tx, userId, p.invoiceId, p.paymentId);
          if (gone) {
            // Thrown inside the transaction: nothing is removed.
            await deps.filedPeriods?.assertOpen(userId, gone.paidOn, tx);
            await deps.history.append(
              tx,
              userId,
              'invoice',
              p.invoiceId,
              'payment removed',
              `Removed payment of ${formatPence(Number(gone.amountPence))} on ${ukDate(gone.paidOn)} (bank line unexplained)`,
            );
            await deps.invoices.settleFromLedger(tx, p.invoiceId);
          }
        }
        await within(tx);
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
        // Thrown inside the transaction: the removal above is rolled back.
        await deps.filedPeriods?.assertOpen(userId, gone.paidOn, tx);
        await deps.history.append(
          tx,
          userId,
          'invoice',
          invoiceId,
          'payment removed',
          `Removed payment of ${formatPence(Number(gone.amountPence))} on ${ukDate(gone.paidOn)}`,
        );
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
