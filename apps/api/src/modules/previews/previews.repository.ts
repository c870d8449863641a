import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, companies, creditNotes, invoices, issuedPdfs, users } from '../../db/schema.ts';
import { preparedSelect } from '../../db/prepared-select.ts';
import { sqlWord } from '../../db/sql-words.ts';
import { effectiveInvoiceStatus } from '../invoices/invoice-status.ts';
import type { IssuedLive } from './issued-live-key.ts';

export type IssuedPdfKind = 'quote' | 'invoice' | 'credit_note';

/** What the one-query path reads: the document's live inputs, and the kept bytes with the key they were kept under. */
export interface KeptPdf {
  number: string;
  live: IssuedLive;
  /**
   * `pdf` null: the bytes named by `digest` are the ones the caller said it holds, so they were
   * not sent again (held-pdf-bytes.ts)
   */
  kept: { pdf: Buffer | null; liveKey: string | null; digest: string } | null;
}

/** Who asks for a kept PDF: `tokenVersion` checks a session's user in the same query; null trusts `userId`. */
export interface KeptPdfRequest {
  userId: string;
  id: string;
  /** the digest of bytes the caller holds for this document */
  have: string | null;
  tokenVersion: number | null;
}

/** never equal to an md5: asks for the bytes */
const HOLDS_NOTHING = '0';
/** a token version no session has: the query does not check the user's sessions */
const NO_SESSION_CHECK = -1;

/** Issued documents' PDFs as rendered, keyed by the hash of what was printed (docs/product.md). */
export function createPreviewsRepository(db: Database) {
  const key = (userId: string, kind: IssuedPdfKind, documentId: string) =>
    and(eq(issuedPdfs.userId, userId), eq(issuedPdfs.kind, kind), eq(issuedPdfs.documentId, documentId));
  const keptRow = (r: { pdf: Buffer | Uint8Array | null; liveKey: string | null; digest: string | null }) =>
    r.digest ? { pdf: r.pdf ? Buffer.from(r.pdf.buffer, r.pdf.byteOffset, r.pdf.byteLength) : null, liveKey: r.liveKey, digest: r.digest } : null;
  const values = (r: KeptPdfRequest, more: Record<string, unknown>) => ({
    userId: r.userId,
    id: r.id,
    have: r.have ?? HOLDS_NOTHING,
    tokenVersion: r.tokenVersion ?? NO_SESSION_CHECK,
    ...more,
  });
  // the session's user checked in the same query: a deleted user or an older token version finds nothing
  const sessionUser = (ownerId: typeof invoices.userId | typeof creditNotes.userId) =>
    and(eq(users.id, ownerId), sql`(${sql.placeholder('tokenVersion')}::int = ${NO_SESSION_CHECK} or ${users.tokenVersion} = ${sql.placeholder('tokenVersion')}::int)`);
  const kept = () => ({
    liveKey: issuedPdfs.liveKey,
    digest: sql<string | null>`md5(${issuedPdfs.liveKey} || ${issuedPdfs.modelHash})`,
    pdf: sql<Buffer | null>`case when md5(${issuedPdfs.liveKey} || ${issuedPdfs.modelHash}) = ${sql.placeholder('have')}::text then null else ${issuedPdfs.pdf} end`,
  });
  const keptInvoiceQuery = preparedSelect(
    db,
    'kept_invoice_pdf',
    db
      .select({
        number: invoices.invoiceNumber,
        status: effectiveInvoiceStatus(sql.placeholder('today')),
        // text on both drivers: PGlite's prepared path answers raw values, where a date would be a Date
        dueDate: sql<string | null>`${invoices.dueDate}::text`,
        voidReason: invoices.voidReason,
        latePaymentNotice: sql<boolean>`(${clients.isBusiness} and coalesce(${companies.latePaymentNotice}, false))`,
        snapshotMd5: invoices.snapshotMd5,
        ...kept(),
      })
      .from(invoices)
      .innerJoin(users, sessionUser(invoices.userId))
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .leftJoin(companies, eq(companies.userId, invoices.userId))
      .leftJoin(issuedPdfs, and(eq(issuedPdfs.userId, invoices.userId), sql`${issuedPdfs.kind} = 'invoice'`, eq(issuedPdfs.documentId, invoices.id)))
      .where(and(eq(invoices.userId, sql.placeholder('userId')), eq(invoices.id, sql.placeholder('id')), sql`${invoices.status} <> ${sqlWord('DRAFT')}`))
      .limit(1),
    ['number', 'status', 'dueDate', 'voidReason', 'latePaymentNotice', 'snapshotMd5', 'liveKey', 'digest', 'pdf'],
  );
  const keptCreditNoteQuery = preparedSelect(
    db,
    'kept_credit_note_pdf',
    db
      .select({ number: creditNotes.creditNoteNumber, snapshotMd5: creditNotes.snapshotMd5, ...kept() })
      .from(creditNotes)
      .innerJoin(users, sessionUser(creditNotes.userId))
      .leftJoin(issuedPdfs, and(eq(issuedPdfs.userId, creditNotes.userId), sql`${issuedPdfs.kind} = 'credit_note'`, eq(issuedPdfs.documentId, creditNotes.id)))
      .where(and(eq(creditNotes.userId, sql.placeholder('userId')), eq(creditNotes.id, sql.placeholder('id'))))
      .limit(1),
    ['number', 'snapshotMd5', 'liveKey', 'digest', 'pdf'],
  );
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
      await db
        .insert(issuedPdfs)
        .values({ userId, kind, documentId, modelHash, pdf, liveKey })
        .onConflictDoUpdate({ target: [issuedPdfs.userId, issuedPdfs.kind, issuedPdfs.documentId, issuedPdfs.modelHash], set: { liveKey } });
      await db.delete(issuedPdfs).where(and(key(userId, kind, documentId), ne(issuedPdfs.modelHash, modelHash)));
    },
    /**
     * An issued invoice's live inputs and its kept PDF in one query (null: not this account's,
     * a draft, or the session's user is gone or signed out). The live inputs are read exactly as
     * the full path reads them.
     */
    async keptInvoice(r: KeptPdfRequest, today: string): Promise<KeptPdf | null> {
      const [row] = await keptInvoiceQuery(values(r, { today }));
      if (!row) return null;
      const live: IssuedLive = { snapshotMd5: row.snapshotMd5, status: row.status, dueDate: row.dueDate, voidReason: row.voidReason, latePaymentNotice: Boolean(row.latePaymentNotice) };
      return { number: row.number, live, kept: keptRow(row) };
    },
    /** The same for a credit note: nothing of it is live but its snapshot. */
    async keptCreditNote(r: KeptPdfRequest): Promise<KeptPdf | null> {
      const [row] = await keptCreditNoteQuery(values(r, {}));
      if (!row) return null;
      return { number: row.number, live: { snapshotMd5: row.snapshotMd5, status: 'ISSUED' }, kept: keptRow(row) };
    },
  };
}
export type PreviewsRepository = ReturnType<typeof createPreviewsRepository>;
