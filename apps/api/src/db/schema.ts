import { sql } from 'drizzle-orm';
import { INITIAL_STATUS } from '@docket/schemas/lifecycle';
import type { TLineKind, TVatCode } from '@docket/schemas/vat';
import type { TFixedVat } from '@docket/schemas/totals';
import type { TExpenseCategory, TExpenseVat, TPaidFrom } from '@docket/schemas/expense';
import type { TCsvMapping } from '@docket/schemas/bank';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type ExtraConfigColumn,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** bytea as a Buffer on both drivers (PGlite hands back Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Pence: bigint columns read as JS numbers (safe: document totals are capped far below 2^53). */
const pence = (name: string) => bigint(name, { mode: 'number' });
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
/** pg_trgm GIN index: backs `q` searches (ILIKE '%term%'), which a btree cannot. */
const trigram = (name: string, column: ExtraConfigColumn) => index(name).using('gin', column.op('gin_trgm_ops'));
/**
 * The tenant: the account a row belongs to (docs/product.md, "Accounts and roles"). The code still
 * calls it `userId` where it was one before accounts; it holds an account id. An account made from a
 * pre-accounts user, and every account a sign-up makes, has its founder's user id.
 */
const owner = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
/** Who did it: the member who wrote the row; null for older rows and the system's own. */
const actor = () => uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' });

/** A line's own VAT code, kind, discount and unit (docs/product.md, "VAT per line"); null = as before. */
const lineVat = () => ({
  vat: text('vat').$type<TVatCode>(),
  kind: text('kind').$type<TLineKind>(),
  discountBp: integer('discount_bp').notNull().default(0),
  unit: text('unit'),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** the member's own name (optional): empty or null shows the email's part before the @ */
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    /** bumped by a password reset: sessions signed with an older value are refused */
    tokenVersion: integer('token_version').notNull().default(0),
    /** set when the account opens its verification link; until then it emails only itself */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

/** A business: owns all data; users reach it through memberships. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** off: an engineer's answers carry no money field (docs/product.md, "Accounts and roles") */
  engineersSeePrices: boolean('engineers_see_prices').notNull().default(false),
  ...timestamps,
});

/**
 * A user's place in an account. `sessionKey` is carried by the user's sessions for this account:
 * a role change gives a new key and a removal deletes the row, so those sessions end at once.
 */
export const memberships = pgTable(
  'memberships',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** OWNER | OFFICE | ENGINEER | ACCOUNTANT */
    role: text('role').notNull(),
    sessionKey: uuid('session_key').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

/** An emailed, single-use invitation to join an account; only the SHA-256 of its token is kept. */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_invitations_token_hash_unique').on(t.tokenHash), index('account_invitations_account_idx').on(t.accountId, t.createdAt)],
);

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: owner().unique('companies_user_unique'),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  address: text('address'),
  website: text('website'),
  vatNumber: text('vat_number'),
  terms: text('terms'),
  currency: text('currency').notNull().default('GBP'),
  template: text('template').notNull().default('modern'),
  quoteNumberPrefix: text('quote_number_prefix').notNull().default('Q'),
  invoiceNumberPrefix: text('invoice_number_prefix').notNull().default('INV'),
  creditNotePrefix: text('credit_note_prefix').notNull().default('CN'),
  /** print the late-payment statement on business clients' invoices (docs/product.md, "Late payment") */
  latePaymentNotice: boolean('late_payment_notice').notNull().default(false),
  /** Bank of England base rate as entered by the user, in basis points, and the day it was set */
  baseRateBp: integer('base_rate_bp').notNull().default(0),
  baseRateSetOn: date('base_rate_set_on', { mode: 'string' }),
  defaultTaxRateBp: integer('default_tax_rate_bp').notNull().default(2000),
  /** 'invoice' | 'cash': the basis of the VAT return figures */
  vatScheme: text('vat_scheme').notNull().default('invoice'),
  /** key of the HMRC example wording the PDFs print for the reverse charge */
  reverseChargeWording: text('reverse_charge_wording').notNull().default('CUSTOMER_TO_PAY'),
  /** a CIS subcontractor: invoices to clients with a CIS rate show the deduction */
  cisSubcontractor: boolean('cis_subcontractor').notNull().default(false),
  /** Peppol participant id (EAS scheme code and value) for e-invoices; both null when none */
  peppolScheme: text('peppol_scheme'),
  peppolId: text('peppol_id'),
  logo: bytea('logo'),
  logoMimeType: text('logo_mime_type'),
  /** false for logos stored before uploads were normalised; they are normalised on first use */
  logoNormalised: boolean('logo_normalised').notNull().default(false),
  bankName: text('bank_name'),
  bankAccountName: text('bank_account_name'),
  bankAccountNumber: text('bank_account_number'),
  bankSortCode: text('bank_sort_code'),
  bankIban: text('bank_iban'),
  bankSwift: text('bank_swift'),
  remindersEnabled: boolean('reminders_enabled').notNull().default(false),
  /** day offsets from the due date, ascending (docs/product.md, "Reminders") */
  reminderSteps: jsonb('reminder_steps').$type<number[]>().notNull().default([-3, 0, 7, 14, 30]),
  /** days from issue to due date on new invoices unless the client has its own (docs/product.md, "Payment terms") */
  paymentTermsDays: integer('payment_terms_days').notNull().default(30),
  ...timestamps,
});

/**
 * Next document number per user and kind ('quote' | 'invoice' | 'credit_note'). Kept apart from the company
 * row so numbering works before a profile exists; the company API reads and resets it.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    userId: owner(),
    kind: text('kind').notNull(),
    nextValue: integer('next_value').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Every number an issued (no longer draft) quote or invoice has carried, filled by database
 * triggers on quotes and invoices (migration 0003), so nothing can issue a document without it.
 * Numbering never hands these out again, whatever happens to the document or the counter
 * (docs/product.md, "Document numbers").
 */
export const issuedNumbers = pgTable(
  'issued_numbers',
  {
    userId: owner(),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.number] })],
);

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    /** a business customer: late-payment interest applies (docs/product.md, "Late payment") */
    isBusiness: boolean('is_business').notNull().default(false),
    vatNumber: text('vat_number'),
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
    /** CIS deduction percent (0, 20, 30) when the client is a CIS contractor; null = none */
    cisRate: integer('cis_rate'),
    /** Peppol participant id (EAS scheme code and value) for e-invoices; both null when none */
    peppolScheme: text('peppol_scheme'),
    peppolId: text('peppol_id'),
    /** the client's own payment terms in days, over the company's; null = the company's */
    paymentTermsDays: integer('payment_terms_days'),
    /** moves on every update (trigger, migration 0047): part of its invoices' kept answers' key */
    answerVersion: bigint('answer_version', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('clients_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // lists ordered by client name (migration 0050)
    index('clients_user_name_idx').on(t.userId, sql`lower(${t.name})`),
    trigram('clients_name_trgm_idx', t.name),
    trigram('clients_email_trgm_idx', t.email),
  ],
);

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    pricePence: pence('price_pence').notNull(),
    vat: text('vat').$type<TVatCode>(),
    kind: text('kind').$type<TLineKind>(),
    unit: text('unit'),
    ...timestamps,
  },
  (t) => [
    index('items_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    trigram('items_name_trgm_idx', t.name),
    trigram('items_description_trgm_idx', t.description),
  ],
);

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    quoteNumber: text('quote_number').notNull(),
    status: text('status').notNull().default(INITIAL_STATUS),
    taxRateBp: integer('tax_rate_bp').notNull(),
    subtotalPence: pence('subtotal_pence').notNull(),
    taxPence: pence('tax_pence').notNull(),
    totalPence: pence('total_pence').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** the job's address when it is not the client's */
    siteAddress: text('site_address'),
    /** what the PDF prints, frozen when the document is issued (docs/product.md, "Issued documents") */
    snapshot: jsonb('snapshot'),
    snapshotLogo: bytea('snapshot_logo'),
    /** moves on every edit and revert: an acceptance holds for one revision (docs/product.md, "Client links") */
    revision: integer('revision').notNull().default(1),
    /** a deposit asked for on acceptance (docs/product.md, "Payments from the link"): a percent or an amount, or none */
    depositBp: integer('deposit_bp'),
    depositPence: pence('deposit_pence'),
    ...timestamps,
  },
  (t) => [
    check('quotes_deposit_one_way', sql`num_nonnulls(${t.depositBp}, ${t.depositPence}) <= 1`),
    uniqueIndex('quotes_user_number_unique').on(t.userId, t.quoteNumber),
    index('quotes_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('quotes_user_status_idx').on(t.userId, t.status),
    index('quotes_client_idx').on(t.clientId),
    // paged lists filtered by status or client, in keyset order
    index('quotes_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc(), t.id.desc()),
    index('quotes_user_client_created_idx').on(t.userId, t.clientId, t.createdAt.desc(), t.id.desc()),
    // lists ordered by total or by number (migration 0050, documents/document-order.ts)
    index('quotes_user_total_idx').on(t.userId, t.totalPence),
    index('quotes_user_number_length_idx').on(t.userId, sql`length(${t.quoteNumber})`, t.quoteNumber),
    trigram('quotes_number_trgm_idx', t.quoteNumber),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unitPricePence: pence('unit_price_pence').notNull(),
    amountPence: pence('amount_pence').notNull(),
    ...lineVat(),
  },
  (t) => [
    index('quote_lines_quote_idx').on(t.quoteId, t.position),
    index('quote_lines_user_idx').on(t.userId),
    trigram('quote_lines_description_trgm_idx', t.description),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    /** FULL | DEPOSIT | STAGE | FINAL when made from a quote (docs/product.md, "Invoicing a quote in stages") */
    quoteInvoiceType: text('quote_invoice_type'),
    /** the job's address when it is not the client's */
    siteAddress: text('site_address'),
    /** given when the invoice is issued (null: a draft never issued; docs/product.md, "Document numbers") */
    invoiceNumber: text('invoice_number'),
    /** DRAFT | SENT | PAID | VOID | CREDITED; OVERDUE is derived on read from SENT + due date */
    status: text('status').notNull().default(INITIAL_STATUS),
    taxRateBp: integer('tax_rate_bp').notNull(),
    subtotalPence: pence('subtotal_pence').notNull(),
    taxPence: pence('tax_pence').notNull(),
    totalPence: pence('total_pence').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** CIS rate in basis points fixed when the invoice was priced (null: no CIS); the deduction is part of no total */
    cisRateBp: integer('cis_rate_bp'),
    cisDeductionPence: pence('cis_deduction_pence').notNull().default(0),
    /**
     * VAT per code fixed by the invoice rather than net x rate: a final invoice charges what is left
     * of its quote's VAT (docs/product.md, "Invoicing a quote in stages"); null: computed from the lines
     */
    fixedVat: jsonb('fixed_vat').$type<TFixedVat[]>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    /** what the PDF prints, frozen when the document is issued (docs/product.md, "Issued documents") */
    snapshot: jsonb('snapshot'),
    /** names the frozen snapshot in an issued PDF's live key, worked out once when it is written */
    snapshotMd5: text('snapshot_md5').generatedAlwaysAs(sql`md5(snapshot::text)`),
    snapshotLogo: bytea('snapshot_logo'),
    remindersPaused: boolean('reminders_paused').notNull().default(false),
    /**
     * Moves on every update of the row (trigger, migration 0047): part of the key of its kept answer
     * (docs/product.md, "Kept invoice answers"), with invoiceAnswerVersions.
     */
    answerVersion: bigint('answer_version', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_user_number_unique').on(t.userId, t.invoiceNumber),
    check('invoices_issued_numbered', sql`${t.status} = 'DRAFT' or ${t.invoiceNumber} is not null`),
    // A quote may be invoiced in stages: several invoices per quote.
    index('invoices_quote_idx')
      .on(t.quoteId)
      .where(sql`${t.quoteId} is not null`),
    index('invoices_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('invoices_user_status_due_idx').on(t.userId, t.status, t.dueDate),
    index('invoices_client_idx').on(t.clientId),
    index('invoices_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc(), t.id.desc()),
    index('invoices_user_client_created_idx').on(t.userId, t.clientId, t.createdAt.desc(), t.id.desc()),
    // lists ordered by total or by number (migration 0050, documents/document-order.ts)
    index('invoices_user_total_idx').on(t.userId, t.totalPence),
    index('invoices_user_number_length_idx').on(t.userId, sql`length(${t.invoiceNumber})`, t.invoiceNumber),
    trigram('invoices_number_trgm_idx', t.invoiceNumber),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unitPricePence: pence('unit_price_pence').notNull(),
    amountPence: pence('amount_pence').notNull(),
    ...lineVat(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    index('invoice_lines_user_idx').on(t.userId),
    trigram('invoice_lines_description_trgm_idx', t.description),
  ],
);

/** A correction to an issued invoice; issued on creation, so never edited or deleted. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    creditNoteNumber: text('credit_note_number').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    subtotalPence: pence('subtotal_pence').notNull(),
    taxPence: pence('tax_pence').notNull(),
    totalPence: pence('total_pence').notNull(),
    /** a whole credit of an invoice with fixed VAT per code credits exactly that VAT */
    fixedVat: jsonb('fixed_vat').$type<TFixedVat[]>(),
    reason: text('reason').notNull(),
    actorUserId: actor(),
    snapshot: jsonb('snapshot'),
    /** names the frozen snapshot in an issued PDF's live key, worked out once when it is written */
    snapshotMd5: text('snapshot_md5').generatedAlwaysAs(sql`md5(snapshot::text)`),
    snapshotLogo: bytea('snapshot_logo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_user_number_unique').on(t.userId, t.creditNoteNumber),
    index('credit_notes_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_user_client_created_idx').on(t.userId, t.clientId, t.createdAt.desc(), t.id.desc()),
    index('credit_notes_user_invoice_created_idx').on(t.userId, t.invoiceId, t.createdAt.desc(), t.id.desc()),
    trigram('credit_notes_number_trgm_idx', t.creditNoteNumber),
  ],
);

export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    creditNoteId: uuid('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unitPricePence: pence('unit_price_pence').notNull(),
    amountPence: pence('amount_pence').notNull(),
    ...lineVat(),
  },
  (t) => [index('credit_note_lines_note_idx').on(t.creditNoteId, t.position), index('credit_note_lines_user_idx').on(t.userId)],
);

/**
 * Append-only history of a quote, invoice or credit note (exactly one of the three ids is set).
 * No route updates or deletes a row; deleting a draft document cascades its history away.
 */
export const documentHistory = pgTable(
  'document_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    actorUserId: actor(),
  },
  (t) => [
    index('document_history_quote_idx').on(t.quoteId, t.at),
    index('document_history_invoice_idx').on(t.invoiceId, t.at),
    index('document_history_credit_note_idx').on(t.creditNoteId, t.at),
    index('document_history_user_idx').on(t.userId),
    check('document_history_one_document', sql`num_nonnulls(${t.quoteId}, ${t.invoiceId}, ${t.creditNoteId}) = 1`),
  ],
);

/**
 * Money received against an issued invoice (docs/product.md, "Payments"). Recorded and removed
 * under the invoice's row lock, so the sum never exceeds what is due.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    amountPence: pence('amount_pence').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    actorUserId: actor(),
    /** 'stripe' | 'gocardless' for a payment (or refund, negative) recorded from a provider's webhook */
    provider: text('provider'),
    /** the provider's fee, kept alongside (not deducted from what the client paid) */
    feePence: pence('fee_pence'),
    /** a refund (negative) made through Docket or at the provider: the online payment it gives back */
    refundOf: uuid('refund_of').references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_refund_of_idx')
      .on(t.refundOf)
      .where(sql`${t.refundOf} is not null`),
    index('payments_invoice_idx').on(t.invoiceId, t.paidOn, t.createdAt),
    index('payments_user_paid_on_idx').on(t.userId, t.paidOn.desc(), t.id.desc()),
    index('payments_user_client_idx').on(t.userId, t.clientId, t.paidOn),
    // A refund made at the provider is a negative payment (docs/product.md, "Payments from the link").
    check('payments_amount_not_zero', sql`${t.amountPence} <> 0`),
    // One row per provider payment or refund id and invoice (a statement's pay-everything pays several): a webhook replayed can never record it twice.
    uniqueIndex('payments_provider_reference_unique')
      .on(t.userId, t.provider, t.reference, t.invoiceId)
      .where(sql`${t.provider} is not null`),
  ],
);

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    title: text('title').notNull(),
    description: text('description'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    color: text('color').notNull(),
    location: text('location'),
    notes: text('notes'),
    status: text('status').notNull().default('SCHEDULED'),
    type: text('type').notNull().default('APPOINTMENT'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** the member the event is for; null = nobody in particular */
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('events_user_start_idx').on(t.userId, t.startDate),
    index('events_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('events_client_idx').on(t.clientId),
    index('events_quote_idx').on(t.quoteId),
    index('events_invoice_idx').on(t.invoiceId),
    index('events_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc(), t.id.desc()),
    index('events_user_client_created_idx').on(t.userId, t.clientId, t.createdAt.desc(), t.id.desc()),
    trigram('events_title_trgm_idx', t.title),
    trigram('events_description_trgm_idx', t.description),
    trigram('events_location_trgm_idx', t.location),
  ],
);

/**
 * Every email the app sends or would send. The message is stored whole (bodies and the PDF bytes as
 * they were at queue time) so a retry, the outbox view and the .eml download show exactly one message.
 * status: queued | sent | failed | outbox (no mail server configured).
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    /** quote | invoice | credit_note | reminder */
    kind: text('kind').notNull(),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id, { onDelete: 'cascade' }),
    toAddresses: jsonb('to_addresses').$type<string[]>().notNull(),
    ccAddresses: jsonb('cc_addresses').$type<string[]>().notNull().default([]),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachmentName: text('attachment_name'),
    attachment: bytea('attachment'),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    /** the From display name (the company's name); the address is always MAIL_FROM's */
    fromName: text('from_name'),
    actorUserId: actor(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** a queued message is sent by whichever process claims it once this has passed (the outbox) */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** a claimed send: no other process takes it before then (a process killed mid-send lets it lapse) */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    index('email_deliveries_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('email_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('email_deliveries_quote_idx').on(t.quoteId),
    index('email_deliveries_invoice_idx').on(t.invoiceId),
    index('email_deliveries_credit_note_idx').on(t.creditNoteId),
    index('email_deliveries_user_status_idx').on(t.userId, t.status),
  ],
);

/** An account's own wording per kind (quote | invoice | reminder | password_reset); absent = default. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    userId: owner(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Single-use reset links: only the SHA-256 of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * One row per reminder step sent for an invoice. The primary key makes a second send of a step
 * impossible, and (invoice, day) makes two reminders to one invoice on one day impossible, even with
 * several sweepers running at once.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    userId: owner(),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    deliveryId: uuid('delivery_id').references(() => emailDeliveries.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.step] }), uniqueIndex('reminder_sends_invoice_day_unique').on(t.invoiceId, t.sentOn)],
);

/**
 * A quote's or invoice's client link (docs/product.md, "Client links"). Only the SHA-256 of the
 * token is kept; one link per document is live at a time (a new share revokes the old).
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_unique').on(t.tokenHash),
    uniqueIndex('share_links_live_quote_unique')
      .on(t.quoteId)
      .where(sql`${t.revokedAt} is null and ${t.quoteId} is not null`),
    uniqueIndex('share_links_live_invoice_unique')
      .on(t.invoiceId)
      .where(sql`${t.revokedAt} is null and ${t.invoiceId} is not null`),
    uniqueIndex('share_links_live_credit_note_unique')
      .on(t.creditNoteId)
      .where(sql`${t.revokedAt} is null and ${t.creditNoteId} is not null`),
    index('share_links_user_idx').on(t.userId),
    check('share_links_one_document', sql`num_nonnulls(${t.quoteId}, ${t.invoiceId}, ${t.creditNoteId}) = 1`),
  ],
);

/** A client's statement link (docs/product.md, "Payments from the link"): stored hashed, one live per client. */
export const statementLinks = pgTable(
  'statement_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statement_links_token_hash_unique').on(t.tokenHash),
    uniqueIndex('statement_links_live_client_unique')
      .on(t.clientId)
      .where(sql`${t.revokedAt} is null`),
    index('statement_links_account_idx').on(t.userId),
  ],
);

/**
 * The statement link a client's statement PDF prints (docs/product.md, "Payments from the link"):
 * kept in clear (a printed page is printed again), one per client, made at the first print while
 * payments are on; not revoked by a new share, removed with the statement link's DELETE.
 */
export const statementPayCodes = pgTable(
  'statement_pay_codes',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: owner(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('statement_pay_codes_code_unique').on(t.code), index('statement_pay_codes_account_idx').on(t.userId)],
);

/** The customer's answer to a quote through its link: accepted (name, signature) or declined (reason). */
export const quoteResponses = pgTable(
  'quote_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    /** 'accepted' | 'declined' */
    decision: text('decision').notNull(),
    name: text('name'),
    reason: text('reason'),
    /** normalised PNG bytes of the drawn signature */
    signature: bytea('signature'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** the quote's revision the customer answered (docs/product.md, "Client links") */
    quoteRevision: integer('quote_revision').notNull().default(1),
  },
  (t) => [index('quote_responses_quote_idx').on(t.quoteId, t.at), index('quote_responses_user_idx').on(t.userId)],
);

/** What the business is told: a link viewed, a quote accepted or declined, a payment recorded. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    kind: text('kind').notNull(),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id, { onDelete: 'cascade' }),
    documentNumber: text('document_number').notNull(),
    summary: text('summary').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check('notifications_one_document', sql`num_nonnulls(${t.quoteId}, ${t.invoiceId}, ${t.creditNoteId}) = 1`),
  ],
);

/**
 * Issued documents' PDFs, rendered once and served as stored (docs/product.md, "Issued PDFs are
 * kept"). model_hash is the SHA-256 of everything the renderer receives plus its version, so any
 * change to what would be printed (a PAID mark, a void) is a new key; a document keeps only its
 * latest row. Drafts are never stored. document_id names a quote, invoice or credit note by kind.
 */
export const issuedPdfs = pgTable(
  'issued_pdfs',
  {
    userId: owner(),
    /** quote | invoice | credit_note */
    kind: text('kind').notNull(),
    documentId: uuid('document_id').notNull(),
    modelHash: text('model_hash').notNull(),
    /**
     * The live inputs these bytes were rendered with beside the frozen snapshot (its md5, status,
     * due date, void reason, late-payment notice, renderer version): a preview whose live inputs
     * read the same serves the bytes from one query, without building the model (null: not known)
     */
    liveKey: text('live_key'),
    pdf: bytea('pdf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.documentId, t.modelHash] })],
);

/**
 * A recurring invoice: what each invoice carries and when they are issued (docs/product.md,
 * "Recurring invoices"). `nextIndex` is the period to issue next (0 = the start date).
 */
export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    taxRateBp: integer('tax_rate_bp').notNull(),
    /** the lines as stored on each invoice (position, description, quantityMilli, unitPricePence, amountPence) */
    lines: jsonb('lines').notNull(),
    siteAddress: text('site_address'),
    frequency: text('frequency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    count: integer('count'),
    /** null: each invoice follows the client's or company's payment terms on its issue day */
    dueDays: integer('due_days'),
    autoSend: boolean('auto_send').notNull().default(false),
    paused: boolean('paused').notNull().default(false),
    nextIndex: integer('next_index').notNull().default(0),
    /** the date of period nextIndex, null once the schedule has ended (the sweep's index) */
    nextRunDate: date('next_run_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    index('recurring_invoices_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('recurring_invoices_due_idx')
      .on(t.nextRunDate)
      .where(sql`${t.paused} = false and ${t.nextRunDate} is not null`),
  ],
);

/** One row per issued period: the primary key (schedule, period) makes a second invoice for a period impossible. */
export const recurringIssues = pgTable(
  'recurring_issues',
  {
    recurringId: uuid('recurring_id')
      .notNull()
      .references(() => recurringInvoices.id, { onDelete: 'cascade' }),
    periodDate: date('period_date', { mode: 'string' }).notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** an automatic send not yet queued (over the daily limit, or a crash before it was): the sweep sends it */
    sendPending: boolean('send_pending').notNull().default(false),
    deliveryId: uuid('delivery_id').references(() => emailDeliveries.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recurringId, t.periodDate] }),
    index('recurring_issues_invoice_idx').on(t.invoiceId),
    index('recurring_issues_send_pending_idx')
      .on(t.recurringId)
      .where(sql`${t.sendPending}`),
  ],
);

/**
 * Counters per account that change in every transaction that changes what its kept answers show
 * (docs/product.md, "Kept answers"): triggers on invoices, quotes, their lines, clients, payments,
 * credit notes and the company move them at commit (migrations 0014, 0053), each answer is kept
 * under the sum of the counters it watches (cache/kept-answer-topics.ts).
 */
export const accountVersions = pgTable('account_versions', {
  userId: owner().primaryKey(),
  /** the shared counter: quotes, their lines, the company, changed clients, invoices made from quotes */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** invoices, their lines, payments and credit notes */
  invoicesVersion: bigint('invoices_version', { mode: 'number' }).notNull().default(0),
  /** clients, new or changed */
  clientsVersion: bigint('clients_version', { mode: 'number' }).notNull().default(0),
});

/**
 * Answers kept as the JSON text sent (the dashboard, the first page of the quote and client
 * lists; invoices are kept one by one, in memory), each for the account version and London day it was worked out for; any other
 * version or day is worked out again (docs/product.md, "Kept answers").
 */
export const keptAnswers = pgTable(
  'kept_answers',
  {
    userId: owner(),
    /** which answer: 'dashboard', 'quotes-50' (a list's first page of 50) … */
    name: text('name').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/**
 * The version of an invoice's lines, payments, credit notes and the members they name, moved by
 * trigger with each statement that writes them (migration 0047): part of the key of its kept answer
 * (docs/product.md, "Kept invoice answers"). No row: never moved.
 */
export const invoiceAnswerVersions = pgTable('invoice_answer_versions', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * Running figures (migration 0048, docs/product.md, "Running figures"): each invoice's amounts as
 * the dashboard counts them, written only by the triggers on invoices, payments and credit notes,
 * and their sums per account, moved at commit. Never written by the code; read by the dashboard
 * and aged debtors.
 */
export const invoiceFigures = pgTable(
  'invoice_figures',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    userId: uuid('account_id').notNull(),
    clientId: uuid('client_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** awaiting payment (SENT or OVERDUE) */
    open: boolean('open').notNull(),
    /** its total less its credit notes; 0 when VOID */
    invoicedPence: bigint('invoiced_pence', { mode: 'number' }).notNull(),
    /** what is still owed while it awaits payment, never below 0; else 0 */
    balancePence: bigint('balance_pence', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('invoice_figures_owed_idx')
      .on(t.userId, t.dueDate)
      .where(sql`${t.balancePence} > 0`),
  ],
);

export const accountFigures = pgTable('account_figures', {
  userId: owner().primaryKey(),
  invoicedPence: bigint('invoiced_pence', { mode: 'number' }).notNull().default(0),
  outstandingPence: bigint('outstanding_pence', { mode: 'number' }).notNull().default(0),
  openInvoices: integer('open_invoices').notNull().default(0),
});

/**
 * An account's connection to HMRC for Making Tax Digital (docs/product.md, "Filing VAT returns
 * with HMRC"): the VRN it files for and its OAuth tokens, encrypted by lib/secrets.ts.
 */
export const mtdConnections = pgTable('mtd_connections', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  vrn: text('vrn').notNull(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
});

/** An HMRC authorisation in flight: the SHA-256 of its state and its PKCE verifier (encrypted). */
export const mtdOauthStates = pgTable(
  'mtd_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** the member who started it: the connection is recorded as theirs */
    startedBy: uuid('started_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mtd_oauth_states_account_idx').on(t.accountId)],
);

/** A VAT return as filed: the exact body sent to HMRC and its receipt; a trigger refuses updates. */
export const vatReturns = pgTable(
  'vat_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    vrn: text('vrn').notNull(),
    periodKey: text('period_key').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    basis: text('basis').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    processingDate: text('processing_date').notNull(),
    formBundleNumber: text('form_bundle_number').notNull(),
    chargeRefNumber: text('charge_ref_number'),
    paymentIndicator: text('payment_indicator'),
    receiptId: text('receipt_id'),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vat_returns_period_unique').on(t.accountId, t.vrn, t.periodKey),
    index('vat_returns_account_period_idx').on(t.accountId, t.periodStart, t.periodEnd),
  ],
);

/**
 * Online payment providers per account (docs/product.md, "Payments from the link"): the secret
 * key and webhook signing secret encrypted with SECRETS_KEY (lib/secrets.ts), never answered.
 * account_key names the account in the webhook URL without exposing its id.
 */
export const paymentProviders = pgTable(
  'payment_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    provider: text('provider').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secretKeyEnc: text('secret_key_enc').notNull(),
    webhookSecretEnc: text('webhook_secret_enc').notNull(),
    keyHint: text('key_hint').notNull(),
    accountKey: text('account_key').notNull(),
    /** a surcharge for business clients only, off (0) by default; at most 10% */
    surchargeBp: integer('surcharge_bp').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_providers_user_provider_unique').on(t.userId, t.provider),
    uniqueIndex('payment_providers_account_key_unique').on(t.accountKey),
    check('payment_providers_surcharge_range', sql`${t.surchargeBp} >= 0 AND ${t.surchargeBp} <= 1000`),
  ],
);

/**
 * The short link an invoice's PDF prints beside its QR code while the business takes payments
 * online: `/p/{code}` opens the invoice's page like a client link, but is never revoked by a new
 * share nor expires, since it is printed (docs/product.md, "Payments from the link").
 */
export const invoicePayCodes = pgTable(
  'invoice_pay_codes',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    userId: owner(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoice_pay_codes_code_unique').on(t.code), index('invoice_pay_codes_account_idx').on(t.userId)],
);

/** A Pay now request: one per idempotency key, so a double click makes one provider session. */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    /** null for a statement's pay-everything session */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** invoice | deposit | statement */
    kind: text('kind').notNull().default('invoice'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** the invoice balance asked for; the surcharge is on top */
    amountPence: pence('amount_pence').notNull(),
    surchargePence: pence('surcharge_pence').notNull().default(0),
    /** open | succeeded | failed | expired */
    status: text('status').notNull().default('open'),
    redirectUrl: text('redirect_url'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_sessions_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('payment_sessions_invoice_idx').on(t.invoiceId),
    index('payment_sessions_user_idx').on(t.userId),
  ],
);

/**
 * Provider webhook events, each stored once by its id before the 200 and processed on the job
 * queue (docs/reliability.md, "Payment webhooks"); processed_at marks the one processing.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    userId: owner(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    /** the adapter's normalised event (ids, amounts, metadata), never a secret */
    event: jsonb('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** tries so far; an event that cannot be applied yet (a refund before its payment) waits until not_before */
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider, t.eventId] }),
    index('provider_events_unprocessed_idx')
      .on(t.notBefore, t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

/** Money that arrived for an invoice already settled another way: kept for the client, never applied silently. */
export const clientCredits = pgTable(
  'client_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** null: left over from a statement's pay-everything with no invoice left to pay */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    amountPence: pence('amount_pence').notNull(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_credits_user_client_idx').on(t.userId, t.clientId),
    uniqueIndex('client_credits_reference_unique').on(t.userId, t.provider, t.reference),
    check('client_credits_amount_positive', sql`${t.amountPence} > 0`),
  ],
);

/** What the business spends (docs/product.md, "Expenses"). */
export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    date: date('date', { mode: 'string' }).notNull(),
    supplier: text('supplier').notNull(),
    description: text('description'),
    category: text('category').$type<TExpenseCategory>().notNull(),
    netPence: pence('net_pence').notNull(),
    vat: text('vat').$type<TExpenseVat>().notNull(),
    vatPence: pence('vat_pence').notNull(),
    totalPence: pence('total_pence').notNull(),
    paidFrom: text('paid_from').$type<TPaidFrom>(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    actorUserId: actor(),
    ...timestamps,
  },
  (t) => [
    index('expenses_account_date_idx').on(t.userId, t.date, t.id),
    index('expenses_account_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('expenses_amounts_not_negative', sql`${t.netPence} >= 0 AND ${t.vatPence} >= 0 AND ${t.totalPence} >= 0`),
  ],
);

/** An expense's receipt, normalised (images re-encoded, PDFs parsed) before it is stored. */
export const expenseReceipts = pgTable('expense_receipts', {
  expenseId: uuid('expense_id')
    .primaryKey()
    .references(() => expenses.id, { onDelete: 'cascade' }),
  userId: owner(),
  mimeType: text('mime_type').notNull(),
  bytes: integer('bytes').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A bank account of the business (docs/product.md, "Bank accounts and statements"). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    name: text('name').notNull(),
    sortCode: text('sort_code'),
    accountNumber: text('account_number'),
    /** the columns of a bank without a preset, mapped once */
    csvMapping: jsonb('csv_mapping').$type<TCsvMapping>(),
    ...timestamps,
  },
  (t) => [index('bank_accounts_account_idx').on(t.userId, t.createdAt)],
);

/** One line of an imported statement: money in is positive, money out negative (pence). */
export const bankLines = pgTable(
  'bank_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    amountPence: pence('amount_pence').notNull(),
    description: text('description').notNull(),
    balancePence: pence('balance_pence'),
    bankTransactionId: text('bank_transaction_id'),
    fingerprint: text('fingerprint').notNull(),
    /** null until the line is explained (docs/product.md, "Reconciliation") */
    explainedType: text('explained_type'),
    explanation: jsonb('explanation').$type<Record<string, unknown>>(),
    explainedAt: timestamp('explained_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_lines_fingerprint_unique').on(t.bankAccountId, t.fingerprint),
    index('bank_lines_account_date_idx').on(t.userId, t.bankAccountId, t.date, t.id),
  ],
);

/** One row per export downloaded (docs/product.md, "Accounts and roles"): the file, its dates and the member who asked. */
export const exportRuns = pgTable(
  'export_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    /** an export file name (EXPORT_FILES) or 'account' for the whole-account zip */
    file: text('file').notNull(),
    fromDay: date('from_day', { mode: 'string' }),
    toDay: date('to_day', { mode: 'string' }),
    actorUserId: actor(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('export_runs_account_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

/** A saved rule (docs/product.md, "Rules"): matching money-out lines become this expense at import. */
export const bankRules = pgTable(
  'bank_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    matchText: text('match_text').notNull(),
    amountPence: pence('amount_pence'),
    supplier: text('supplier').notNull(),
    category: text('category').$type<TExpenseCategory>().notNull(),
    vat: text('vat').$type<TExpenseVat>().notNull(),
    ...timestamps,
  },
  (t) => [
    index('bank_rules_account_idx').on(t.userId, t.createdAt),
    check('bank_rules_amount_positive', sql`${t.amountPence} IS NULL OR ${t.amountPence} > 0`),
  ],
);
