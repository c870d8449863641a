import type { TQuoteOfferedAction } from '@docket/schemas/lifecycle';

export type TQuoteAction = TQuoteOfferedAction;

export const QUOTE_ACTION_LABELS: Record<TQuoteAction, string> = {
  send: 'Mark as sent',
  approve: 'Approve',
  decline: 'Decline',
  revert: 'Revert to Draft',
  convert: 'Convert to Invoice',
  'follow-up': 'Schedule Follow-up',
};

