import { invoiceNumberLabel } from '@docket/schemas/document';
import { createHash, randomBytes } from 'node:crypto';
import { SHARE_TOKEN_BYTES, ZPayCode, ZShareToken } from '@docket/schemas/share';
import { SHARE_MESSAGES } from '@docket/schemas/messages';
import type { Logger } from 'pino';
import { INVOICE_PAYABLE_STATUSES } from '@docket/schemas/lifecycle';
import { basisPointsToPercent, divRoundHalfUp, formatPence, penceToPounds, percentToBasisPoints, poundsToPence } from '@docket/schemas/money';
import type { TInvoice } from '@docket/schemas/document';
import {
  DEPOSIT_MESSAGES,
  ONLINE_PAYMENT_MESSAGES,
  REFUND_MESSAGES,
  STATEMENT_MESSAGES,
  type TPublicStatement,
  type TStatementLink,
  type TDeposit,
  type TRefund,
  type TRefundablePayment,
  type TProviderSettings,
  type TProviderSettingsRequest,
  type TPublicDeposit,
  type TPublicOnlinePayment,
} from '@docket/schemas/online-payment';
import { AppError } from '../../lib/app-error.ts';
import { crashPoint } from '../../lib/crash-point.ts';
import { londonDay, type Clock } from '../../lib/clock.ts';
import { keyHint, type SecretBox } from '../../lib/secrets.ts';
import type { Tx } from '../numbering/counters.repository.ts';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { NotificationsRepository } from '../notifications/notifications.repository.ts';
import { dueOf, type PaymentsService } from '../payments/payments.service.ts';
import { ADAPTERS } from './adapters.ts';
import { InvalidWebhookSignature, PAYMENT_PROVIDERS, type PaymentOutcome, type PaymentProviderAdapter, type ProviderName } from './payment-provider.ts';
import type { OnlinePaymentsRepository, ProviderRow, SessionRow, StoredEvent } from './online-payments.repository.ts';

/** The job-queue loop that processes stored webhook events (docs/reliability.md, "Payment webhooks"). */
export const PAYMENT_EVENTS_LOOP = 'payments.events';
/** Idempotency window: Pay now clicked twice within it reuses one provider session. */
const SESSION_WINDOW_MS = 30 * 60_000;
const PROVIDER_NAMES: Record<ProviderName, string> = { stripe: 'Stripe', gocardless: 'GoCardless' };
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A statement's invoices oldest first: issue day (as the statement shows it), then number. */
const issueDayOf = (i: TInvoice) => londonDay(new Date(i.createdAt));
const oldestFirst = (x: TInvoice, y: TInvoice) => {
  const dx = issueDayOf(x);
  const dy = issueDayOf(y);
  if (dx !== dy) return dx < dy ? -1 : 1;
  const nx = x.invoiceNumber ?? '';
  const ny = y.invoiceNumber ?? '';
  return nx === ny ? 0 : nx < ny ? -1 : 1;
};

export interface OnlinePaymentsDeps {
  clock: Clock;
  logger: Logger;
  /** null without SECRETS_KEY: settings cannot be stored and providers cannot be used */
  box: SecretBox | null;
  /** test-only SDK hosts (STRIPE_API_BASE, GOCARDLESS_API_BASE) */
  apiBase: Partial<Record<ProviderName, string>>;
  payments: Pick<PaymentsService, 'recordFromProvider' | 'refundFromProvider' | 'lockInvoice'>;
  history: HistoryRepository;
  notifications: NotificationsRepository;
  /** the invoice a live client link opens, or the link's one 404 */
  openInvoiceLink: (token: string) => Promise<{ userId: string; invoice: TInvoice }>;
  /** the quote a live client link opens, or the link's one 404 */
  openQuoteLink: (token: string) => Promise<{ userId: string; quoteId: string; status: string }>;
  /** a DEPOSIT stage invoice of the quote (draft), then issued */
  createDepositInvoice: (userId: string, quoteId: string, share: { percent?: number; amount?: number }) => Promise<{ id: string }>;
  issueInvoice: (userId: string, invoiceId: string) => Promise<unknown>;
  invoice: (userId: string, id: string) => Promise<TInvoice>;
  currency: (userId: string) => Promise<string>;
  clientEmail: (userId: string, clientId: string) => Promise<string | null>;
  /** surcharges apply to business clients only (Consumer Rights (Payment Surcharges) Regulations 2012) */
  isBusinessClient: (userId: string, clientId: string) => Promise<boolean>;
  receipt: (
    userId: string,
    invoiceId: string,
    r: { amount: string; how: string; reference: string; surcharge: string | null; balance: string },
  ) => Promise<unknown>;
  /** one receipt for a statement's pay-everything, listing each invoice paid (docs/product.md, "Payments from the link") */
  statementReceipt: (
    userId: string,
    clientId: string,
    r: {
      amount: string;
      how: string;
      reference: string;
      surcharge: string | null;
      allocations: { invoiceId: string; number: string; amount: string; balance: string }[];
      credit: string | null;
    },
  ) => Promise<unknown>;
  /** the client (404 for another account's), for its statement link */
  client: (userId: string, clientId: string) => Promise<{ id: string; name: string }>;
  /** the client's invoices as the figure model answers them (balances due) */
  clientInvoices: (userId: string, clientId: string) => Promise<TInvoice[]>;
  businessName: (userId: string) => Promise<string>;
  /** run the events loop now (after a webhook stored something) */
  wake: () => void;
}

type LockedInvoiceOf = NonNullable<Awaited<ReturnType<OnlinePaymentsDeps['payments']['lockInvoice']>>>;
type Applied = {
  receipt: { userId: string; invoiceId: string; amountPence: number; surchargePence: number; how: string; reference: string } | null;
  /** a statement's pay-everything: one receipt listing each invoice paid */
  statementReceipt?: {
    userId: string;
    clientId: string;
    amountPence: number;
    surchargePence: number;
    how: string;
    reference: string;
    allocations: { invoiceId: string; number: string; amountPence: number }[];
    creditPence: number;
  };
};
const howPaid = (method: PaymentOutcome & { kind: 'succeeded' }, provider: ProviderName) =>
  `${method.method === 'CARD' ? 'card' : 'bank payment'} through ${PROVIDER_NAMES[provider]}`;

/**
 * Payments from the customer's link (docs/product.md, "Payments from the link"): per-account
 * provider settings, Pay now, and webhooks stored once and applied once on the job queue.
 */
export function createOnlinePaymentsService(repo: OnlinePaymentsRepository, deps: OnlinePaymentsDeps) {
  const log = deps.logger.child({ module: 'online-payments' });

  const adapterOf = (row: ProviderRow): PaymentProviderAdapter => {
    if (!deps.box) throw AppError.conflict(ONLINE_PAYMENT_MESSAGES.noSecretsKey);
    const provider = row.provider as ProviderName;
    return ADAPTERS[provider]({
      secretKey: deps.box.open(row.secretKeyEnc),
      webhookSecret: deps.box.open(row.webhookSecretEnc),
      apiBase: deps.apiBase[provider],
    });
  };
  const toDto = (row: ProviderRow, origin: string): TProviderSettings => ({
    provider: row.provider as ProviderName,
    enabled: row.enabled,
    keyHint: row.keyHint,
    surchargePercent: basisPointsToPercent(row.surchargeBp),
    webhookUrl: `${origin}/api/webhooks/${row.provider}/${row.accountKey}`,
  });
  const enabledRows = async (userId: string) => (deps.box ? (await repo.listProviders(userId)).filter((r) => r.enabled) : []);

  /** The surcharge on `pence` for this client: business clients only, half-up to the penny. */
  const surchargeOf = (row: ProviderRow, pence: number, business: boolean) =>
    business && row.surchargeBp > 0 ? Number(divRoundHalfUp(BigInt(pence) * BigInt(row.surchargeBp), 10_000n)) : 0;

  /** What the link may still take: the balance of an issued invoice, in pence. */
  const payableOf = (invoice: TInvoice) =>
    INVOICE_PAYABLE_STATUSES.includes(invoice.status as never) && invoice.balanceDue !== null ? Math.max(0, poundsToPence(invoice.balanceDue)) : 0;

  async function apply(stored: StoredEvent, outcome: PaymentOutcome | null): Promise<Applied | 'deferred'> {
    const { userId, provider } = stored;
    return repo.transaction(async (tx): Promise<Applied | 'deferred'> => {
      // Locked and checked again: another process may have applied it since it was read.
      if (!(await repo.lockUnprocessed(tx, stored))) return { receipt: null };
      const done = async () => {
        await repo.markProcessed(tx, stored);
        return { receipt: null };
      };
      if (!outcome) return done();
      if (outcome.kind === 'refunded') return applyRefund(tx, stored, outcome, done);
      // Metadata names the account: an event signed for this account about another's invoice does nothing.
      if (outcome.metadata.accountId !== userId) {
        log.warn({ provider, eventId: stored.eventId }, 'payment event names another account: ignored');
        return done();
      }
      const session = await repo.session(tx, userId, outcome.metadata.sessionRef);
      if (outcome.kind !== 'succeeded') {
        if (session?.status === 'succeeded') return done();
        await repo.settleSession(tx, userId, outcome.metadata.sessionRef, outcome.kind);
        // A statement's session names no invoice: it is told on each invoice it was for that is
        // still open (locked oldest first, as its payment would be), the failure notified once.
        const statement = session?.kind === 'statement';
        const targets = session?.kind === 'statement' ? await repo.statementOrder(tx, userId, session.clientId) : [outcome.metadata.invoiceId];
        let notified = false;
        for (const invoiceId of targets) {
          const inv = await deps.payments.lockInvoice(tx, userId, invoiceId);
          if (!inv || (statement && !INVOICE_PAYABLE_STATUSES.includes(inv.status))) continue;
          await deps.history.append(
            tx,
            userId,
            'invoice',
            inv.id,
            'online payment',
            `Online payment${statement ? ' from the statement link' : ''} through ${PROVIDER_NAMES[provider]} not completed: ${outcome.reason}`,
          );
          if (outcome.kind === 'failed' && !notified) {
            notified = true;
            await deps.notifications.add(tx, userId, {
              kind: 'online payment failed',
              document: { kind: 'invoice', id: inv.id, number: invoiceNumberLabel(inv.invoiceNumber) },
              summary: statement
                ? `An online payment from the statement link (${inv.invoiceNumber} and the client's other open invoices) failed: ${outcome.reason}`
                : `An online payment for ${inv.invoiceNumber} failed: ${outcome.reason}`,
            });
          }
        }
        return done();
      }
      // succeeded: once per provider payment id, whatever the event ids
      if ((await repo.providerPayment(tx, userId, provider, outcome.paymentId)) || (await repo.credit(tx, userId, provider, outcome.paymentId))) return done();
      if (session?.kind === 'statement') return applyStatement(tx, stored, outcome, session);
      const inv = await deps.payments.lockInvoice(tx, userId, outcome.metadata.invoiceId);
      if (!inv) {
        log.warn({ provider, eventId: stored.eventId }, 'payment event for an unknown invoice: ignored');
        return done();
      }
      // The surcharge is the business's income on top, never part of what the invoice is paid.
      const surcharge =
        session && session.surchargePence > 0 && outcome.amountPence === session.amountPence + session.surchargePence ? session.surchargePence : 0;
      const paidForInvoice = outcome.amountPence - surcharge;
      const due = INVOICE_PAYABLE_STATUSES.includes(inv.status) ? dueOf(inv) : 0;
      const applied = Math.min(due, paidForInvoice);
      const credit = paidForInvoice - applied;
      if (applied > 0) {
        await deps.payments.recordFromProvider(tx, userId, inv, {
          amountPence: applied,
          method: outcome.method,
          reference: outcome.paymentId,
          provider,
          feePence: outcome.feePence,
        });
        crashPoint('payments.event-recorded');
      }
      if (surcharge > 0) {
        await deps.history.append(
          tx,
          userId,
          'invoice',
          inv.id,
          'online payment',
          `Surcharge of ${formatPence(surcharge)} paid with ${outcome.paymentId} (not part of the invoice)`,
        );
      }
      if (credit > 0) {
        // Paid another way meanwhile (or twice at once): the money is kept for the client, never lost or moved silently.
        await repo.insertCredit(tx, userId, { clientId: inv.clientId, invoiceId: inv.id, amountPence: credit, provider, reference: outcome.paymentId });
        const summary = `${formatPence(credit)} received through ${PROVIDER_NAMES[provider]} (${outcome.paymentId}) after ${inv.invoiceNumber} was already settled: kept as a credit on the client's account`;
        await deps.history.append(tx, userId, 'invoice', inv.id, 'credit kept', summary);
        await deps.notifications.add(tx, userId, {
          kind: 'credit kept',
          document: { kind: 'invoice', id: inv.id, number: invoiceNumberLabel(inv.invoiceNumber) },
          summary,
        });
      }
      await repo.settleSession(tx, userId, outcome.metadata.sessionRef, 'succeeded');
      await repo.markProcessed(tx, stored);
      return {
        receipt: {
          userId,
          invoiceId: inv.id,
          amountPence: paidForInvoice,
          surchargePence: surcharge,
          how: howPaid(outcome, provider),
          reference: outcome.paymentId,
        },
      };
    });
  }

  /**
   * A statement's pay-everything: the amount paid goes to the client's invoices oldest first (issue
   * day, then number), each share a payment on its invoice with the provider's payment id; what is
   * left once every invoice is paid is kept as the client's credit.
   */
  async function applyStatement(tx: Tx, stored: StoredEvent, outcome: Extract<PaymentOutcome, { kind: 'succeeded' }>, session: SessionRow): Promise<Applied> {
    const { userId, provider } = stored;
    const surcharge = session.surchargePence > 0 && outcome.amountPence === session.amountPence + session.surchargePence ? session.surchargePence : 0;
    let left = outcome.amountPence - surcharge;
    let last: { id: string; number: string } | null = null;
    /** the newest invoice on the statement, paid or not: where a credit is told when none was left to pay */
    let newest: { id: string; number: string } | null = null;
    let feePence = outcome.feePence;
    const allocations: { invoiceId: string; number: string; amountPence: number }[] = [];
    for (const invoiceId of await repo.statementOrder(tx, userId, session.clientId)) {
      if (left <= 0) break;
      const inv = await deps.payments.lockInvoice(tx, userId, invoiceId);
      if (inv) newest = { id: inv.id, number: inv.invoiceNumber ?? '' };
      if (!inv || !INVOICE_PAYABLE_STATUSES.includes(inv.status)) continue;
      const applied = Math.min(dueOf(inv), left);
      if (applied <= 0) continue;
      // The provider's fee is kept once, on the first invoice paid.
      await deps.payments.recordFromProvider(tx, userId, inv, {
        amountPence: applied,
        method: outcome.method,
        reference: outcome.paymentId,
        provider,
        feePence,
      });
      feePence = null;
      left -= applied;
      allocations.push({ invoiceId: inv.id, number: invoiceNumberLabel(inv.invoiceNumber), amountPence: applied });
      last = { id: inv.id, number: inv.invoiceNumber ?? '' };
    }
    if (left > 0) {
      await repo.insertCredit(tx, userId, {
        clientId: session.clientId,
        invoiceId: last?.id ?? null,
        amountPence: left,
        provider,
        reference: outcome.paymentId,
      });
      const summary = `${formatPence(left)} received through ${PROVIDER_NAMES[provider]} (${outcome.paymentId}) from the statement link beyond what was owed: kept as a credit on the client's account`;
      // Told on the last invoice paid, or, when every invoice was settled another way first, on the
      // statement's newest: the business always hears of money kept for the client.
      const told = last ?? newest;
      if (told) {
        await deps.history.append(tx, userId, 'invoice', told.id, 'credit kept', summary);
        await deps.notifications.add(tx, userId, {
          kind: 'credit kept',
          document: { kind: 'invoice', id: told.id, number: invoiceNumberLabel(told.number) },
          summary,
        });
      } else {
        log.warn({ provider, eventId: stored.eventId }, 'statement payment with nothing left to pay: kept as client credit');
      }
    }
    await repo.settleSession(tx, userId, session.id, 'succeeded');
    await repo.markProcessed(tx, stored);
    return {
      receipt: null,
      statementReceipt: {
        userId,
        clientId: session.clientId,
        amountPence: outcome.amountPence - surcharge,
        surchargePence: surcharge,
        how: howPaid(outcome, provider),
        reference: outcome.paymentId,
        allocations,
        creditPence: Math.max(0, left),
      },
    };
  }

  async function applyRefund(
    tx: Tx,
    stored: StoredEvent,
    outcome: Extract<PaymentOutcome, { kind: 'refunded' }>,
    done: () => Promise<Applied>,
  ): Promise<Applied | 'deferred'> {
    const { userId, provider } = stored;
    if (await repo.providerPayment(tx, userId, provider, outcome.refundId)) return done();
    const found = await repo.allocationsOf(tx, userId, provider, outcome.paymentId);
    if (!found.length) {
      // The refund arrived before its payment (out of order): wait for the payment's event.
      if (stored.attempts < 10) return 'deferred';
      log.warn({ provider, eventId: stored.eventId }, 'refund for a payment never recorded: ignored');
      return done();
    }
    // Invoices locked oldest first, the order a statement payment locked them in, so the two never wait on each other in a circle.
    const locked = new Map<string, LockedInvoiceOf>();
    for (const a of [...found].reverse()) {
      const inv = await deps.payments.lockInvoice(tx, userId, a.invoiceId);
      if (inv) locked.set(a.invoiceId, inv);
    }
    // Checked again under the invoices' locks: a refund made from an invoice page may have just recorded it.
    if (await repo.providerPayment(tx, userId, provider, outcome.refundId)) return done();
    // What each allocation can still give back, read under the locks; newest allocation first
    // (docs/product.md: a statement payment's refund reopens the invoices it paid last first).
    let left = outcome.amountPence;
    for (const a of await repo.allocationsOf(tx, userId, provider, outcome.paymentId)) {
      const inv = locked.get(a.invoiceId);
      const share = Math.min(left, Number(a.amountPence) - a.refundedPence);
      if (!inv || share <= 0) continue;
      await deps.payments.refundFromProvider(tx, userId, inv, {
        amountPence: share,
        method: a.method as never,
        reference: outcome.refundId,
        provider,
        feePence: null,
        refundOf: a.id,
      });
      left -= share;
      if (left <= 0) break;
    }
    if (left > 0) {
      // More than the invoices were paid (a surcharge, or what was kept as credit): nothing to reopen; said where the payment is.
      const newest = found[0]!.invoiceId;
      await deps.history.append(
        tx,
        userId,
        'invoice',
        newest,
        'refund recorded',
        `Refund of ${formatPence(left)} made at ${PROVIDER_NAMES[provider]} (${outcome.refundId}) beyond what the invoices were paid: no balance reopened`,
      );
    }
    return done();
  }

  const api = {
    async list(userId: string, origin: string): Promise<TProviderSettings[]> {
      return (await repo.listProviders(userId)).map((r) => toDto(r, origin));
    },
    async put(
      userId: string,
      provider: ProviderName,
      input: Required<Pick<TProviderSettingsRequest, 'secretKey' | 'webhookSecret'>> & { enabled: boolean },
      origin: string,
    ): Promise<TProviderSettings> {
      if (!deps.box) throw AppError.conflict(ONLINE_PAYMENT_MESSAGES.noSecretsKey);
      const row = await repo.upsertProvider(userId, provider, {
        secretKeyEnc: deps.box.seal(input.secretKey),
        webhookSecretEnc: deps.box.seal(input.webhookSecret),
        keyHint: keyHint(input.secretKey),
        enabled: input.enabled,
      });
      return toDto(row, origin);
    },
    /** PUT /company/payments/{provider}/surcharge: 0 switches it off. */
    async setSurcharge(userId: string, provider: ProviderName, percent: number, origin: string): Promise<TProviderSettings> {
      const row = await repo.setSurcharge(userId, provider, percentToBasisPoints(percent));
      if (!row) throw AppError.conflict(ONLINE_PAYMENT_MESSAGES.notConfigured);
      return toDto(row, origin);
    },
    async remove(userId: string, provider: ProviderName): Promise<{ provider: ProviderName; deleted: boolean }> {
      return { provider, deleted: await repo.deleteProvider(userId, provider) };
    },

    /** The public page's Pay now offer: null when nothing is due or no provider is on (bank details only, as before). */
    async publicOffer(userId: string, invoice: TInvoice): Promise<TPublicOnlinePayment | null> {
      return offerOf(userId, invoice.clientId, payableOf(invoice));
    },

    /**
     * Pay now: a provider session for the balance due at this moment. The idempotency key is the
     * invoice, provider, amount and a 30-minute window, so a double click (or two tabs) makes one
     * payment request; once that session has failed or expired, the next click makes a new one.
     */
    async pay(token: string, requested: ProviderName | undefined, origin: string): Promise<{ redirectUrl: string }> {
      const { userId, invoice } = await deps.openInvoiceLink(token);
      return payInvoice(userId, invoice, requested, `${origin}/p/${encodeURIComponent(token)}`, 'invoice');
    },

    /** Pay deposit on the accepted quote's link: its DEPOSIT invoice, back to the quote's link. */
    async payDeposit(token: string, requested: ProviderName | undefined, origin: string): Promise<{ redirectUrl: string }> {
      const { userId, quoteId, status } = await deps.openQuoteLink(token);
      const q = await repo.quoteDeposit(userId, quoteId);
      if (!q || (q.depositBp === null && q.depositPence === null)) throw AppError.conflict(DEPOSIT_MESSAGES.noDeposit);
      if (status !== 'APPROVED') throw AppError.conflict(DEPOSIT_MESSAGES.notAccepted);
      const invoiceId = await repo.depositInvoiceOf(userId, quoteId);
      if (!invoiceId) throw AppError.conflict(DEPOSIT_MESSAGES.notReady);
      return payInvoice(userId, await deps.invoice(userId, invoiceId), requested, `${origin}/p/${encodeURIComponent(token)}`, 'deposit');
    },

    /** GET /invoices/{id}/online-payments: what the refund button may give back of each online payment. */
    async refundable(userId: string, invoiceId: string): Promise<TRefundablePayment[]> {
      if (!(await repo.invoiceExists(userId, invoiceId))) throw AppError.notFound('Invoice');
      return (await repo.refundablePayments(userId, invoiceId)).map((p) => ({
        paymentId: p.id,
        provider: p.provider as ProviderName,
        amount: penceToPounds(Number(p.amountPence)),
        refunded: penceToPounds(p.refundedPence),
        refundable: penceToPounds(Math.max(0, Number(p.amountPence) - p.refundedPence)),
      }));
    },

    /**
     * POST /invoices/{id}/payments/{paymentId}/refund: refunds through the provider port (full or
     * part, at most what is left of the payment), then records the negative payment at once, so
     * the balance reopens; the provider's refund webhook then finds it recorded and does nothing.
     */
    async refund(userId: string, invoiceId: string, paymentId: string, amount: number): Promise<TRefund> {
      const [p] = await repo.refundablePayments(userId, invoiceId, paymentId);
      if (!p) throw AppError.notFound('Payment');
      if (!p.provider || !p.reference || Number(p.amountPence) <= 0) throw AppError.conflict(REFUND_MESSAGES.notOnline);
      const left = Number(p.amountPence) - p.refundedPence;
      if (left <= 0) throw AppError.conflict(REFUND_MESSAGES.refundedInFull);
      const pence = poundsToPence(amount);
      if (pence > left) throw AppError.conflict(REFUND_MESSAGES.overPaid(formatPence(left)));
      const provider = p.provider as ProviderName;
      const row = await repo.provider(userId, provider);
      if (!row) throw AppError.conflict(REFUND_MESSAGES.providerGone);
      // Same payment, amount and refunds so far, same key: a double click makes one refund at the provider.
      const key = createHash('sha256').update(`refund:${p.id}:${pence}:${p.refundedPence}`).digest('hex');
      let refundId: string;
      try {
        ({ refundId } = await adapterOf(row).refund(p.reference, pence, key));
      } catch (err) {
        if (err instanceof AppError) throw err;
        log.warn({ provider, err: err instanceof Error ? err.name : 'error' }, 'refund refused by the provider or provider unreachable');
        throw new AppError('INTERNAL', ONLINE_PAYMENT_MESSAGES.providerFailed);
      }
      await repo.transaction(async (tx) => {
        const inv = await deps.payments.lockInvoice(tx, userId, invoiceId);
        if (!inv) throw AppError.notFound('Invoice');
        const recorded = await repo.providerPayment(tx, userId, provider, refundId);
        if (recorded) return repo.linkRefund(tx, userId, recorded.id, p.id);
        await deps.payments.refundFromProvider(tx, userId, inv, {
          amountPence: pence,
          method: p.method as never,
          reference: refundId,
          provider,
          feePence: null,
          refundOf: p.id,
        });
      });
      return { refundId, amount: penceToPounds(pence) };
    },

    async getDeposit(userId: string, quoteId: string): Promise<TDeposit> {
      const q = await repo.quoteDeposit(userId, quoteId);
      if (!q) throw AppError.notFound('Quote');
      return {
        percent: q.depositBp === null ? null : basisPointsToPercent(q.depositBp),
        amount: q.depositPence === null ? null : penceToPounds(q.depositPence),
      };
    },
    /** PUT /quotes/{id}/deposit: {percent} or {amount} (pounds, VAT included) or {} for none, while the quote is open. */
    async setDeposit(userId: string, quoteId: string, input: { percent?: number; amount?: number }): Promise<TDeposit> {
      const q = await repo.quoteDeposit(userId, quoteId);
      if (!q) throw AppError.notFound('Quote');
      const pence = input.amount === undefined ? null : poundsToPence(input.amount);
      if (pence !== null && pence > q.totalPence) throw AppError.badRequest(DEPOSIT_MESSAGES.overTotal, { amount: DEPOSIT_MESSAGES.overTotal });
      if (!(await repo.setQuoteDeposit(userId, quoteId, input.percent === undefined ? null : percentToBasisPoints(input.percent), pence))) {
        throw AppError.conflict(DEPOSIT_MESSAGES.notOpen);
      }
      return this.getDeposit(userId, quoteId);
    },
    /**
     * At acceptance (the one winning accept): the DEPOSIT invoice is made and issued, VAT per rate
     * as any deposit stage invoice. A failure is logged; the business can still invoice the deposit by hand.
     */
    async onQuoteAccepted(userId: string, quoteId: string): Promise<void> {
      const q = await repo.quoteDeposit(userId, quoteId);
      if (!q || (q.depositBp === null && q.depositPence === null)) return;
      if (await repo.depositInvoiceOf(userId, quoteId)) return;
      try {
        const share = q.depositBp !== null ? { percent: basisPointsToPercent(q.depositBp) } : { amount: penceToPounds(q.depositPence!) };
        const created = await deps.createDepositInvoice(userId, quoteId, share);
        await deps.issueInvoice(userId, created.id);
      } catch (err) {
        log.error({ err: err instanceof Error ? err.message : 'error', quoteId }, 'deposit invoice not made at acceptance');
      }
    },
    /** The deposit on the customer's quote page. */
    async publicDeposit(userId: string, quoteId: string, quoteStatus: string): Promise<TPublicDeposit | null> {
      const q = await repo.quoteDeposit(userId, quoteId);
      if (!q || (q.depositBp === null && q.depositPence === null)) return null;
      const invoiceId = quoteStatus === 'APPROVED' ? await repo.depositInvoiceOf(userId, quoteId) : null;
      if (invoiceId) {
        const inv = await deps.invoice(userId, invoiceId);
        const paid = inv.status === 'PAID';
        return { amount: inv.amountDue ?? inv.total, paid, payable: !paid && (await this.publicOffer(userId, inv)) !== null };
      }
      const pence = q.depositPence ?? Number(divRoundHalfUp(BigInt(q.totalPence) * BigInt(q.depositBp!), 10_000n));
      return { amount: penceToPounds(pence), paid: false, payable: false };
    },
  };

  /**
   * What the link offers for `due` pence: the providers on, and each one's surcharge said before
   * paying (business clients only), exactly as the pay request will charge it; null when nothing is
   * due or no provider is on (bank details only, as before).
   */
  async function offerOf(userId: string, clientId: string, due: number): Promise<TPublicOnlinePayment | null> {
    if (due <= 0) return null;
    const rows = await enabledRows(userId);
    if (!rows.length) return null;
    const business = rows.some((r) => r.surchargeBp > 0) && (await deps.isBusinessClient(userId, clientId));
    const ordered = PAYMENT_PROVIDERS.map((p) => rows.find((r) => r.provider === p)).filter((r): r is ProviderRow => Boolean(r));
    return {
      providers: ordered.map((r) => r.provider as ProviderName),
      surcharges: ordered
        .filter((r) => surchargeOf(r, due, business) > 0)
        .map((r) => ({
          provider: r.provider as ProviderName,
          percent: basisPointsToPercent(r.surchargeBp),
          amount: penceToPounds(surchargeOf(r, due, business)),
        })),
    };
  }

  async function payInvoice(
    userId: string,
    invoice: TInvoice,
    requested: ProviderName | undefined,
    back: string,
    kind: 'invoice' | 'deposit',
  ): Promise<{ redirectUrl: string }> {
    const amountPence = payableOf(invoice);
    if (amountPence <= 0) throw AppError.conflict(ONLINE_PAYMENT_MESSAGES.nothingDue);
    const rows = await enabledRows(userId);
    if (rows.length === 0) throw AppError.conflict(ONLINE_PAYMENT_MESSAGES.notAvailable);
    const row = requested ? rows.find((r) => r.provider === requested) : (rows.find((r) => r.provider === 'stripe') ?? rows[0]);
    if (!row) throw AppError.conflict(ONLINE_PAYMENT_MESSAGES.providerOff);
    const surchargePence = surchargeOf(row, amountPence, row.surchargeBp > 0 && (await deps.isBusinessClient(userId, invoice.clientId)));
    return startSession(
      userId,
      row,
      `${invoice.id}`,
      { invoiceId: invoice.id, clientId: invoice.clientId, kind, amountPence, surchargePence },
      {
        reference: invoiceNumberLabel(invoice.invoiceNumber),
        description: `Invoice ${invoice.invoiceNumber}`,
        back,
      },
    );
  }

  /**
   * A provider session for `amountPence` (+ surcharge). The idempotency key is what is paid for,
   * the provider, amount and a 30-minute window, so a double click (or two tabs) makes one payment
   * request; once that session has failed or expired, the next click makes a new one. A statement's
   * session names itself in the metadata in place of an invoice.
   */
  async function startSession(
    userId: string,
    row: ProviderRow,
    subject: string,
    f: { invoiceId: string | null; clientId: string; kind: 'invoice' | 'deposit' | 'statement'; amountPence: number; surchargePence: number },
    shown: { reference: string; description: string; back: string },
  ): Promise<{ redirectUrl: string }> {
    const provider = row.provider as ProviderName;
    const window = Math.floor(deps.clock().getTime() / SESSION_WINDOW_MS);
    let key = createHash('sha256').update(`${subject}:${provider}:${f.amountPence}:${f.surchargePence}:${window}`).digest('hex');
    const fields = { ...f, provider };
    let { row: session } = await repo.insertSession(userId, { ...fields, idempotencyKey: key });
    if (session.status !== 'open') {
      key = createHash('sha256').update(`${key}:${session.id}`).digest('hex');
      ({ row: session } = await repo.insertSession(userId, { ...fields, idempotencyKey: key }));
    }
    if (session.redirectUrl) return { redirectUrl: session.redirectUrl };
    let created;
    try {
      // Same key to the provider: the racing request gets the same provider session back.
      created = await adapterOf(row).createPayment({
        amountPence: f.amountPence,
        surchargePence: f.surchargePence,
        currency: await deps.currency(userId),
        reference: shown.reference,
        description: shown.description,
        metadata: { accountId: userId, invoiceId: f.invoiceId ?? session.id, balancePence: f.amountPence, sessionRef: session.id },
        idempotencyKey: key,
        successUrl: `${shown.back}?payment=success`,
        cancelUrl: `${shown.back}?payment=cancelled`,
        customerEmail: await deps.clientEmail(userId, f.clientId),
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.warn({ provider, err: err instanceof Error ? err.name : 'error' }, 'payment provider refused or unreachable');
      throw new AppError('INTERNAL', ONLINE_PAYMENT_MESSAGES.providerFailed);
    }
    await repo.setSessionRedirect(userId, session.id, created.sessionId, created.redirectUrl);
    return { redirectUrl: created.redirectUrl };
  }

  /** The account and client a live statement link names, or the one 404 every dead link answers. */
  async function openStatementLink(token: string): Promise<{ userId: string; clientId: string }> {
    // A statement PDF prints a shorter code of its own (statement_pay_codes) that opens the same page.
    const link = ZShareToken.safeParse(token).success
      ? await repo.resolveStatementLink(hashToken(token))
      : ZPayCode.safeParse(token).success
        ? await repo.resolveStatementPayCode(token)
        : null;
    if (!link) throw new AppError('NOT_FOUND', SHARE_MESSAGES.linkInvalid);
    return link;
  }
  /** The client's invoices with a balance, oldest first, as the figure model answers them. */
  async function owed(userId: string, clientId: string) {
    const open = (await deps.clientInvoices(userId, clientId)).filter((i) => payableOf(i) > 0).sort(oldestFirst);
    return { open, totalPence: open.reduce((sum, i) => sum + payableOf(i), 0) };
  }

  const statements = {
    /** POST /clients/{id}/statement-link: a new link (the old one stops working); only its hash is kept. */
    async createStatementLink(userId: string, clientId: string, origin: string): Promise<TStatementLink> {
      await deps.client(userId, clientId);
      const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
      await repo.replaceStatementLink(userId, clientId, hashToken(token));
      return { url: `${origin}/s/${token}`, token };
    },
    async revokeStatementLink(userId: string, clientId: string): Promise<{ revoked: boolean }> {
      await deps.client(userId, clientId);
      return { revoked: await repo.revokeStatementLink(userId, clientId) };
    },
    /** GET /public/statements/{token}: what the client owes, invoice by invoice. */
    async publicStatement(token: string): Promise<TPublicStatement> {
      const { userId, clientId } = await openStatementLink(token);
      const client = await deps.client(userId, clientId);
      const { open, totalPence } = await owed(userId, clientId);
      return {
        business: { name: await deps.businessName(userId) },
        client: { name: client.name },
        currency: await deps.currency(userId),
        invoices: open.map((i) => ({
          number: invoiceNumberLabel(i.invoiceNumber),
          date: issueDayOf(i),
          dueDate: i.dueDate,
          balance: penceToPounds(payableOf(i)),
        })),
        totalDue: penceToPounds(totalPence),
        // A business client's surcharge is said here, before paying, as on an invoice's link.
        onlinePayment: await offerOf(userId, clientId, totalPence),
      };
    },
    /** POST /public/statements/{token}/pay: one provider session for everything owed at this moment. */
    async payStatement(token: string, requested: ProviderName | undefined, origin: string): Promise<{ redirectUrl: string }> {
      const { userId, clientId } = await openStatementLink(token);
      const { open, totalPence } = await owed(userId, clientId);
      if (totalPence <= 0) throw AppError.conflict(STATEMENT_MESSAGES.nothingOwed);
      const rows = await enabledRows(userId);
      if (rows.length === 0) throw AppError.conflict(STATEMENT_MESSAGES.notAvailable);
      const row = requested ? rows.find((r) => r.provider === requested) : (rows.find((r) => r.provider === 'stripe') ?? rows[0]);
      if (!row) throw AppError.conflict(STATEMENT_MESSAGES.providerOff);
      const surchargePence = surchargeOf(row, totalPence, row.surchargeBp > 0 && (await deps.isBusinessClient(userId, clientId)));
      return startSession(
        userId,
        row,
        `statement:${clientId}`,
        { invoiceId: null, clientId, kind: 'statement', amountPence: totalPence, surchargePence },
        {
          reference: 'Statement',
          description: `Statement: ${open.map((i) => invoiceNumberLabel(i.invoiceNumber)).join(', ')}`.slice(0, 500),
          back: `${origin}/s/${encodeURIComponent(token)}`,
        },
      );
    },
  };

  const receiving = {
    /**
     * POST /webhooks/{provider}/{accountKey}: verified with the SDK's own verifier (400 and
     * nothing written otherwise), each event stored once by id, then answered at once; the
     * events loop applies them.
     */
    async receive(
      provider: ProviderName,
      accountKey: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ received: number }> {
      const row = await repo.byAccountKey(provider, accountKey);
      if (!row || !deps.box) throw AppError.notFound('Webhook endpoint');
      let events;
      try {
        events = adapterOf(row).verifyWebhook(rawBody, headers);
      } catch (err) {
        if (err instanceof InvalidWebhookSignature) throw new AppError('BAD_REQUEST', ONLINE_PAYMENT_MESSAGES.badSignature);
        throw err;
      }
      let received = 0;
      for (const e of events) if (await repo.storeEvent(row.userId, provider, e)) received++;
      if (received) deps.wake();
      return { received };
    },

    /**
     * One step of the events loop: the oldest due event is resolved through its adapter (which
     * may ask the provider), then applied and marked processed in one transaction, so a process
     * killed at any point leaves it unprocessed and it is applied once after the restart.
     * false = nothing was due.
     */
    async processNext(): Promise<boolean> {
      const peek = await repo.transaction((tx) => repo.claimEvent(tx, deps.clock()));
      if (!peek) return false;
      let outcome: PaymentOutcome | null = null;
      try {
        const row = await repo.provider(peek.userId, peek.provider);
        outcome = row ? await adapterOf(row).resolve(peek.event) : null;
      } catch (err) {
        log.warn(
          { provider: peek.provider, eventId: peek.eventId, err: err instanceof Error ? err.name : 'error' },
          'payment event could not be resolved: will retry',
        );
        await repo.deferEvent(peek, new Date(deps.clock().getTime() + Math.min(3_600_000, 5_000 * 2 ** peek.attempts)));
        return true;
      }
      // After the provider was asked (network I/O), so the webhook's 200 has surely left: the kill -9 test's window.
      crashPoint('payments.event-resolved');
      const applied = await apply(peek, outcome);
      if (applied === 'deferred') {
        await repo.deferEvent(peek, new Date(deps.clock().getTime() + Math.min(3_600_000, 5_000 * 2 ** peek.attempts)));
        return true;
      }
      if (applied.receipt) await sendReceipt(applied.receipt);
      if (applied.statementReceipt) await sendStatementReceipt(applied.statementReceipt);
      return true;
    },
  };
  return { ...api, ...statements, ...receiving };

  /** One receipt for a statement payment, each invoice paid with its share and what it still owes; written after the payments' commit. */
  async function sendStatementReceipt(r: NonNullable<Applied['statementReceipt']>) {
    try {
      const allocations = [];
      for (const a of r.allocations) {
        const invoice = await deps.invoice(r.userId, a.invoiceId);
        allocations.push({
          invoiceId: a.invoiceId,
          number: a.number,
          amount: formatPence(a.amountPence),
          balance: formatPence(poundsToPence(invoice.balanceDue ?? 0)),
        });
      }
      await deps.statementReceipt(r.userId, r.clientId, {
        amount: formatPence(r.amountPence),
        how: r.how,
        reference: r.reference,
        surcharge: r.surchargePence > 0 ? formatPence(r.surchargePence) : null,
        allocations,
        credit: r.creditPence > 0 ? formatPence(r.creditPence) : null,
      });
    } catch (err) {
      log.error({ err: err instanceof Error ? err.name : 'error', clientId: r.clientId }, 'statement receipt not written');
    }
  }

  async function sendReceipt(r: NonNullable<Applied['receipt']>) {
    try {
      const invoice = await deps.invoice(r.userId, r.invoiceId);
      await deps.receipt(r.userId, r.invoiceId, {
        amount: formatPence(r.amountPence),
        how: r.how,
        reference: r.reference,
        surcharge: r.surchargePence > 0 ? formatPence(r.surchargePence) : null,
        balance: formatPence(poundsToPence(invoice.balanceDue ?? 0)),
      });
    } catch (err) {
      // The payment is recorded; a receipt that could not be written is logged, never retried into a second payment.
      log.error({ err: err instanceof Error ? err.name : 'error', invoiceId: r.invoiceId }, 'receipt not written');
    }
  }
}
export type OnlinePaymentsService = ReturnType<typeof createOnlinePaymentsService>;
