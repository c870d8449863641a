import type { Logger } from 'pino';
import type { TReminderSettings } from '@docket/schemas/email';
import { AppError } from '../../lib/app-error.ts';
import { londonDay, type Clock } from '../../lib/clock.ts';
import type { RemindersRepository } from './reminders.repository.ts';
import { daysBetween, dueStep } from './due-step.ts';

export const REMINDER_SWEEP_JOB = 'reminders.sweep';
/** Every day at 08:00 UTC (09:00 in British Summer Time), and once at each start. */
export const REMINDER_SWEEP_CRON = '0 8 * * *';

export interface RemindersServiceDeps {
  clock: Clock;
  logger: Logger;
  remind: (userId: string, invoiceId: string, step: number, daysOverdue: number) => Promise<string | null>;
  underDailyLimit: (userId: string) => Promise<boolean>;
}

export function createRemindersService(repo: RemindersRepository, deps: RemindersServiceDeps) {
  return {
    async settings(userId: string): Promise<TReminderSettings> {
      const row = await repo.settings(userId);
      if (!row) throw AppError.notFound('Company profile');
      return { enabled: row.enabled, steps: row.steps };
    },
    async saveSettings(userId: string, input: TReminderSettings): Promise<TReminderSettings> {
      if (!(await repo.saveSettings(userId, input.enabled, input.steps))) throw AppError.notFound('Company profile');
      return input;
    },
    async clientOptOut(userId: string, clientId: string, optOut?: boolean) {
      const v = optOut === undefined ? await repo.clientOptOut(userId, clientId) : await repo.setClientOptOut(userId, clientId, optOut);
      if (v === null) throw AppError.notFound('Client');
      return { optOut: v };
    },
    async invoicePaused(userId: string, invoiceId: string, paused?: boolean) {
      const v = paused === undefined ? await repo.invoicePaused(userId, invoiceId) : await repo.setInvoicePaused(userId, invoiceId, paused);
      if (v === null) throw AppError.notFound('Invoice');
      return { paused: v };
    },

    /**
     * One pass over every account. Safe to run at any time and in several processes at once:
     * the database claim of (invoice, step) decides who sends, so each step goes out once.
     */
    async sweep(): Promise<{ sent: number }> {
      const today = londonDay(deps.clock());
      let sent = 0;
      for (const c of await repo.candidates(today)) {
        const daysFromDue = daysBetween(c.dueDate, today);
        const step = dueStep({ daysFromDue, steps: c.steps, sent: c.sent, lastSentOn: c.lastSentOn, today });
        if (step === null) continue;
        if (!(await deps.underDailyLimit(c.userId))) continue;
        if (!(await repo.claim(c.userId, c.invoiceId, step, today))) continue;
        try {
          const deliveryId = await deps.remind(c.userId, c.invoiceId, step, daysFromDue);
          if (deliveryId) await repo.linkDelivery(c.invoiceId, step, deliveryId);
          sent++;
        } catch (err) {
          deps.logger.error({ err, invoiceId: c.invoiceId }, 'reminder could not be prepared');
        }
      }
      return { sent };
    },
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;
