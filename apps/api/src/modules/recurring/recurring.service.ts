import { DRAFT_NUMBER_LABEL } from '@docket/schemas/document';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { RECURRING_MESSAGES, scheduledDate, type TRecurringFrequency, type TRecurringInvoice, type TRecurringRequest } from '@docket/schemas/recurring';
import type { TInvoiceStatus } from '@docket/schemas/lifecycle';
import { basisPointsToPercent, formatPence, penceToPounds } from '@docket/schemas/money';
import { AppError } from '../../lib/app-error.ts';
import { addDays, londonDay, londonWallTimeToInstant, type Clock } from '../../lib/clock.ts';
import { cisOf, priceDocument } from '../documents/document-input.ts';
import { toLineDto, totalsOfStored, type StoredLine } from '../documents/line-items.ts';
import type { OwnershipRepository } from '../documents/ownership.repository.ts';
import type { DocumentSettingsRepository } from '../numbering/document-settings.repository.ts';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { InvoicesRepository } from '../invoices/invoices.repository.ts';
import type { IssuedRef, PendingSend, RecurringRepository, RecurringRow } from './recurring.repository.ts';
import type { Tx } from '../numbering/counters.repository.ts';
import { EMAIL_MESSAGES } from '@docket/schemas/email';
import type { NotificationsRepository } from '../notifications/notifications.repository.ts';
import { crashPoint } from '../../lib/crash-point.ts';

export const RECURRING_SWEEP_JOB = 'recurring.sweep';
/** Every day at 06:00 UTC, and once at each start (catch-up after downtime). */
export const RECURRING_SWEEP_CRON = '0 6 * * *';

export interface RecurringServiceDeps {
  clock: Clock;
  logger: Logger;
  ownership: OwnershipRepository;
  settings: DocumentSettingsRepository;
  history: HistoryRepository;
  invoices: Pick<InvoicesRepository, 'createIn'>;
  /** the plan's invoice limit, checked inside the issuing transaction */
  assertCanCreateInvoice: (userId: string, tx: Pick<Database, 'select'>) => Promise<void>;
  /** emails (and so issues) an invoice; `within` runs in the message's transaction; absent without an email service */
  emailInvoice?: (userId: string, invoiceId: string, within: (tx: Tx, deliveryId: string) => Promise<void>) => Promise<unknown>;
  /** the bell, outside a transaction: an automatic send that has to wait */
  notifyNow?: (userId: string, n: { kind: 'recurring not sent'; document: { kind: 'invoice'; id: string; number: string }; summary: string }) => Promise<void>;
  /** the bell: a recurring invoice waiting as a draft (written in the issuing transaction) */
  notifications?: Pick<NotificationsRepository, 'add'>;
}

type Schedule = Pick<RecurringRow, 'startDate' | 'frequency' | 'endDate' | 'count'>;
const asSchedule = (s: Schedule) => ({ ...s, frequency: s.frequency as TRecurringFrequency });

/** The first period on or after `day` (periods before it are not issued: a new or resumed schedule starts now). */
function firstIndexFrom(s: Schedule, day: string): { index: number; date: string | null } {
  for (let n = 0; n < 100_000; n++) {
    const date = scheduledDate(asSchedule(s), n);
    if (date === null || date >= day) return { index: n, date };
  }
  return { index: 0, date: null };
}

export function createRecurringService(repo: RecurringRepository, deps: RecurringServiceDeps) {
  const today = () => londonDay(deps.clock());

  const toDto = (r: RecurringRow, clientName: string, issued: IssuedRef[]): TRecurringInvoice => {
    const lines = storedLines(r.lines);
    return {
      id: r.id,
      clientId: r.clientId,
      client: { id: r.clientId, name: clientName },
      lineItems: lines.map(toLineDto),
      tax: basisPointsToPercent(r.taxRateBp),
      siteAddress: r.siteAddress,
      total: penceToPounds(issuedTotal(lines, r.taxRateBp)),
      frequency: r.frequency as TRecurringFrequency,
      startDate: r.startDate,
      endDate: r.endDate,
      count: r.count,
      dueDays: r.dueDays,
      autoSend: r.autoSend,
      paused: r.paused,
      nextRunDate: r.paused ? null : r.nextRunDate,
      issuedCount: issued.length,
      invoices: issued.map((i) => ({
        id: i.id,
        invoiceNumber: i.invoiceNumber,
        periodDate: i.periodDate,
        status: i.status as TInvoiceStatus,
        total: penceToPounds(Number(i.totalPence)),
      })),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  };

  const get = async (userId: string, id: string): Promise<TRecurringInvoice> => {
    const row = await repo.get(userId, id);
    if (!row) throw AppError.notFound('Recurring invoice');
    const issued = await repo.issued([id]);
    return toDto(row.r as RecurringRow, row.clientName, issued.get(id) ?? []);
  };

  const valuesOf = async (userId: string, input: TRecurringRequest, fallbackTaxBp: () => Promise<number> | number) => {
    const priced = await priceDocument(deps.ownership, userId, { clientId: input.clientId, lineItems: input.lineItems, tax: input.tax }, fallbackTaxBp);
    const schedule = { startDate: input.startDate, frequency: input.frequency, endDate: input.endDate ?? null, count: input.count ?? null };
    const first = firstIndexFrom(schedule, today());
    return {
      clientId: input.clientId,
      taxRateBp: priced.taxRateBp,
      lines: priced.lines,
      siteAddress: input.siteAddress ?? null,
      ...schedule,
      // absent or null: each invoice follows the payment terms on its issue day
      dueDays: input.dueDays ?? null,
      autoSend: input.autoSend,
      nextIndex: first.index,
      nextRunDate: first.date,
    };
  };

  /**
   * Issues every due period of one schedule, oldest first, each in its own transaction under the
   * schedule's row lock, each claimed by its (schedule, period) key: a second process finds the
   * lock taken, then the period claimed, and issues nothing.
   */
  async function issueDue(userId: string, id: string): Promise<number> {
    let issued = 0;
    // Read before the lock: on the embedded database a read outside the transaction would wait for it.
    const { cisSubcontractor, paymentTermsDays } = await deps.settings.read(userId);
    const schedule = await repo.get(userId, id);
    const client = schedule && (await deps.ownership.clientTax(userId, schedule.r.clientId));
    for (;;) {
      const made = await repo.withLocked(id, async (tx, row) => {
        if (row.paused) return null;
        const date = scheduledDate(asSchedule(row), row.nextIndex);
        if (date === null || date > today()) {
          if (date !== row.nextRunDate) await repo.advance(tx, row.id, row.nextIndex, date);
          return null;
        }
        const next = scheduledDate(asSchedule(row), row.nextIndex + 1);
        await repo.advance(tx, row.id, row.nextIndex + 1, next);
        if (!(await repo.claim(tx, row.id, date))) return { skipped: true as const };
        // Over the plan's limit the whole period rolls back and is tried again at the next sweep.
        await deps.assertCanCreateInvoice(row.userId, tx);
        const lines = storedLines(row.lines);
        const totals = pricedTotals(lines, row.taxRateBp);
        const sameClient = client && schedule?.r.clientId === row.clientId ? client : null;
        const cis = cisOf(cisSubcontractor, sameClient?.cisRate ?? null, lines, row.taxRateBp);
        // docs/product.md, "Payment terms": without its own days the schedule follows the client's terms, else the company's.
        const dueDays = row.dueDays ?? sameClient?.paymentTermsDays ?? paymentTermsDays;
        const invoice = await deps.invoices.createIn(
          tx,
          row.userId,
          { clientId: row.clientId, siteAddress: row.siteAddress, dueDate: addDays(date, dueDays), lines, ...totals, ...cis },
          londonWallTimeToInstant(date, 9, 0),
        );
        // The send is owed from this commit on: a crash before it is queued leaves it to the next sweep.
        await repo.linkInvoice(tx, row.id, date, invoice.id, row.autoSend && Boolean(deps.emailInvoice));
        const waits = row.autoSend ? '' : '; waiting as a draft for you to send';
        await deps.history.append(
          tx,
          row.userId,
          'invoice',
          invoice.id,
          'created',
          `Created a draft for ${formatPence(totals.totalPence)} by a recurring invoice, for ${date}${waits}`,
        );
        if (!row.autoSend) {
          await deps.notifications?.add(tx, row.userId, {
            kind: 'recurring draft',
            document: { kind: 'invoice', id: invoice.id, number: DRAFT_NUMBER_LABEL },
            summary: `An invoice for ${formatPence(totals.totalPence)} was made by a recurring invoice and waits as a draft for you to send`,
          });
        }
        crashPoint('recurring.issued');
        return { userId: row.userId, invoiceId: invoice.id, autoSend: row.autoSend, periodDate: date };
      });
      if (made === null) return issued;
      if ('skipped' in made) continue;
      issued++;
      crashPoint('recurring.owed');
      if (made.autoSend) await sendOwed({ recurringId: id, periodDate: made.periodDate, invoiceId: made.invoiceId, userId: made.userId }, true);
    }
  }

  /**
   * Emails one owed automatic send. The message's transaction clears the debt, so it is queued
   * once even when two sweeps try together or a sweep is killed midway. Over the daily limit or
   * before the account is verified it waits (the user is told once, in the history and the
   * bell) and the next sweep tries again; any other refusal ends it, with the reason in history.
   */
  async function sendOwed(p: PendingSend, first: boolean): Promise<void> {
    if (!deps.emailInvoice) return;
    if (!p.invoiceId) return repo.clearPending(p.recurringId, p.periodDate);
    try {
      await deps.emailInvoice(p.userId, p.invoiceId, async (tx, deliveryId) => {
        if (!(await repo.markQueued(tx, p.recurringId, p.periodDate, deliveryId))) throw new SentElsewhere();
        crashPoint('recurring.queued');
      });
    } catch (err) {
      if (err instanceof SentElsewhere) return;
      const waits = err instanceof AppError && (err.code === 'RATE_LIMITED' || err.message === EMAIL_MESSAGES.verifyFirst);
      if (!waits) await repo.clearPending(p.recurringId, p.periodDate);
      if (waits && !first) return;
      const reason = !waits
        ? `Not emailed: ${err instanceof AppError ? err.message : 'the email could not be prepared'}`
        : err instanceof AppError && err.code === 'RATE_LIMITED'
          ? EMAIL_MESSAGES.recurringOverLimit
          : EMAIL_MESSAGES.recurringUnverified;
      deps.logger.warn({ invoiceId: p.invoiceId, waits }, 'recurring invoice not emailed');
      try {
        await deps.history.appendNow(p.userId, 'invoice', p.invoiceId, 'emailed', reason);
        const number = await repo.invoiceNumber(p.invoiceId);
        await deps.notifyNow?.(p.userId, {
          kind: 'recurring not sent',
          document: { kind: 'invoice', id: p.invoiceId, number },
          summary: `${number}: ${reason}`,
        });
      } catch (noteErr) {
        deps.logger.warn({ err: noteErr, invoiceId: p.invoiceId }, 'could not record an unsent recurring invoice');
      }
    }
  }

  /** After a save: the schedule is kept whatever happens; a period that cannot be issued now waits for the sweep. */
  const issueSoon = async (userId: string, id: string) => {
    try {
      await issueDue(userId, id);
    } catch (err) {
      deps.logger.warn({ err, recurringId: id }, 'recurring invoice left for the next sweep');
    }
  };

  return {
    get,
    async list(userId: string): Promise<TRecurringInvoice[]> {
      const rows = await repo.list(userId);
      const issued = await repo.issued(rows.map((r) => r.r.id));
      return rows.map((r) => toDto(r.r as RecurringRow, r.clientName, issued.get(r.r.id) ?? []));
    },
    async create(userId: string, input: TRecurringRequest): Promise<TRecurringInvoice> {
      const settings = await deps.settings.read(userId);
      const id = await repo.insert(userId, await valuesOf(userId, input, () => settings.defaultTaxRateBp));
      // A schedule starting today issues its first invoice at once.
      await issueSoon(userId, id);
      return get(userId, id);
    },
    async update(userId: string, id: string, input: TRecurringRequest): Promise<TRecurringInvoice> {
      const current = await repo.get(userId, id);
      if (!current) throw AppError.notFound('Recurring invoice');
      if (!(await repo.update(userId, id, await valuesOf(userId, input, () => current.r.taxRateBp)))) throw AppError.notFound('Recurring invoice');
      await issueSoon(userId, id);
      return get(userId, id);
    },
    /** The invoices already issued stay; the schedule goes. */
    async remove(userId: string, id: string) {
      if (!(await repo.remove(userId, id))) throw AppError.notFound('Recurring invoice');
    },
    async pause(userId: string, id: string): Promise<TRecurringInvoice> {
      const current = await repo.get(userId, id);
      if (!current) throw AppError.notFound('Recurring invoice');
      if (current.r.paused) throw AppError.conflict(RECURRING_MESSAGES.paused);
      await repo.update(userId, id, { paused: true });
      return get(userId, id);
    },
    /** Periods that fell while paused are not issued: the schedule picks up from today. */
    async resume(userId: string, id: string): Promise<TRecurringInvoice> {
      const current = await repo.get(userId, id);
      if (!current) throw AppError.notFound('Recurring invoice');
      if (!current.r.paused) throw AppError.conflict(RECURRING_MESSAGES.notPaused);
      const first = firstIndexFrom(current.r, today());
      await repo.update(userId, id, {
        paused: false,
        nextIndex: Math.max(first.index, current.r.nextIndex),
        nextRunDate: first.index >= current.r.nextIndex ? first.date : current.r.nextRunDate,
      });
      await issueSoon(userId, id);
      return get(userId, id);
    },
    /** Every due schedule, oldest due first; safe in several processes at once. */
    async sweep(): Promise<{ issued: number }> {
      let issued = 0;
      for (const s of await repo.due(today())) {
        try {
          issued += await issueDue(s.userId, s.id);
        } catch (err) {
          deps.logger.error({ err, recurringId: s.id }, 'recurring invoice could not be issued');
        }
      }
      // Sends still owed from earlier periods (the limit, verification, or a crash).
      for (const p of await repo.pendingSends()) {
        try {
          await sendOwed(p, false);
        } catch (err) {
          deps.logger.error({ err, invoiceId: p.invoiceId }, 'recurring invoice could not be emailed');
        }
      }
      return { issued };
    },
  };
}
export type RecurringService = ReturnType<typeof createRecurringService>;

/** Thrown in a message's transaction to roll it back: another sweep queued this send. */
class SentElsewhere extends Error {}

/** The schedule's lines as stored lines (a schedule saved before per-line VAT has no VAT code, kind, discount or unit). */
const storedLines = (lines: readonly StoredLine[]): StoredLine[] =>
  lines.map((l) => ({ ...l, vat: l.vat ?? null, kind: l.kind ?? null, discountBp: Number(l.discountBp ?? 0), unit: l.unit ?? null }));

/** Each invoice's totals: the one totals function over the stored lines (per-line VAT, reverse charge). */
function pricedTotals(lines: StoredLine[], taxRateBp: number) {
  const totals = totalsOfStored(lines, taxRateBp);
  return { taxRateBp, subtotalPence: totals.subtotal, taxPence: totals.taxAmount, totalPence: totals.total };
}
const issuedTotal = (lines: StoredLine[], taxRateBp: number) => pricedTotals(lines, taxRateBp).totalPence;
