import type { TInvoiceStatus } from '@docket/schemas/constants';

export type TInvoiceAction = 'send' | 'pay';

export const INVOICE_ACTION_LABELS: Record<TInvoiceAction, string> = {
  send: 'Send',
  pay: 'Mark as Paid',
};

/** Send only from DRAFT (SPEC section 2); Mark as Paid on SENT and OVERDUE. */
const ACTIONS_BY_STATUS: Record<TInvoiceStatus, TInvoiceAction[]> = {
  DRAFT: ['send'],
  SENT: ['pay'],
  OVERDUE: ['pay'],
  PAID: [],
};

export const invoiceActionsFor = (status: string): TInvoiceAction[] => ACTIONS_BY_STATUS[status as TInvoiceStatus] ?? [];
