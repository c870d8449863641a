import type { VersionTopic } from './kept-answer-topics.ts';

/**
 * Every table a kept answer (the answer cache) or a kept PDF (the issued-PDF byte cache) reads,
 * and what stops it serving a stale answer. cache-coverage.http.test.ts captures the statements
 * of both and fails on a table missing here, and on a 'version' table whose trigger does not move
 * a counter the answer reading it watches.
 *
 * - `version`: a write to it moves version counters (VERSION_TABLE_COUNTERS), and a kept answer is
 *   read only under the sum of its counters now (docs/product.md, "Kept answers");
 * - `session`: read to check the session in the same query (session-check.ts), never answered;
 * - `cache`: the cache's own tables;
 * - `figures`: the running figures (migration 0048), written only by the triggers of invoices,
 *   payments and credit notes, in the transaction that writes them, so `invoices` moves with them.
 */
export const ANSWER_TABLES: Record<string, 'version' | 'session' | 'cache' | 'figures'> = {
  invoices: 'version',
  invoice_lines: 'version',
  quotes: 'version',
  quote_lines: 'version',
  clients: 'version',
  payments: 'version',
  credit_notes: 'version',
  companies: 'version',
  users: 'session',
  memberships: 'session',
  accounts: 'session',
  account_versions: 'cache',
  kept_answers: 'cache',
  invoice_figures: 'figures',
  account_figures: 'figures',
};

/**
 * The counters (kept-answer-topics.ts) a transaction writing each 'version' table moves, as its
 * trigger declares them (bump_account_version, migration 0053): `insert` for a new row, `change`
 * for a changed or deleted one, and `fromQuote` as well for a row made from a quote.
 */
export const VERSION_TABLE_COUNTERS: Record<string, { insert: readonly VersionTopic[]; change: readonly VersionTopic[]; fromQuote?: readonly VersionTopic[] }> =
  {
    invoices: { insert: ['invoices'], change: ['invoices'], fromQuote: ['shared'] },
    invoice_lines: { insert: ['invoices'], change: ['invoices'] },
    payments: { insert: ['invoices'], change: ['invoices'] },
    // the quote list sums the credit notes of a quote's invoices
    credit_notes: { insert: ['invoices', 'shared'], change: ['invoices', 'shared'] },
    quotes: { insert: ['shared'], change: ['shared'] },
    quote_lines: { insert: ['shared'], change: ['shared'] },
    companies: { insert: ['shared'], change: ['shared'] },
    clients: { insert: ['clients'], change: ['clients', 'shared'] },
  };

/** The tables whose new rows an answer cannot show, and why. */
export const NEW_ROWS_UNSEEN: Record<string, Record<string, string>> = {
  dashboard: { clients: 'a new client is on no document yet' },
  quotes: { clients: 'a new client is on no quote yet' },
};

/** The tables an answer reads only through a quote's invoices: their rows made from a quote move `fromQuote` too. */
export const READ_FROM_QUOTES: Record<string, readonly string[]> = {
  quotes: ['invoices'],
};

/**
 * For the kept PDF of an issued document: the part of the key kept beside its bytes
 * (issued-live-key.ts) that changes when the table's rows it prints change, or why it needs none.
 */
export const PDF_TABLES: Record<string, string> = {
  invoices: 'snapshotMd5 (the frozen document), status, dueDate, voidReason',
  credit_notes: 'balanceKey (an invoice) / snapshotMd5 (the credit note itself)',
  invoice_lines: 'snapshotMd5: an issued invoice prints its frozen lines',
  credit_note_lines: 'snapshotMd5: frozen with the credit note, which never changes once raised',
  payments: 'balanceKey',
  clients: 'latePaymentNotice (isBusiness); the rest is in the frozen snapshot',
  companies: 'latePaymentNotice; the rest is in the frozen snapshot',
  payment_providers: 'payOn: whether online payments are on prints the pay link and QR code',
  invoice_pay_codes: 'payCode: the short link the PDF prints',
  issued_pdfs: 'the cache itself (liveKey and modelHash name the bytes)',
  users: 'session check only',
  memberships: 'session check only',
  accounts: 'session check only',
};

/**
 * For an invoice's answer kept per invoice (modules/invoices/invoice-answers.ts, docs/product.md,
 * "Kept invoice answers"): the part of its key that moves when the table's rows it shows change,
 * or why it needs none. cache-coverage.http.test.ts captures the statements of the invoice reads
 * and fails on a table missing here, and on a table named 'invoice_answer_versions' here whose
 * writes the triggers of migration 0047 do not watch.
 */
export const INVOICE_ANSWER_TABLES: Record<string, string> = {
  invoices: 'answer_version (moved by every update) and xmin (a restore writes the row again)',
  clients: "answer_version and xmin of the invoice's client (its name, whether it is a business)",
  invoice_lines: 'invoice_answer_versions',
  payments: 'invoice_answer_versions',
  credit_notes: 'invoice_answer_versions',
  users: 'the session check; a member named on a payment or credit note: invoice_answer_versions (their name or email changed)',
  companies: 'the base rate, read into the key (late-payment interest)',
  invoice_answer_versions: 'the key itself',
  memberships: 'session check only',
  accounts: 'session check only',
};
