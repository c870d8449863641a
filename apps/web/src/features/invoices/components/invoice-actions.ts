import type { TInvoiceOfferedAction } from '@docket/schemas/lifecycle';

export type TInvoiceAction = TInvoiceOfferedAction;

export const INVOICE_ACTION_LABELS: Record<TInvoiceAction, string> = {
  send: 'Mark as sent',
  payment: 'Record payment',
  pay: 'Mark as Paid',
  credit: 'Credit note',
  void: 'Void',
};

