import type { TInvoiceOfferedAction } from '@docket/schemas/lifecycle';

/** The status actions, plus Duplicate, which every invoice offers. */
export type TInvoiceAction = TInvoiceOfferedAction | 'duplicate';

export const INVOICE_ACTION_LABELS: Record<TInvoiceAction, string> = {
  send: 'Mark as sent',
  payment: 'Record payment',
  pay: 'Mark as Paid',
  credit: 'Credit note',
  void: 'Void',
  duplicate: 'Duplicate',
};
