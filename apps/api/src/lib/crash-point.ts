/**
 * Named places where the kill -9 tests (test/adversarial/crash-sweeps.test.ts, crash-webhook.test.ts) stop the process as
 * a power cut would: with DOCKET_CRASH_AT set to a point's name, the process kills itself there.
 * Test-only: unset in production, where each point is one string comparison.
 */
export type CrashPointName =
  | 'reminders.claimed' // in the reminder's transaction: claimed and queued, not committed
  | 'reminders.committed' // after that commit, before the sweep moves on
  | 'recurring.issued' // in the issuing transaction: invoice made, not committed
  | 'recurring.owed' // after the invoice's commit, before its email is queued
  | 'recurring.queued' // in the email's transaction: queued, debt cleared, not committed
  | 'payments.event-resolved' // a webhook answered 200 and stored; its event read and resolved with the provider, nothing applied
  | 'payments.event-recorded'; // in the event's transaction: the payment written, not committed

const crashAt = process.env.DOCKET_CRASH_AT;

export function crashPoint(name: CrashPointName): void {
  if (crashAt === name) process.kill(process.pid, 'SIGKILL');
}
