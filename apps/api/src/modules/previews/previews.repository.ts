import { invoiceNumberLabel } from '@docket/schemas/document';
import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  clients,
  companies,
  creditNotes,
  invoiceLines,
  invoicePayCodes,
  invoices,
  issuedPdfs,
  memberships,
  paymentProviders,
  payments,
  users,
} from '../../db/schema.ts';
import {
  liveSessionColumns,
  liveSessionOf,
  membershipHoldsToken,
  sessionValues,
  userHoldsToken,
  type SessionClaim,
  type SessionLookup,
} from '../../cache/session-check.ts';
import { writeTogether } from '../../db/one-statement.ts';
import { sqlWord } from '../../db/sql-words.ts';
import { effectiveInvoiceStatus } from '../invoices/invoice-status.ts';
import type { IssuedLive } from './issued-live-key.ts';
import { linesJson } from '../documents/lines-json.ts';
import type { InvoiceWithLines } from '../invoices/invoices.repository.ts';
import type { CompanyRow } from '../company/company.repository.ts';
import type { ClientRow } from '../clients/clients.repository.ts';

export type IssuedPdfKind = 'quote' | 'invoice' | 'credit_note';

/** What the one-query path reads: the document's live inputs, and the kept bytes with the key they were kept under. */
export interface KeptPdf {
  number: string;
  live: IssuedLive;
  /**
   * `pdf` null: the bytes named by `digest` are the ones the caller said it holds, so they were
   * not sent again (cache/pdf-byte-cache.ts)
   */
  kept: { pdf: Buffer | null; liveKey: string | null; digest: string } | null;
}

/** Who asks for a kept PDF, the session already checked (a route behind authenticate). */
export interface KeptPdfRequest {
  userId: string;
  id: string;
  /** the digest of bytes the caller holds for this document */
  have: string | null;
}

/**
 * An issued invoice's kept PDF asked for by a session not yet checked: the session rule
 * (cache/session-check.ts) in the same query. `session` is what authenticate would have read;
 * `kept` is null for an engineer (who may not download documents here), a draft, or another
 * account's or no invoice.
 */
export interface KeptPdfForSession {
  session: SessionLookup;
  kept: KeptPdf | null;
  /** what the PDF of a draft of the session's account prints, read in the same query (null for anything else) */
  draft: DraftInputs | null;
}

/** What an invoice's PDF prints of the invoice row (previews.service.ts, `invoiceSourceOf`). */
export type PrintedInvoice = Pick<
  InvoiceWithLines,
  | 'invoiceNumber'
  | 'status'
  | 'createdAt'
  | 'dueDate'
  | 'taxRateBp'
  | 'subtotalPence'
  | 'taxPence'
  | 'totalPence'
  | 'lines'
  | 'siteAddress'
  | 'cisRateBp'
  | 'fixedVat'
  | 'voidReason'
  | 'clientIsBusiness'
  | 'payments'
  | 'credits'
>;

/**
 * A draft invoice as its PDF prints it (docs/product.md, "Issued PDFs are kept": drafts render
 * every time): what any invoice prints, less what a draft has none of or takes from its client.
 */
export type DraftInvoice = Pick<InvoiceWithLines, 'id' | 'clientId'> & Omit<PrintedInvoice, 'status' | 'clientIsBusiness' | 'payments' | 'credits'>;

/** A draft's invoice with the company and client its PDF prints; null company: no profile yet (409). */
export interface DraftInputs {
  invoice: DraftInvoice;
  company: CompanyRow | null;
  client: ClientRow | null;
}

/**
 * SQL twin of `balanceKeyOf`: the invoice's payments and credit notes, in the order its PDF lists
 * them (invoice-payments.ts, invoice-credits.ts), so a payment or credit note changes the live key.
 */
const balanceKeySql = () =>
  sql<string>`(coalesce((select string_agg(${payments.id}::text || ':' || ${payments.amountPence}::text || ':' || ${payments.paidOn}::text, ',' order by ${payments.paidOn}, ${payments.createdAt}, ${payments.id}) from ${payments} where ${payments.invoiceId} = ${invoices.id}), '')
    || '|' || coalesce((select string_agg(${creditNotes.id}::text || ':' || ${creditNotes.totalPence}::text, ',' order by ${creditNotes.createdAt}, ${creditNotes.creditNoteNumber}) from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}), ''))`;

/** never equal to an md5: asks for the bytes */
const HOLDS_NOTHING = '0';

/** Issued documents' PDFs as rendered, keyed by the hash of what was printed (docs/product.md). */
export function createPreviewsRepository(db: Database) {
  const key = (userId: string, kind: IssuedPdfKind, documentId: string) =>
    and(eq(issuedPdfs.userId, userId), eq(issuedPdfs.kind, kind), eq(issuedPdfs.documentId, documentId));
  const keptRow = (r: { pdf: Buffer | Uint8Array | null; liveKey: string | null; digest: string | null }) =>
    r.digest ? { pdf: r.pdf ? Buffer.from(r.pdf.buffer, r.pdf.byteOffset, r.pdf.byteLength) : null, liveKey: r.liveKey, digest: r.digest } : null;
  const values = (r: KeptPdfRequest, more: Record<string, unknown>) => ({ userId: r.userId, id: r.id, have: r.have ?? HOLDS_NOTHING, ...more });
  const kept = () => ({
    liveKey: issuedPdfs.liveKey,
    digest: sql<string | null>`md5(${issuedPdfs.liveKey} || ${issuedPdfs.modelHash})`,
    pdf: sql<Buffer | null>`case when md5(${issuedPdfs.liveKey} || ${issuedPdfs.modelHash}) = ${sql.placeholder('have')}::text then null else ${issuedPdfs.pdf} end`,
  });
  const keptInvoiceColumns = () => ({
    number: invoices.invoiceNumber,
    status: effectiveInvoiceStatus(sql.placeholder('today')),
    // text on both drivers: PGlite's prepared path answers raw values, where a date would be a Date
    dueDate: sql<string | null>`${invoices.dueDate}::text`,
    voidReason: invoices.voidReason,
    latePaymentNotice: sql<boolean>`(${clients.isBusiness} and coalesce(${companies.latePaymentNotice}, false))`,
    snapshotMd5: invoices.snapshotMd5,
    balanceKey: balanceKeySql(),
    // SQL twins of payState (online-payments.repository.ts): the pay link's inputs
    payOn: sql<boolean>`exists (select 1 from ${paymentProviders} where ${paymentProviders.userId} = ${invoices.userId} and ${paymentProviders.enabled})`,
    payCode: sql<string | null>`(select ${invoicePayCodes.code} from ${invoicePayCodes} where ${invoicePayCodes.invoiceId} = ${invoices.id})`,
    ...kept(),
  });
  const keptIssuedPdf = and(eq(issuedPdfs.userId, invoices.userId), sql`${issuedPdfs.kind} = 'invoice'`, eq(issuedPdfs.documentId, invoices.id));
  const issuedInvoice = and(
    eq(invoices.userId, sql.placeholder('userId')),
    eq(invoices.id, sql.placeholder('id')),
    sql`${invoices.status} <> ${sqlWord('DRAFT')}`,
  );
  const keptInvoiceQuery = db
    .select(keptInvoiceColumns())
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(companies, eq(companies.userId, invoices.userId))
    .leftJoin(issuedPdfs, keptIssuedPdf)
    .where(issuedInvoice)
    .limit(1)
    .prepare('kept_invoice_pdf_trusted');
  // Led by the session: a row whenever the session is live (what authenticate reads comes back
  // with it, so a request the kept bytes cannot answer goes on without asking again), with the
  // invoice's columns null when it is a draft, another account's or none.
  // A draft is never kept, so for a draft of the account the query answers what its PDF prints
  // instead: the invoice with its lines, the company and the client, read with the session in one
  // statement (one wait where there were two, and nothing asked twice). Each join is by a unique
  // key, so the row stays one; for anything but a draft these columns are null.
  const draft = alias(invoices, 'draft_');
  const draftClient = alias(clients, 'draft_client_');
  const draftCompany = alias(companies, 'draft_company_');
  const draftColumns = () => ({
    id: draft.id,
    clientId: draft.clientId,
    invoiceNumber: draft.invoiceNumber,
    createdAt: draft.createdAt,
    // text on both drivers, as dueDate above
    dueDate: sql<string>`${draft.dueDate}::text`,
    taxRateBp: draft.taxRateBp,
    subtotalPence: draft.subtotalPence,
    taxPence: draft.taxPence,
    totalPence: draft.totalPence,
    siteAddress: draft.siteAddress,
    cisRateBp: draft.cisRateBp,
    fixedVat: draft.fixedVat,
    voidReason: draft.voidReason,
    lines: linesJson(invoiceLines, invoiceLines.invoiceId, draft.id),
  });
  const keptInvoiceForSessionQuery = db
    .select({
      ...liveSessionColumns(),
      found: sql<boolean>`(${invoices.id} is not null)`,
      ...keptInvoiceColumns(),
      draft: draftColumns(),
      draftCompany: getTableColumns(draftCompany),
      draftClient: getTableColumns(draftClient),
    })
    .from(accounts)
    .innerJoin(users, userHoldsToken())
    .innerJoin(memberships, membershipHoldsToken(accounts.id))
    .leftJoin(invoices, and(eq(invoices.userId, accounts.id), issuedInvoice))
    .leftJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(companies, eq(companies.userId, invoices.userId))
    .leftJoin(issuedPdfs, keptIssuedPdf)
    .leftJoin(draft, and(eq(draft.userId, accounts.id), eq(draft.id, sql.placeholder('id')), sql`${draft.status} = ${sqlWord('DRAFT')}`))
    .leftJoin(draftClient, and(eq(draftClient.userId, draft.userId), eq(draftClient.id, draft.clientId)))
    .leftJoin(draftCompany, eq(draftCompany.userId, draft.userId))
    .where(eq(accounts.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('kept_invoice_pdf_for_session');
  type KeptInvoiceRow = Awaited<ReturnType<typeof keptInvoiceQuery.execute>>[number];
  const keptInvoiceOf = (row: KeptInvoiceRow): KeptPdf => ({
    number: invoiceNumberLabel(row.number),
    live: {
      snapshotMd5: row.snapshotMd5,
      status: row.status,
      dueDate: row.dueDate,
      voidReason: row.voidReason,
      latePaymentNotice: Boolean(row.latePaymentNotice),
      balanceKey: row.balanceKey,
      payOn: Boolean(row.payOn),
      payCode: row.payCode ?? null,
    },
    kept: keptRow(row),
  });
  const keptCreditNoteQuery = db
    .select({ number: creditNotes.creditNoteNumber, snapshotMd5: creditNotes.snapshotMd5, ...kept() })
    .from(creditNotes)
    .leftJoin(issuedPdfs, and(eq(issuedPdfs.userId, creditNotes.userId), sql`${issuedPdfs.kind} = 'credit_note'`, eq(issuedPdfs.documentId, creditNotes.id)))
    .where(and(eq(creditNotes.userId, sql.placeholder('userId')), eq(creditNotes.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('kept_credit_note_pdf');
  return {
    async stored(userId: string, kind: IssuedPdfKind, documentId: string, modelHash: string): Promise<Buffer | null> {
      const [row] = await db
        .select({ pdf: issuedPdfs.pdf })
        .from(issuedPdfs)
        .where(and(key(userId, kind, documentId), eq(issuedPdfs.modelHash, modelHash)))
        .limit(1);
      return row?.pdf ?? null;
    },
    /**
     * Keeps these bytes (with the live inputs they were rendered from) and drops the document's
     * older ones; two first requests at once both succeed, the later live key wins.
     */
    async keep(userId: string, kind: IssuedPdfKind, documentId: string, modelHash: string, pdf: Buffer, liveKey: string | null): Promise<void> {
      // one statement: the older models' bytes go as the new ones are kept, never one without the other
      await writeTogether(db, [
        db.delete(issuedPdfs).where(and(key(userId, kind, documentId), ne(issuedPdfs.modelHash, modelHash))),
        db
          .insert(issuedPdfs)
          .values({ userId, kind, documentId, modelHash, pdf, liveKey })
          .onConflictDoUpdate({ target: [issuedPdfs.userId, issuedPdfs.kind, issuedPdfs.documentId, issuedPdfs.modelHash], set: { liveKey } }),
      ]);
    },
    /** An issued invoice's live inputs and its kept PDF in one query (null: not this account's, or a draft). */
    async keptInvoice(r: KeptPdfRequest, today: string): Promise<KeptPdf | null> {
      const [row] = await keptInvoiceQuery.execute(values(r, { today }));
      return row ? keptInvoiceOf(row) : null;
    },
    /**
     * The same for a session not yet checked, checked by the same rule in the same query; null when
     * the session is not live (its user gone or signed out, its membership ended).
     */
    async keptInvoiceForSession(r: Omit<KeptPdfRequest, 'userId'> & { session: SessionClaim }, today: string): Promise<KeptPdfForSession | null> {
      const { session } = r;
      const [row] = await keptInvoiceForSessionQuery.execute({ ...values({ ...r, userId: session.accountId }, { today }), ...sessionValues(session) });
      if (!row) return null;
      return {
        session: liveSessionOf(session, row),
        kept: row.found && row.role !== 'ENGINEER' ? keptInvoiceOf(row as KeptInvoiceRow) : null,
        // the route serves it only once the permission check has passed
        // found by its id: the draft's object also holds its lines, '[]' when none; a company or
        // client not joined comes back null
        draft: row.draft?.id ? { invoice: row.draft, company: row.draftCompany, client: row.draftClient } : null,
      };
    },
    /** The same for a credit note: nothing of it is live but its snapshot. */
    async keptCreditNote(r: KeptPdfRequest): Promise<KeptPdf | null> {
      const [row] = await keptCreditNoteQuery.execute(values(r, {}));
      if (!row) return null;
      return { number: row.number, live: { snapshotMd5: row.snapshotMd5, status: 'ISSUED' }, kept: keptRow(row) };
    },
  };
}
export type PreviewsRepository = ReturnType<typeof createPreviewsRepository>;
