/**
 * The one reminder step to send today, or null (docs/product.md, "Reminders"): the latest step
 * whose day has come, unless it was already sent or a reminder already went out today. After
 * downtime this is one catch-up reminder, never a burst of the steps missed.
 */
export function dueStep(input: { daysFromDue: number; steps: number[]; sent: number[]; lastSentOn: string | null; today: string }): number | null {
  const reached = input.steps.filter((s) => s <= input.daysFromDue);
  if (reached.length === 0) return null;
  const latest = Math.max(...reached);
  if (input.sent.includes(latest)) return null;
  if (input.sent.some((s) => s > latest)) return null;
  if (input.lastSentOn === input.today) return null;
  return latest;
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
