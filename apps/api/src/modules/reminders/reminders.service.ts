import type { Logger } from 'pino';
import {
  DEFAULT_REMINDER_SETTINGS,
  EMAIL_MESSAGES,
  REMINDER_MESSAGES,
  REMINDER_SEND_TIME,
  reminderStepWords,
  type TInvoiceReminders,
  type TReminderSettings,
} from '@docket/schemas/email';
import { AppError } from '../../lib/app-error.ts';
import { addDays, londonDay, type Clock } from '../../lib/clock.ts';
import type { InvoiceReminderState, RemindersRepository, Tx } from './reminders.repository.ts';
import { daysBetween, dueStep } from './due-step.ts';
import { crashPoint } from '../../lib/crash-point.ts';

export const REMINDER_SWEEP_JOB = 'reminders.sweep';
/** Every day at 09:00 UK time (the schedule runs in Europe/London), and once at each start. */
export const REMINDER_SWEEP_CRON = `0 ${REMINDER_SEND_TIME.hour} * * *`;
export const REMINDER_SWEEP_TIME_ZONE = 'Europe/London';
/** A sweep job's data: an account's own assessment after its settings change, or every account. */
export interface ReminderSweepData {
  userId?: string;
}

export interface RemindersServiceDeps {
  clock: Clock;
  logger: Logger;
  /** `claim` runs inside the reminder's own transaction: claimed and queued commit together */
  remind: (
    userId: string,
    invoiceId: string,
    step: number,
    daysOverdue: number,
    claim: (tx: Tx, deliveryId: string) => Promise<boolean>,
  ) => Promise<string | null>;
  underDailyLimit: (userId: string) => Promise<boolean>;
  /** queue one account's sweep now (the job queue); absent without one */
  assessSoon?: (userId: string) => Promise<void>;
  /** an account that has not verified its email address sends no reminders to clients */
  mayEmailClients: (userId: string) => Promise<boolean>;
}

/** How far ahead the next reminder is looked for: past the last possible step. */
const LOOK_AHEAD_DAYS = 800;

/**
 * The next day the daily sweep will send this invoice a reminder, and which step, or null: the
 * sweep's own rule (dueStep) tried on each day from today, with what has been sent so far.
 */
export function nextReminderOf(s: InvoiceReminderState, today: string): TInvoiceReminders['nextReminder'] {
  if (s.status !== 'SENT' || !s.enabled || s.optOut || s.paused || !s.dueDate || !s.steps?.length) return null;
  const from = Math.max(0, daysBetween(today, addDays(s.dueDate, Math.min(...s.steps))));
  for (let d = from; d < LOOK_AHEAD_DAYS; d++) {
    const day = addDays(today, d);
    const step = dueStep({ daysFromDue: daysBetween(s.dueDate, day), steps: s.steps, sent: s.sent, lastSentOn: s.lastSentOn, today: day });
    if (step !== null) return { date: day, step, rule: reminderStepWords(step) };
    if (d > 0 && daysBetween(s.dueDate, day) > Math.max(...s.steps)) return null;
  }
  return null;
}

export function createRemindersService(repo: RemindersRepository, deps: RemindersServiceDeps) {
  const today = () => londonDay(deps.clock());
  const invoiceReminders = async (userId: string, invoiceId: string): Promise<TInvoiceReminders> => {
    const s = await repo.invoiceState(userId, invoiceId);
    if (!s) throw AppError.notFound('Invoice');
    return { paused: s.paused, nextReminder: nextReminderOf(s, today()), lastSentOn: s.lastSentOn };
  };
  return {
    /** A new account answers the defaults (reminders off) rather than a 404: its first screens make no failing request. */
    async settings(userId: string): Promise<TReminderSettings> {
      const row = await repo.settings(userId);
      if (!row) return DEFAULT_REMINDER_SETTINGS;
      return { enabled: row.enabled, steps: row.steps };
    },
    /**
     * Switching reminders on, or changing the steps while on, queues this account's sweep at once
     * (docs/product.md, "Reminders"): overdue invoices are assessed within a minute, not at the next 09:00.
     */
    async saveSettings(userId: string, input: TReminderSettings): Promise<TReminderSettings> {
      const before = await repo.settings(userId);
      if (!before || !(await repo.saveSettings(userId, input.enabled, input.steps))) throw AppError.notFound('Company profile');
      const changed = !before.enabled || before.steps.join(',') !== input.steps.join(',');
      if (input.enabled && changed && deps.assessSoon) {
        try {
          await deps.assessSoon(userId);
        } catch (err) {
          // The daily sweep still comes; the saved settings stand.
          deps.logger.error({ err }, 'could not queue the reminder assessment');
        }
      }
      return input;
    },
    async clientOptOut(userId: string, clientId: string, optOut?: boolean) {
      const v = optOut === undefined ? await repo.clientOptOut(userId, clientId) : await repo.setClientOptOut(userId, clientId, optOut);
      if (v === null) throw AppError.notFound('Client');
      return { optOut: v };
    },
    /** GET and PUT /invoices/:id/reminders: paused or not, the next scheduled reminder, the last one sent. */
    async invoicePaused(userId: string, invoiceId: string, paused?: boolean): Promise<TInvoiceReminders> {
      if (paused !== undefined && (await repo.setInvoicePaused(userId, invoiceId, paused)) === null) throw AppError.notFound('Invoice');
      return invoiceReminders(userId, invoiceId);
    },
    /**
     * "Send reminder now": the same claim as the sweep, so never two reminders to one invoice on
     * one day, and never one to a paid, void or credited invoice or a client who opted out. A
     * paused invoice can still be reminded by hand (the pause stops the automatic ones).
     */
    async sendNow(userId: string, invoiceId: string): Promise<TInvoiceReminders> {
      const s = await repo.invoiceState(userId, invoiceId);
      if (!s) throw AppError.notFound('Invoice');
      if (s.status !== 'SENT' || !s.dueDate) throw AppError.conflict(REMINDER_MESSAGES.notOpen);
      if (s.optOut) throw AppError.conflict(REMINDER_MESSAGES.optedOut);
      const day = today();
      if (s.lastSentOn === day) throw AppError.conflict(REMINDER_MESSAGES.alreadyToday);
      if (!(await deps.mayEmailClients(userId))) throw AppError.forbidden(EMAIL_MESSAGES.verifyFirst);
      if (!(await deps.underDailyLimit(userId))) throw new AppError('RATE_LIMITED', REMINDER_MESSAGES.dailyLimit);
      const daysFromDue = daysBetween(s.dueDate, day);
      // The step the sweep would send today counts as sent; otherwise the day itself is the step,
      // which no other day can take, and a later step still goes out on its own day.
      const step = dueStep({ daysFromDue, steps: s.steps ?? [], sent: s.sent, lastSentOn: s.lastSentOn, today: day }) ?? daysFromDue;
      // The claim commits with the queued message, as in the sweep: both or neither.
      let claimTried = false;
      const deliveryId = await deps.remind(userId, invoiceId, step, daysFromDue, (tx, id) => {
        claimTried = true;
        return repo.claim(tx, userId, invoiceId, step, day, id);
      });
      if (!deliveryId) throw AppError.conflict(claimTried ? REMINDER_MESSAGES.alreadyToday : REMINDER_MESSAGES.noRecipient);
      return invoiceReminders(userId, invoiceId);
    },

    /**
     * One pass over every account. Safe to run at any time and in several processes at once, and
     * to stop anywhere: the database claim of (invoice, step) decides who sends, so each step
     * goes out once, and it commits with the queued message or not at all.
     */
    async sweep(only: ReminderSweepData = {}): Promise<{ sent: number }> {
      const today = londonDay(deps.clock());
      let sent = 0;
      for (const c of await repo.candidates(today, only.userId)) {
        const daysFromDue = daysBetween(c.dueDate, today);
        const step = dueStep({ daysFromDue, steps: c.steps, sent: c.sent, lastSentOn: c.lastSentOn, today });
        if (step === null) continue;
        if (!(await deps.underDailyLimit(c.userId)) || !(await deps.mayEmailClients(c.userId))) continue;
        try {
          // The claim of (invoice, step) and the queued message are one transaction: a crash
          // leaves both or neither, and a step claimed elsewhere rolls this message back.
          const deliveryId = await deps.remind(c.userId, c.invoiceId, step, daysFromDue, async (tx, id) => {
            const claimed = await repo.claim(tx, c.userId, c.invoiceId, step, today, id);
            crashPoint('reminders.claimed');
            return claimed;
          });
          crashPoint('reminders.committed');
          if (deliveryId) sent++;
        } catch (err) {
          deps.logger.error({ err, invoiceId: c.invoiceId }, 'reminder could not be prepared');
        }
      }
      return { sent };
    },
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;
