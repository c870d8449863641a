/**
 * The one home of document rules: every status a quote or invoice can have, which action moves
 * it where, what is derived on read, what each status offers on screen and which PDF watermark
 * it carries. The API (services, routes, SQL), the PDF and the web app all read these tables.
 * The records are exhaustive, so adding a status or an action here makes the compiler point at
 * every place that has to decide what it means. Rules in words: docs/product.md, "Statuses".
 */

export const DOCUMENT_KINDS = ['quote', 'invoice'] as const;
export type TDocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Where every new quote and invoice starts (also the column default in the database). */
export const INITIAL_STATUS = 'DRAFT';

// ---- Quotes -------------------------------------------------------------------------------

export const QUOTE_STATUSES = ['DRAFT', 'SENT', 'APPROVED', 'DECLINED'] as const;
export type TQuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The status actions of a quote, each one PATCH /quotes/:id/<action>. */
export const QUOTE_TRANSITION_ACTIONS = ['send', 'approve', 'decline', 'revert'] as const;
export type TQuoteTransitionAction = (typeof QUOTE_TRANSITION_ACTIONS)[number];

/** Which statuses each action leaves from, and where it goes. */
export const QUOTE_TRANSITIONS: Record<TQuoteTransitionAction, { from: readonly TQuoteStatus[]; to: TQuoteStatus }> = {
  send: { from: ['DRAFT'], to: 'SENT' },
  approve: { from: ['SENT'], to: 'APPROVED' },
  decline: { from: ['SENT'], to: 'DECLINED' },
  revert: { from: ['APPROVED', 'DECLINED'], to: 'DRAFT' },
};

/** Only an approved quote becomes an invoice (once), or gets a follow-up event from the calendar. */
export const QUOTE_CONVERTIBLE_STATUSES: readonly TQuoteStatus[] = ['APPROVED'];
export const QUOTE_FOLLOW_UP_STATUSES: readonly TQuoteStatus[] = ['APPROVED'];

/** A quote stays editable while DRAFT or SENT (and DECLINED); an APPROVED one is what the client agreed to. */
export const QUOTE_LOCKED_STATUSES: readonly TQuoteStatus[] = ['APPROVED'];

/** What landing on a status does to a timestamp: record now, clear it, or keep it. */
export type TStamp = 'set' | 'clear' | 'keep';

/** The quote's sending time is recorded on SENT and cleared by a revert to DRAFT. */
export const QUOTE_STAMPS: Record<TQuoteStatus, { sentAt: TStamp }> = {
  DRAFT: { sentAt: 'clear' },
  SENT: { sentAt: 'set' },
  APPROVED: { sentAt: 'keep' },
  DECLINED: { sentAt: 'keep' },
};

/** Quotes still in play: counted as "active" on the dashboard. */
export const QUOTE_ACTIVE_STATUSES: readonly TQuoteStatus[] = ['DRAFT', 'SENT'];

/**
 * The buttons a quote card shows for each status, in screen order (edit, preview and delete
 * are always there). 'convert' and 'follow-up' are not status changes of the quote itself.
 */
export const QUOTE_OFFERED_ACTIONS = {
  DRAFT: ['send'],
  SENT: ['approve', 'decline'],
  APPROVED: ['convert', 'follow-up', 'revert'],
  DECLINED: ['revert'],
} as const satisfies Record<TQuoteStatus, readonly (TQuoteTransitionAction | 'convert' | 'follow-up')[]>;
export type TQuoteOfferedAction = (typeof QUOTE_OFFERED_ACTIONS)[TQuoteStatus][number];

// ---- Invoices -----------------------------------------------------------------------------

/** What the database holds. */
export const STORED_INVOICE_STATUSES = ['DRAFT', 'SENT', 'PAID', 'VOID', 'CREDITED'] as const;
export type TStoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];

/**
 * OVERDUE is never stored: an invoice stored as OVERDUE_STORED_AS ('SENT') whose due date is
 * before today (Europe/London) reads as OVERDUE everywhere: lists, filters, PDF, actions.
 */
export const OVERDUE = 'OVERDUE';
export const OVERDUE_STORED_AS: TStoredInvoiceStatus = 'SENT';

/** Every status an invoice is read with (filter order on screen and in messages). */
export const INVOICE_STATUSES = ['DRAFT', 'SENT', 'PAID', OVERDUE, 'VOID', 'CREDITED'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The stored status behind a status as read. */
export const storedInvoiceStatus = (status: TInvoiceStatus): TStoredInvoiceStatus => (status === OVERDUE ? OVERDUE_STORED_AS : status);

/** The status actions of an invoice, each one PATCH /invoices/:id/<action>. */
export const INVOICE_TRANSITION_ACTIONS = ['send', 'pay', 'revert'] as const;
export type TInvoiceTransitionAction = (typeof INVOICE_TRANSITION_ACTIONS)[number];

/** Over statuses as read (OVERDUE included); an action always lands on a stored status. */
export const INVOICE_TRANSITIONS: Record<TInvoiceTransitionAction, { from: readonly TInvoiceStatus[]; to: TStoredInvoiceStatus }> = {
  send: { from: ['DRAFT'], to: 'SENT' },
  pay: { from: ['SENT', OVERDUE], to: 'PAID' },
  revert: { from: ['SENT'], to: 'DRAFT' },
};

/** Sending and payment times, by the stored status an action lands on. */
export const INVOICE_STAMPS: Record<TStoredInvoiceStatus, { sentAt: TStamp; paidAt: TStamp }> = {
  DRAFT: { sentAt: 'clear', paidAt: 'clear' },
  SENT: { sentAt: 'set', paidAt: 'clear' },
  PAID: { sentAt: 'keep', paidAt: 'set' },
  VOID: { sentAt: 'keep', paidAt: 'keep' },
  CREDITED: { sentAt: 'keep', paidAt: 'keep' },
};

/** Invoices awaiting payment: the dashboard's "outstanding" sum and "active" count. */
export const INVOICE_OUTSTANDING_STATUSES: readonly TInvoiceStatus[] = ['SENT', OVERDUE];

/**
 * Issued invoices are records (docs/product.md, "Issued documents"). Only a draft is edited in
 * full or deleted; an issued one changes only its due date (a VOID one not even that).
 */
export const INVOICE_EDITABLE_STATUSES: readonly TInvoiceStatus[] = ['DRAFT'];
export const INVOICE_DUE_DATE_EDITABLE_STATUSES: readonly TInvoiceStatus[] = ['SENT', OVERDUE, 'PAID', 'CREDITED'];
export const INVOICE_DELETABLE_STATUSES: readonly TInvoiceStatus[] = ['DRAFT'];
/** PATCH /invoices/:id/void {reason}: issued and nothing paid yet. */
export const INVOICE_VOIDABLE_STATUSES: readonly TInvoiceStatus[] = ['SENT', OVERDUE];
/** POST /invoices/:id/credit-notes: issued and not void (the amount left to credit decides the rest). */
export const INVOICE_CREDITABLE_STATUSES: readonly TInvoiceStatus[] = ['SENT', OVERDUE, 'PAID', 'CREDITED'];
/**
 * Credited in full with nothing paid: the invoice is settled by credit and leaves Outstanding
 * and Active. Only an unpaid invoice moves; a PAID one stays PAID (the credit is a refund due).
 */
export const INVOICE_SETTLED_BY_CREDIT: TStoredInvoiceStatus = 'CREDITED';
export const INVOICE_CREDIT_SETTLES_FROM: readonly TInvoiceStatus[] = ['SENT', OVERDUE];
/**
 * Payments (docs/product.md, "Payments"): only issued, not void invoices take one (a DRAFT or
 * VOID one answers 409); the balance due then decides (a settled one has nothing left to pay).
 */
export const INVOICE_PAYABLE_STATUSES: readonly TInvoiceStatus[] = ['SENT', OVERDUE, 'PAID', 'CREDITED'];
/** Issued statuses whose stored status follows the ledger (payments and credits) after each change. */
export const INVOICE_LEDGER_STATUSES: readonly TStoredInvoiceStatus[] = ['SENT', 'PAID', 'CREDITED'];

/**
 * The stored status an issued invoice's money implies: PAID exactly when payments (with any
 * credits) leave nothing due and something was paid; CREDITED when credits alone settle it;
 * otherwise SENT (read as OVERDUE past its due date). DRAFT and VOID never move here.
 */
export function ledgerStatus(current: TStoredInvoiceStatus, m: { totalPence: number; paidPence: number; creditedPence: number }): TStoredInvoiceStatus {
  if (!INVOICE_LEDGER_STATUSES.includes(current)) return current;
  if (m.totalPence - m.paidPence - m.creditedPence > 0) return 'SENT';
  return m.paidPence > 0 ? 'PAID' : INVOICE_SETTLED_BY_CREDIT;
}

/** Counted in no money total anywhere (dashboard, outstanding, totals invoiced). */
export const INVOICE_UNCOUNTED_STATUSES: readonly TStoredInvoiceStatus[] = ['VOID'];

/** The buttons an invoice card shows for each status (revert is API-only, never offered on screen). */
export const INVOICE_OFFERED_ACTIONS = {
  DRAFT: ['send'],
  SENT: ['payment', 'pay', 'credit', 'void'],
  OVERDUE: ['payment', 'pay', 'credit', 'void'],
  PAID: ['credit'],
  VOID: [],
  CREDITED: [],
} as const satisfies Record<TInvoiceStatus, readonly (TInvoiceTransitionAction | 'payment' | 'credit' | 'void')[]>;
export type TInvoiceOfferedAction = (typeof INVOICE_OFFERED_ACTIONS)[TInvoiceStatus][number];

// ---- Both ---------------------------------------------------------------------------------

export type TDocumentStatus = TQuoteStatus | TInvoiceStatus;

/** The word stamped across a PDF, per kind and status; null prints none. */
export const WATERMARKS = ['DRAFT', 'PAID', 'VOID'] as const;
export type TWatermark = (typeof WATERMARKS)[number];
const WATERMARK_BY_STATUS: { quote: Record<TQuoteStatus, TWatermark | null>; invoice: Record<TInvoiceStatus, TWatermark | null> } = {
  quote: { DRAFT: 'DRAFT', SENT: null, APPROVED: null, DECLINED: null },
  invoice: { DRAFT: 'DRAFT', SENT: null, OVERDUE: null, PAID: 'PAID', VOID: 'VOID', CREDITED: null },
};

export function watermarkFor(kind: TDocumentKind, status: string): TWatermark | null {
  const table: Record<string, TWatermark | null> = WATERMARK_BY_STATUS[kind];
  return table[status] ?? null;
}

/** Screen actions of a status read from the API; an unknown status offers none. */
export const quoteActionsFor = (status: string): readonly TQuoteOfferedAction[] =>
  (QUOTE_OFFERED_ACTIONS as Record<string, readonly TQuoteOfferedAction[] | undefined>)[status] ?? [];
export const invoiceActionsFor = (status: string): readonly TInvoiceOfferedAction[] =>
  (INVOICE_OFFERED_ACTIONS as Record<string, readonly TInvoiceOfferedAction[] | undefined>)[status] ?? [];
