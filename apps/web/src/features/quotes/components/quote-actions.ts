import type { TQuoteOfferedAction } from '@docket/schemas/lifecycle';

/** The status actions, plus Duplicate, which every quote offers. */
export type TQuoteAction = TQuoteOfferedAction | 'duplicate';

export const QUOTE_ACTION_LABELS: Record<TQuoteAction, string> = {
  send: 'Mark as sent',
  approve: 'Approve',
  decline: 'Decline',
  revert: 'Revert to Draft',
  convert: 'Invoice…',
  'follow-up': 'Schedule Follow-up',
  duplicate: 'Duplicate',
};
