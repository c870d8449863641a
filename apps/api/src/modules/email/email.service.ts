import type { Logger } from 'pino';
import {
  EMAIL_MESSAGES,
  VERIFY_MESSAGES,
  type TDelivery,
  type TEmailDocumentRequest,
  type TEmailPlaceholder,
  type TEmailQueued,
  type TOutboxMessage,
} from '@docket/schemas/email';
import { formatMoney } from '@docket/schemas/money';
import { AppError } from '../../lib/app-error.ts';
import { londonDay, londonWallTimeToInstant, type Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { AccountForLimit, DeliveriesRepository, DeliveryRow, ListedDelivery, Tx } from './deliveries.repository.ts';
import { actorOf } from '../../lib/actor.ts';
import type { TemplatesRepository } from './templates.repository.ts';
import { composeEml, type Mailer, type OutgoingMessage } from './mailer.ts';
import { longDate, renderEmail } from './render-email.ts';

/** the outbox loop: sends queued deliveries (docs/reliability.md, "Email outbox") */
export const SEND_EMAIL_LOOP = 'email.send';
/** first try plus two retries (docs/product.md, "Email and jobs") */
export const SEND_ATTEMPTS = 3;
/** A new account's daily limit for its first days (docs/product.md, "Email and jobs"). */
export const NEW_ACCOUNT_DAYS = 7;
export const NEW_ACCOUNT_EMAILS_PER_DAY = 20;

/** Thrown inside a delivery's transaction to roll it back: someone else queued this one. */
class AlreadyQueued extends Error {}

export type EmailDocumentKind = 'quote' | 'invoice' | 'credit_note';

/** What an email about a document needs to know of it, read through its own module. */
export interface DocumentFacts {
  id: string;
  number: string;
  status: string;
  clientId: string;
  clientName: string;
  /** pounds */
  total: number;
  /** pounds: the figure model's amount due (total less any CIS deduction); null for a quote */
  amountDue?: number | null;
  balanceDue: number | null;
  dueDate: string | null;
}

export interface EmailServiceDeps {
  deliveries: DeliveriesRepository;
  templates: TemplatesRepository;
  history: Pick<HistoryRepository, 'appendNow' | 'append'>;
  /** the account's own address and verification (it emails only itself until verified) */
  account: (userId: string) => Promise<({ email: string } & AccountForLimit) | null>;
  document: (userId: string, kind: EmailDocumentKind, id: string) => Promise<DocumentFacts>;
  /** DRAFT -> SENT through the document's own transition (snapshot, history) */
  issue: (userId: string, kind: EmailDocumentKind, id: string) => Promise<void>;
  pdf: (userId: string, kind: EmailDocumentKind, id: string) => Promise<{ fileName: string; pdf: Buffer }>;
  company: (userId: string) => Promise<CompanyForEmail | null>;
  /**
   * Statutory late-payment interest and compensation for a business client's overdue invoice,
   * in pounds; null when not applicable. The payments issue supplies the figures.
   */
  lateFigures?: (userId: string, invoiceId: string) => Promise<{ interest: number; compensation: number } | null>;
  clientEmail: (userId: string, clientId: string) => Promise<string | null>;
  /** a new client link for the document (docs/product.md, "Client links"); its URL */
  shareLink?: (userId: string, kind: EmailDocumentKind, id: string, origin: string) => Promise<string>;
  /**
   * The invoice's pay page short link while the business takes payments online (the one its PDF
   * prints; never a new client link, which would revoke the customer's): reminders carry it.
   */
  payLink?: (userId: string, invoiceId: string) => Promise<string | null>;
  /** tell the business (the bell): a send that failed for good, a reminder that went out */
  notify?: (userId: string, n: EmailNotification) => Promise<void>;
  /** the same, written in the message's own transaction */
  notifyIn?: (tx: Tx, userId: string, n: EmailNotification) => Promise<void>;
  mailer: Mailer;
  jobs?: JobQueue;
  clock: Clock;
  logger: Logger;
  config: { from: string; perDay: number; retryDelaySeconds: number; newAccountPerDay?: number; leaseSeconds?: number };
}

export interface EmailNotification {
  kind: 'email failed' | 'reminder sent';
  document: { kind: EmailDocumentKind; id: string; number: string };
  summary: string;
}

export interface CompanyForEmail {
  name: string;
  email: string;
  bankName?: string | null;
  bankAccountName?: string | null;
  bankAccountNumber?: string | null;
  bankSortCode?: string | null;
  bankIban?: string | null;
}

/** The lines of a reminder the template does not hold: how late, how to pay, what the law adds. */
function reminderExtras(daysOverdue: number, company: CompanyForEmail, late: { interest: number; compensation: number } | null): string[] {
  const out: string[] = [];
  if (daysOverdue > 0) out.push(`This invoice is ${daysOverdue} day${daysOverdue === 1 ? '' : 's'} overdue.`);
  else if (daysOverdue === 0) out.push('This invoice is due today.');
  else out.push(`This invoice is due in ${-daysOverdue} day${daysOverdue === -1 ? '' : 's'}.`);
  const bank = [
    company.bankAccountName && `Account name: ${company.bankAccountName}`,
    company.bankName && `Bank: ${company.bankName}`,
    company.bankSortCode && `Sort code: ${company.bankSortCode}`,
    company.bankAccountNumber && `Account number: ${company.bankAccountNumber}`,
    company.bankIban && `IBAN: ${company.bankIban}`,
  ].filter(Boolean);
  if (bank.length) out.push(`Payment details\n${bank.join('\n')}`);
  if (late) {
    out.push(
      `As this is a business debt paid late, statutory interest of ${formatMoney(late.interest)} to date and fixed compensation of ${formatMoney(late.compensation)} may be claimed under the Late Payment of Commercial Debts (Interest) Act 1998.`,
    );
  }
  return out;
}

export function toDelivery(r: ListedDelivery): TDelivery {
  return {
    id: r.id,
    kind: r.kind as TDelivery['kind'],
    documentId: r.invoiceId ?? r.quoteId,
    to: r.toAddresses,
    cc: r.ccAddresses,
    subject: r.subject,
    status: r.status as TDelivery['status'],
    attempts: r.attempts,
    lastError: r.lastError,
    messageId: r.messageId,
    attachmentName: r.attachmentName,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    ...actorOf(r.actorUserId, r.actorEmail, r.actorName),
  };
}

/** MAIL_FROM's address with the company's name shown (docs/product.md, "Email and jobs"). */
export function fromHeader(mailFrom: string, name: string | null): OutgoingMessage['from'] {
  if (!name) return mailFrom;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { name, address };
}

function outgoing(r: DeliveryRow, from: string): OutgoingMessage {
  return {
    from: fromHeader(from, r.fromName),
    to: r.toAddresses,
    cc: r.ccAddresses,
    replyTo: r.replyTo,
    subject: r.subject,
    text: r.textBody,
    html: r.htmlBody,
    attachment: r.attachment && r.attachmentName ? { filename: r.attachmentName, content: r.attachment } : null,
    messageId: `<${r.id}@docket>`,
  };
}

export function placeholderValues(doc: DocumentFacts, companyName: string, link = ''): Partial<Record<TEmailPlaceholder, string>> {
  return {
    clientName: doc.clientName,
    documentNumber: doc.number,
    total: formatMoney(doc.total),
    amountDue: formatMoney(doc.amountDue ?? doc.total),
    balanceDue: formatMoney(doc.balanceDue ?? doc.total),
    dueDate: doc.dueDate ? longDate(doc.dueDate) : '',
    companyName,
    // A preview has no link; a reminder has the pay link while payments are on (never a fresh client link).
    link,
  };
}

export function createEmailService(deps: EmailServiceDeps) {
  const { deliveries } = deps;
  const leaseMs = (deps.config.leaseSeconds ?? 120) * 1000;

  /** Lower for an account's first days: a new sign-up cannot send much before it has a history. */
  const limitFor = (account: AccountForLimit) => {
    const young = deps.clock().getTime() - account.createdAt.getTime() < NEW_ACCOUNT_DAYS * 86_400_000;
    return young ? Math.min(deps.config.perDay, deps.config.newAccountPerDay ?? NEW_ACCOUNT_EMAILS_PER_DAY) : deps.config.perDay;
  };
  const dayStart = () => londonWallTimeToInstant(londonDay(deps.clock()), 0, 0);

  /** A quick check before work is done (issuing, rendering); the count that decides is taken under the lock. */
  async function assertUnderDailyLimit(userId: string) {
    const account = await deps.account(userId);
    if (!account) throw AppError.notFound('Account');
    const limit = limitFor(account);
    if ((await deliveries.countSince(userId, dayStart())) >= limit) throw new AppError('RATE_LIMITED', EMAIL_MESSAGES.dailyLimit(limit));
  }

  /** Until verified, an account emails only its own address. */
  async function assertMayEmail(userId: string, recipients: string[]) {
    const account = await deps.account(userId);
    if (!account) throw AppError.notFound('Account');
    if (account.emailVerifiedAt) return;
    const own = account.email.toLowerCase();
    if (recipients.some((a) => a.toLowerCase() !== own)) throw AppError.forbidden(EMAIL_MESSAGES.verifyFirst);
  }

  /**
   * Writes the message and, when a mail server is configured, queues it, in one transaction with
   * the daily count and `within`: what commits is sent, what does not was never queued.
   */
  async function store(
    values: Parameters<DeliveriesRepository['insertCounted']>[0],
    within?: (tx: Tx, row: DeliveryRow) => Promise<void>,
  ): Promise<DeliveryRow> {
    // Stamped by the app's clock, as the day it is counted against is.
    const now = deps.clock();
    const row = await deliveries.insertCounted({ ...values, createdAt: now, nextAttemptAt: now }, { since: dayStart(), limitFor }, within);
    if ('limited' in row) throw new AppError('RATE_LIMITED', EMAIL_MESSAGES.dailyLimit(row.limited));
    if (row.status === 'queued') deps.jobs?.wake(SEND_EMAIL_LOOP);
    return row;
  }

  /**
   * A receipt (kind `receipt`) to the client through the outbox, filed under the first invoice
   * named, with "Receipt to …" in each one's history. null = nothing sent (no address, over the limit).
   */
  async function writeReceipt(
    userId: string,
    clientId: string,
    invoiceIds: string[],
    subject: string,
    linesFor: (companyName: string) => string[],
  ): Promise<string | null> {
    const company = await deps.company(userId);
    const to = await deps.clientEmail(userId, clientId);
    if (!company || !to) return null;
    const lines = linesFor(company.name);
    const text = lines.join('\n');
    const html = lines.map((l) => (l ? `<p>${l.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>` : '')).join('');
    const status = deps.mailer.configured ? 'queued' : 'outbox';
    try {
      const row = await store(
        {
          userId,
          kind: 'receipt',
          invoiceId: invoiceIds[0] ?? null,
          toAddresses: [to],
          ccAddresses: [],
          replyTo: company.email,
          fromName: company.name,
          subject,
          textBody: text,
          htmlBody: html,
          attachmentName: null,
          attachment: null,
          status,
        },
        async (tx) => {
          for (const id of invoiceIds) {
            await deps.history.append(tx, userId, 'invoice', id, 'emailed', `Receipt to ${to} ${status === 'outbox' ? 'kept in the outbox' : 'queued'}`);
          }
        },
      );
      return row.id;
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') return null;
      throw err;
    }
  }

  return {
    async emailDocument(
      userId: string,
      kind: EmailDocumentKind,
      id: string,
      input: TEmailDocumentRequest & { to?: string[]; cc?: string[] },
      origin?: string,
      /** runs in the message's transaction (a recurring invoice marks its send done); may throw to roll back */
      within?: (tx: Tx, deliveryId: string) => Promise<void>,
    ): Promise<TEmailQueued> {
      let doc = await deps.document(userId, kind, id);
      const company = await deps.company(userId);
      if (!company) throw AppError.conflict('Set up your company profile before emailing documents');
      const to = input.to?.length ? input.to : [await deps.clientEmail(userId, doc.clientId)].filter((a): a is string => Boolean(a));
      if (to.length === 0) throw AppError.badRequest(EMAIL_MESSAGES.noRecipient, { to: EMAIL_MESSAGES.noRecipient });
      await assertMayEmail(userId, [...to, ...(input.cc ?? [])]);
      await assertUnderDailyLimit(userId);
      if (doc.status === 'DRAFT') {
        try {
          await deps.issue(userId, kind, id);
        } catch (err) {
          // Issued by a parallel send of the same document (two sweeps): carry on with it.
          if (!(err instanceof AppError && err.code === 'CONFLICT') || (await deps.document(userId, kind, id)).status === 'DRAFT') throw err;
        }
        doc = await deps.document(userId, kind, id);
      }
      const { fileName, pdf } = await deps.pdf(userId, kind, id);
      const templates = await deps.templates.all(userId);
      // One live link per document: a new email's link replaces the one an earlier email carried.
      const link = input.includeLink !== false && deps.shareLink && origin ? await deps.shareLink(userId, kind, id, origin) : '';
      // The dialog prefills from the template and may edit; what it sends is filled the same way.
      const rendered = renderEmail(
        { subject: input.subject?.trim() || templates[kind].subject, body: input.message?.trim() || templates[kind].body },
        placeholderValues(doc, company.name, link),
      );
      const subject = rendered.subject;
      const status = deps.mailer.configured ? 'queued' : 'outbox';
      const where = status === 'outbox' ? 'kept in the outbox (no mail server configured)' : 'queued';
      const row = await store(
        {
          userId,
          kind,
          quoteId: kind === 'quote' ? id : null,
          invoiceId: kind === 'invoice' ? id : null,
          creditNoteId: kind === 'credit_note' ? id : null,
          toAddresses: to,
          ccAddresses: input.cc ?? [],
          replyTo: company.email,
          fromName: company.name,
          subject,
          textBody: rendered.text,
          htmlBody: rendered.html,
          attachmentName: fileName,
          attachment: pdf,
          status,
        },
        async (tx, r) => {
          await within?.(tx, r.id);
          await deps.history.append(tx, userId, kind, id, 'emailed', `Email to ${to.join(', ')} ${where}`);
        },
      );
      return { deliveryId: row.id, status };
    },

    async list(userId: string, documentId: string): Promise<TDelivery[]> {
      return (await deliveries.listForDocument(userId, documentId)).map(toDelivery);
    },

    async outbox(userId: string): Promise<TOutboxMessage[]> {
      return (await deliveries.listByStatus(userId, 'outbox')).map((r) => ({
        ...toDelivery(r),
        replyTo: r.replyTo,
        textBody: r.textBody,
        note: EMAIL_MESSAGES.outboxNote,
      }));
    },

    async eml(userId: string, deliveryId: string): Promise<{ fileName: string; eml: Buffer }> {
      const row = await deliveries.get(userId, deliveryId);
      if (!row) throw AppError.notFound('Email');
      return {
        fileName: `${(row.attachmentName ?? 'message').replace(/\.pdf$/, '')}-${row.id.slice(0, 8)}.eml`,
        eml: await composeEml(outgoing(row, deps.config.from)),
      };
    },

    /**
     * Send outbox messages now that a mail server is configured: all of them, or one. Sending
     * all also makes every queued message due now (one waiting for a retry, or held by a
     * process that died), so nothing stays stuck.
     */
    async sendOutbox(userId: string, deliveryId?: string): Promise<{ queued: number }> {
      if (!deps.mailer.configured) throw AppError.conflict(EMAIL_MESSAGES.notConfigured);
      const ids = deliveryId ? [deliveryId] : (await deliveries.listByStatus(userId, 'outbox')).map((r) => r.id);
      if (deliveryId && !(await deliveries.get(userId, deliveryId))) throw AppError.notFound('Email');
      // Stuck queued messages are hurried before the outbox is queued, so no message counts twice.
      let queued = deliveryId ? 0 : await deliveries.hurryQueued(userId, deps.clock());
      for (const id of ids) {
        if (await deliveries.requeue(userId, id, deps.clock())) queued++;
        else if (deliveryId) throw AppError.conflict(EMAIL_MESSAGES.notInOutbox);
      }
      deps.jobs?.wake(SEND_EMAIL_LOOP);
      return { queued };
    },

    /**
     * One step of the outbox loop: claims the next due message (the try is counted and leased
     * before anything is sent) and sends it. A 5xx reply fails for good; any other failure waits
     * with backoff until the last attempt. A process killed after the server's 250 but before
     * the record leaves the lease to lapse: the message is sent again with the same Message-ID
     * (docs/reliability.md, "Email outbox"). false = nothing was due.
     */
    async deliverNext(): Promise<boolean> {
      const now = deps.clock();
      const row = await deliveries.claimNext(now, new Date(now.getTime() + leaseMs));
      if (!row) return false;
      await deliverClaimed(row);
      return true;
    },

    /**
     * A reset link is sent straight to the mail server and never stored: a stored body would
     * keep a live token in the database (docs/product.md, "Password reset"). Three tries.
     */
    async sendResetLink(userId: string, to: string, link: string): Promise<void> {
      if (!deps.mailer.configured) {
        deps.logger.warn({ userId }, 'password reset requested but no mail server is configured (SMTP_URL)');
        return;
      }
      const template = (await deps.templates.all(userId)).password_reset;
      const company = await deps.company(userId);
      const rendered = renderEmail(template, { link, companyName: company?.name ?? 'Docket' });
      for (let attempt = 1; attempt <= SEND_ATTEMPTS; attempt++) {
        const outcome = await deps.mailer.send({
          from: deps.config.from,
          to: [to],
          cc: [],
          replyTo: null,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          attachment: null,
          messageId: `<reset-${Date.now().toString(36)}-${attempt}@docket>`,
        });
        if (outcome.ok || outcome.permanent) return;
        await new Promise((r) => setTimeout(r, deps.config.retryDelaySeconds * 1000 * attempt));
      }
    },

    /**
     * The account's verification link, through the same outbox as every other email (so it is
     * in the outbox without a mail server). `cap`: at most that many in the last hour.
     */
    async sendVerification(userId: string, to: string, link: string, cap?: number): Promise<void> {
      if (cap !== undefined && (await deliveries.verificationsSince(userId, new Date(deps.clock().getTime() - 3_600_000))) >= cap) {
        throw new AppError('RATE_LIMITED', VERIFY_MESSAGES.tooMany);
      }
      const rendered = renderEmail({ subject: VERIFY_MESSAGES.subject, body: VERIFY_MESSAGES.body('{{link}}') }, { link });
      await store({
        userId,
        kind: 'verification',
        toAddresses: [to],
        ccAddresses: [],
        replyTo: null,
        fromName: 'Docket',
        subject: rendered.subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
        status: deps.mailer.configured ? 'queued' : 'outbox',
      });
    },

    /**
     * An invitation to join the account (docs/product.md, "Accounts and roles"), through the same
     * outbox as every other email, so its link is in the outbox without a mail server.
     */
    async sendInvitation(accountId: string, to: string, link: string, accountName: string, actorUserId: string | null): Promise<void> {
      await assertMayEmail(accountId, [to]);
      const rendered = renderEmail(
        {
          subject: 'You are invited to join {{companyName}} on Docket',
          body: '{{companyName}} has invited you to join their business on Docket.\n\nOpen this link to accept (it works once, for 7 days):\n{{link}}',
        },
        { link, companyName: accountName },
      );
      await store({
        userId: accountId,
        actorUserId,
        kind: 'invitation',
        toAddresses: [to],
        ccAddresses: [],
        replyTo: null,
        fromName: accountName,
        subject: rendered.subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
        status: deps.mailer.configured ? 'queued' : 'outbox',
      });
    },

    /** After verification: links still waiting in the outbox or the queue are withdrawn. */
    withdrawVerifications: (userId: string) => deliveries.withdrawVerifications(userId),

    async underDailyLimit(userId: string): Promise<boolean> {
      try {
        await assertUnderDailyLimit(userId);
        return true;
      } catch {
        return false;
      }
    },

    /** Whether the account may email its clients (verified), for the sweeps. */
    async mayEmailClients(userId: string): Promise<boolean> {
      return Boolean((await deps.account(userId))?.emailVerifiedAt);
    },

    /**
     * One reminder for an invoice: the reminder template, how late it is, payment details, the
     * invoice PDF. `claim` runs in the message's own transaction (the (invoice, step) claim):
     * claimed and queued commit together, or neither does. null = not sent (claimed elsewhere,
     * no address, over the limit).
     */
    /**
     * The receipt of a payment made from the link (docs/product.md, "Payments from the link"):
     * to the client, through the outbox like every email, with the amount, how it was paid, its
     * reference and any surcharge as a line of its own. null = nothing sent (no address, over the limit).
     */
    async receipt(
      userId: string,
      invoiceId: string,
      r: { amount: string; how: string; reference: string; surcharge: string | null; balance: string },
    ): Promise<string | null> {
      const doc = await deps.document(userId, 'invoice', invoiceId);
      return writeReceipt(userId, doc.clientId, [invoiceId], `Payment received for ${doc.number}`, (companyName) => [
        `Thank you: we have received your payment of ${r.amount} for invoice ${doc.number}.`,
        '',
        `Paid by: ${r.how}`,
        `Reference: ${r.reference}`,
        ...(r.surcharge ? [`Card surcharge: ${r.surcharge}`] : []),
        `Balance now due: ${r.balance}`,
        '',
        companyName,
      ]);
    },

    /**
     * One receipt for a statement's pay-everything: each invoice paid and the amount that went to
     * it, any surcharge and any credit kept on lines of their own. The message is filed under the
     * first invoice paid; every invoice paid notes it in its history.
     */
    async statementReceipt(
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
    ): Promise<string | null> {
      const ids = r.allocations.map((a) => a.invoiceId);
      const numbers = r.allocations.map((a) => a.number);
      // Nothing left to pay when it arrived (all kept as credit): the receipt names no invoice.
      const subject =
        numbers.length === 0
          ? 'Payment received'
          : numbers.length === 1
            ? `Payment received for ${numbers[0]}`
            : `Payment received for ${numbers.length} invoices`;
      return writeReceipt(userId, clientId, ids, subject, (companyName) => [
        `Thank you: we have received your payment of ${r.amount} for your statement.`,
        '',
        ...(r.allocations.length ? ['It paid:'] : []),
        ...r.allocations.map((a) => `Invoice ${a.number}: ${a.amount} (balance now due: ${a.balance})`),
        ...(r.credit ? [`Kept as a credit on your account: ${r.credit}`] : []),
        '',
        `Paid by: ${r.how}`,
        `Reference: ${r.reference}`,
        ...(r.surcharge ? [`Card surcharge: ${r.surcharge}`] : []),
        '',
        companyName,
      ]);
    },

    async remind(
      userId: string,
      invoiceId: string,
      step: number,
      daysOverdue: number,
      claim: (tx: Tx, deliveryId: string) => Promise<boolean>,
    ): Promise<string | null> {
      const doc = await deps.document(userId, 'invoice', invoiceId);
      const company = await deps.company(userId);
      const to = await deps.clientEmail(userId, doc.clientId);
      if (!company || !to) return null;
      const template = (await deps.templates.all(userId)).reminder;
      const late = deps.lateFigures && daysOverdue > 0 ? await deps.lateFigures(userId, invoiceId) : null;
      // The pay link fills {{link}}; a template without the placeholder gets it as a line of its own.
      const payLink = (await deps.payLink?.(userId, invoiceId)) ?? '';
      const extras = reminderExtras(daysOverdue, company, late);
      if (payLink && !`${template.subject}${template.body}`.includes('{{link}}')) extras.splice(1, 0, `Pay online by card or bank: ${payLink}`);
      const rendered = renderEmail(template, placeholderValues(doc, company.name, payLink), extras);
      const { fileName, pdf } = await deps.pdf(userId, 'invoice', invoiceId);
      const status = deps.mailer.configured ? 'queued' : 'outbox';
      const label = step < 0 ? `${-step} days before due` : step === 0 ? 'on the due date' : `${step} days after due`;
      try {
        const row = await store(
          {
            userId,
            kind: 'reminder',
            invoiceId,
            toAddresses: [to],
            ccAddresses: [],
            replyTo: company.email,
            fromName: company.name,
            subject: rendered.subject,
            textBody: rendered.text,
            htmlBody: rendered.html,
            attachmentName: fileName,
            attachment: pdf,
            status,
          },
          async (tx, r) => {
            if (!(await claim(tx, r.id))) throw new AlreadyQueued();
            await deps.history.append(
              tx,
              userId,
              'invoice',
              invoiceId,
              'reminded',
              `Reminder (${label}) to ${to} ${status === 'outbox' ? 'kept in the outbox' : 'queued'}`,
            );
            await deps.notifyIn?.(tx, userId, {
              kind: 'reminder sent',
              document: { kind: 'invoice', id: invoiceId, number: doc.number },
              summary: `Reminder for ${doc.number} (${label}) to ${to}${status === 'outbox' ? ', kept in the outbox' : ''}`,
            });
          },
        );
        return row.id;
      } catch (err) {
        if (err instanceof AlreadyQueued) return null;
        if (err instanceof AppError && err.code === 'RATE_LIMITED') return null;
        throw err;
      }
    },
  };

  async function deliverClaimed(row: DeliveryRow): Promise<void> {
    const deliveryId = row.id;
    const attempt = row.attempts;
    // The lease is renewed while the send is in flight (a third of it at a time), so only a process
    // that died lets it lapse: a send slower than the lease is not sent again by another process.
    const renew = setInterval(() => {
      deliveries.extendLease(deliveryId, new Date(deps.clock().getTime() + leaseMs)).catch((err: unknown) => {
        deps.logger.warn({ err, deliveryId }, 'email lease could not be renewed');
      });
    }, leaseMs / 3);
    renew.unref();
    let outcome: Awaited<ReturnType<typeof deps.mailer.send>>;
    try {
      outcome = await deps.mailer.send(outgoing(row, deps.config.from));
    } finally {
      clearInterval(renew);
    }
    const documentKind: EmailDocumentKind | null = row.invoiceId ? 'invoice' : row.quoteId ? 'quote' : row.creditNoteId ? 'credit_note' : null;
    const documentId = row.invoiceId ?? row.quoteId ?? row.creditNoteId;
    const note = (summary: string) =>
      documentKind && documentId
        ? deps.history.appendNow(row.userId, documentKind, documentId, row.kind === 'reminder' ? 'reminded' : 'emailed', summary)
        : Promise.resolve();
    if (outcome.ok) {
      await deliveries.settle(deliveryId, { status: 'sent', messageId: outcome.messageId, sentAt: deps.clock(), lastError: null });
      await note(`Email delivered to ${row.toAddresses.join(', ')}`);
      return;
    }
    if (outcome.permanent || attempt >= SEND_ATTEMPTS) {
      await deliveries.settle(deliveryId, { status: 'failed', lastError: outcome.reason });
      await note(`Email to ${row.toAddresses.join(', ')} failed: ${outcome.reason}`);
      if (documentKind && documentId && deps.notify) {
        const doc = await deps.document(row.userId, documentKind, documentId);
        await deps.notify(row.userId, {
          kind: 'email failed',
          document: { kind: documentKind, id: documentId, number: doc.number },
          summary: `Email of ${doc.number} to ${row.toAddresses.join(', ')} failed: ${outcome.reason}`,
        });
      }
      deps.logger.warn({ deliveryId, attempt, permanent: outcome.permanent }, 'email failed');
      return;
    }
    const delay = deps.config.retryDelaySeconds * 1000 * 2 ** (attempt - 1);
    await deliveries.settle(deliveryId, { lastError: outcome.reason, nextAttemptAt: new Date(deps.clock().getTime() + delay) });
    deps.logger.info({ deliveryId, attempt }, 'email send will be retried');
  }
}
export type EmailService = ReturnType<typeof createEmailService>;
