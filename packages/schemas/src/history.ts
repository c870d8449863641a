import { z } from 'zod';
import { ZTimestamp } from './common.ts';

/**
 * What a document's history records. Later features add their own actions here
 * (emailed, viewed, accepted, declined, payment recorded/removed, reminder sent).
 */
export const HISTORY_ACTIONS = [
  'created',
  'updated',
  'sent',
  'reverted',
  'approved',
  'declined',
  'paid',
  'voided',
  'credited',
  'converted',
  'payment recorded',
  'payment removed',
  'emailed',
  'reminded',
  'shared',
  'link revoked',
  'viewed',
  'accepted',
  'refund recorded',
  'online payment',
  'credit kept',
] as const;
export type THistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The member who did something (docs/product.md, "Who did it"); absent for older rows and the system's own. */
export const ZActor = z.strictObject({ userId: z.uuid(), email: z.string(), name: z.string() });
export type TActor = z.infer<typeof ZActor>;
export const ZHistoryEntry = z.strictObject({ at: ZTimestamp, action: z.enum(HISTORY_ACTIONS), summary: z.string(), by: ZActor.optional() });
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

export const HISTORY_LABELS: Record<THistoryAction, string> = {
  created: 'Created',
  updated: 'Updated',
  sent: 'Sent',
  reverted: 'Reverted to draft',
  approved: 'Approved',
  declined: 'Declined',
  paid: 'Marked paid',
  voided: 'Voided',
  credited: 'Credited',
  converted: 'Converted to invoice',
  'payment recorded': 'Payment recorded',
  'payment removed': 'Payment removed',
  emailed: 'Emailed',
  reminded: 'Reminder',
  shared: 'Link shared',
  'link revoked': 'Link revoked',
  viewed: 'Viewed by the client',
  accepted: 'Accepted by the client',
  'refund recorded': 'Refund recorded',
  'online payment': 'Online payment',
  'credit kept': 'Kept as credit',
};
