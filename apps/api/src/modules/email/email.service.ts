import type { Logger } from 'pino';
import {
  EMAIL_MESSAGES,
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
import type { DeliveriesRepository, DeliveryRow } from './deliveries.repository.ts';
import type { TemplatesRepository } from './templates.repository.ts';
import { composeEml, type Mailer, type OutgoingMessage } from './mailer.ts';
import { longDate, renderEmail } from './render-email.ts';

export const SEND_EMAIL_JOB = 'email.send';
/** first try plus two retries (docs/product.md, "Email and jobs") */
export const SEND_ATTEMPTS = 3;

export type EmailDocumentKind = 'quote' | 'invoice';

/** What an email about a document needs to know of it, read through its own module. */
export interface DocumentFacts {
  id: string;
  number: string;
  status: string;
  clientId: string;
  clientName: string;
  /** pounds */
  total: number;
  balanceDue: number | null;
  dueDate: string | null;
}

export interface EmailServiceDeps {
  deliveries: DeliveriesRepository;
  templates: TemplatesRepository;
  history: Pick<HistoryRepository, 'appendNow'>;
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
  /** tell the business (the bell): a send that failed for good, a reminder that went out */
  notify?: (userId: string, n: { kind: 'email failed' | 'reminder sent'; document: { kind: EmailDocumentKind; id: string; number: string }; summary: string }) => Promise<void>;
  mailer: Mailer;
  jobs?: JobQueue;
  clock: Clock;
  logger: Logger;
  config: { from: string; perDay: number; retryDelaySeconds: number };
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

export function toDelivery(r: DeliveryRow): TDelivery {
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
  };
}

function outgoing(r: DeliveryRow, from: string): OutgoingMessage {
  return {
    from,
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
    balanceDue: formatMoney(doc.balanceDue ?? doc.total),
    dueDate: doc.dueDate ? longDate(doc.dueDate) : '',
    companyName,
    // A reminder or a preview has no fresh link: the placeholder renders empty there.
    link,
  };
}

export function createEmailService(deps: EmailServiceDeps) {
  const { deliveries } = deps;

  async function assertUnderDailyLimit(userId: string) {
    const now = deps.clock();
    const dayStart = londonWallTimeToInstant(londonDay(now), 0, 0);
    if ((await deliveries.countSince(userId, dayStart)) >= deps.config.perDay) {
      throw new AppError('RATE_LIMITED', EMAIL_MESSAGES.dailyLimit(deps.config.perDay));
    }
  }

  async function enqueue(id: string) {
    if (!deps.jobs) throw new Error('job queue not started');
    await deps.jobs.send(
      SEND_EMAIL_JOB,
      { deliveryId: id },
      { singletonKey: id, retryLimit: SEND_ATTEMPTS - 1, retryDelaySeconds: deps.config.retryDelaySeconds },
    );
  }


  return {
    async emailDocument(
      userId: string,
      kind: EmailDocumentKind,
      id: string,
      input: TEmailDocumentRequest & { to?: string[]; cc?: string[] },
      origin?: string,
    ): Promise<TEmailQueued> {
      let doc = await deps.document(userId, kind, id);
      const company = await deps.company(userId);
      if (!company) throw AppError.conflict('Set up your company profile before emailing documents');
      const to = input.to?.length ? input.to : [await deps.clientEmail(userId, doc.clientId)].filter((a): a is string => Boolean(a));
      if (to.length === 0) throw AppError.badRequest(EMAIL_MESSAGES.noRecipient, { to: EMAIL_MESSAGES.noRecipient });
      await assertUnderDailyLimit(userId);
      if (doc.status === 'DRAFT') {
        await deps.issue(userId, kind, id);
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
      const row = await deliveries.insert({
        userId,
        kind,
        quoteId: kind === 'quote' ? id : null,
        invoiceId: kind === 'invoice' ? id : null,
        toAddresses: to,
        ccAddresses: input.cc ?? [],
        replyTo: company.email,
        subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
        attachmentName: fileName,
        attachment: pdf,
        status,
      });
      const where = status === 'outbox' ? 'kept in the outbox (no mail server configured)' : 'queued';
      await deps.history.appendNow(userId, kind, id, 'emailed', `Email to ${to.join(', ')} ${where}`);
      if (status === 'queued') await enqueue(row.id);
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
      return { fileName: `${(row.attachmentName ?? 'message').replace(/\.pdf$/, '')}-${row.id.slice(0, 8)}.eml`, eml: await composeEml(outgoing(row, deps.config.from)) };
    },

    /** Send outbox messages now that a mail server is configured: all of them, or one. */
    async sendOutbox(userId: string, deliveryId?: string): Promise<{ queued: number }> {
      if (!deps.mailer.configured) throw AppError.conflict(EMAIL_MESSAGES.notConfigured);
      const ids = deliveryId ? [deliveryId] : (await deliveries.listByStatus(userId, 'outbox')).map((r) => r.id);
      if (deliveryId && !(await deliveries.get(userId, deliveryId))) throw AppError.notFound('Email');
      let queued = 0;
      for (const id of ids) {
        if (await deliveries.requeue(userId, id)) {
          await enqueue(id);
          queued++;
        } else if (deliveryId) throw AppError.conflict(EMAIL_MESSAGES.notInOutbox);
      }
      return { queued };
    },

    /**
     * The send job. Sends at most once: the attempt is counted only while the delivery is still
     * queued, so a job run again after a crash finds it settled. A 5xx reply fails for good; any
     * other failure throws (the queue retries with backoff) until the last attempt.
     */
    async deliver(deliveryId: string): Promise<void> {
      const attempt = await deliveries.startAttempt(deliveryId);
      if (attempt === null) return;
      const row = await deliveries.byId(deliveryId);
      if (!row) return;
      const outcome = await deps.mailer.send(outgoing(row, deps.config.from));
      const documentKind: EmailDocumentKind | null = row.invoiceId ? 'invoice' : row.quoteId ? 'quote' : null;
      const documentId = row.invoiceId ?? row.quoteId;
      const note = (summary: string) =>
        documentKind && documentId ? deps.history.appendNow(row.userId, documentKind, documentId, row.kind === 'reminder' ? 'reminded' : 'emailed', summary) : Promise.resolve();
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
      await deliveries.settle(deliveryId, { lastError: outcome.reason });
      deps.logger.info({ deliveryId, attempt }, 'email send will be retried');
      throw new Error(`send attempt ${attempt} failed; retrying`);
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

    async underDailyLimit(userId: string): Promise<boolean> {
      try {
        await assertUnderDailyLimit(userId);
        return true;
      } catch {
        return false;
      }
    },

    /** One reminder for an invoice: the reminder template, how late it is, payment details, the invoice PDF. */
    async remind(userId: string, invoiceId: string, step: number, daysOverdue: number): Promise<string | null> {
      const doc = await deps.document(userId, 'invoice', invoiceId);
      const company = await deps.company(userId);
      const to = await deps.clientEmail(userId, doc.clientId);
      if (!company || !to) return null;
      const template = (await deps.templates.all(userId)).reminder;
      const late = deps.lateFigures && daysOverdue > 0 ? await deps.lateFigures(userId, invoiceId) : null;
      const rendered = renderEmail(template, placeholderValues(doc, company.name), reminderExtras(daysOverdue, company, late));
      const { fileName, pdf } = await deps.pdf(userId, 'invoice', invoiceId);
      const status = deps.mailer.configured ? 'queued' : 'outbox';
      const row = await deliveries.insert({
        userId,
        kind: 'reminder',
        invoiceId,
        toAddresses: [to],
        ccAddresses: [],
        replyTo: company.email,
        subject: rendered.subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
        attachmentName: fileName,
        attachment: pdf,
        status,
      });
      const label = step < 0 ? `${-step} days before due` : step === 0 ? 'on the due date' : `${step} days after due`;
      await deps.history.appendNow(userId, 'invoice', invoiceId, 'reminded', `Reminder (${label}) to ${to} ${status === 'outbox' ? 'kept in the outbox' : 'queued'}`);
      await deps.notify?.(userId, {
        kind: 'reminder sent',
        document: { kind: 'invoice', id: invoiceId, number: doc.number },
        summary: `Reminder for ${doc.number} (${label}) to ${to}${status === 'outbox' ? ', kept in the outbox' : ''}`,
      });
      if (status === 'queued') await enqueue(row.id);
      return row.id;
    },

  };
}
export type EmailService = ReturnType<typeof createEmailService>;
