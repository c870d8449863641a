import type { TQuoteStatus } from '@docket/schemas/constants';

export type TQuoteAction = 'send' | 'approve' | 'decline' | 'revert' | 'convert' | 'follow-up';

export const QUOTE_ACTION_LABELS: Record<TQuoteAction, string> = {
  send: 'Send',
  approve: 'Approve',
  decline: 'Decline',
  revert: 'Revert to Draft',
  convert: 'Convert to Invoice',
  'follow-up': 'Schedule Follow-up',
};

/** SPEC section 4: what each status allows (edit, preview and delete are always there). */
const ACTIONS_BY_STATUS: Record<TQuoteStatus, TQuoteAction[]> = {
  DRAFT: ['send'],
  SENT: ['approve', 'decline'],
  APPROVED: ['convert', 'follow-up', 'revert'],
  DECLINED: ['revert'],
};

export const quoteActionsFor = (status: string): TQuoteAction[] => ACTIONS_BY_STATUS[status as TQuoteStatus] ?? [];
