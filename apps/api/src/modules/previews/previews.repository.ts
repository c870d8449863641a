import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clients, companies, creditNotes, invoices, issuedPdfs } from '../../db/schema.ts';
import { effectiveInvoiceStatus } from '../invoices/invoice-status.ts';
import type { IssuedLive } from './issued-live-key.ts';

export type IssuedPdfKind = 'quote' | 'invoice' | 'credit_note';

/** What the one-query path reads: the document's live inputs, and the kept bytes with the key they were kept under. */
export interface KeptPdf {
  number: string;
  live: IssuedLive;
  kept: { pdf: Buffer; liveKey: string | null } | null;
}

/** Issued documents' PDFs as rendered, keyed by the hash of what was printed (docs/product.md). */
export function createPreviewsRepository(db: Database) {
  const key = (userId: string, kind: IssuedPdfKind, documentId: string) =>
    and(eq(issuedPdfs.userId, userId), eq(issuedPdfs.kind, kind), eq(issuedPdfs.documentId, documentId));
  const keptRow = (r: { pdf: Buffer | null; liveKey: string | null }) => (r.pdf ? { pdf: r.pdf, liveKey: r.liveKey } : null);
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
     * An issued invoice's live inputs and its kept PDF in one query (null: not this account's, or
     * a draft). The live inputs are read exactly as the full path reads them.
     */
    async keptInvoice(userId: string, id: string, today: string): Promise<KeptPdf | null> {
      const [row] = await db
        .select({
          number: invoices.invoiceNumber,
          status: effectiveInvoiceStatus(today),
          dueDate: invoices.dueDate,
          voidReason: invoices.voidReason,
          latePaymentNotice: sql<boolean>`(${clients.isBusiness} and coalesce(${companies.latePaymentNotice}, false))`,
          snapshotMd5: sql<string | null>`md5(${invoices.snapshot}::text)`,
          pdf: issuedPdfs.pdf,
          liveKey: issuedPdfs.liveKey,
        })
        .from(invoices)
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .leftJoin(companies, eq(companies.userId, invoices.userId))
        .leftJoin(issuedPdfs, and(eq(issuedPdfs.userId, invoices.userId), eq(issuedPdfs.kind, 'invoice'), eq(issuedPdfs.documentId, invoices.id)))
        .where(and(eq(invoices.userId, userId), eq(invoices.id, id), ne(invoices.status, 'DRAFT')))
        .limit(1);
      if (!row) return null;
      const live: IssuedLive = { snapshotMd5: row.snapshotMd5, status: row.status, dueDate: row.dueDate, voidReason: row.voidReason, latePaymentNotice: Boolean(row.latePaymentNotice) };
      return { number: row.number, live, kept: keptRow(row) };
    },
    /** The same for a credit note: nothing of it is live but its snapshot. */
    async keptCreditNote(userId: string, id: string): Promise<KeptPdf | null> {
      const [row] = await db
        .select({
          number: creditNotes.creditNoteNumber,
          snapshotMd5: sql<string | null>`md5(${creditNotes.snapshot}::text)`,
          pdf: issuedPdfs.pdf,
          liveKey: issuedPdfs.liveKey,
        })
        .from(creditNotes)
        .leftJoin(issuedPdfs, and(eq(issuedPdfs.userId, creditNotes.userId), eq(issuedPdfs.kind, 'credit_note'), eq(issuedPdfs.documentId, creditNotes.id)))
        .where(and(eq(creditNotes.userId, userId), eq(creditNotes.id, id)))
        .limit(1);
      if (!row) return null;
      return { number: row.number, live: { snapshotMd5: row.snapshotMd5, status: 'ISSUED' }, kept: keptRow(row) };
    },
  };
}
export type PreviewsRepository = ReturnType<typeof createPreviewsRepository>;
