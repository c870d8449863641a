import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { issuedPdfs } from '../../db/schema.ts';

export type IssuedPdfKind = 'quote' | 'invoice' | 'credit_note';

/** Issued documents' PDFs as rendered, keyed by the hash of what was printed (docs/product.md). */
export function createPreviewsRepository(db: Database) {
  const key = (userId: string, kind: IssuedPdfKind, documentId: string) =>
    and(eq(issuedPdfs.userId, userId), eq(issuedPdfs.kind, kind), eq(issuedPdfs.documentId, documentId));
  return {
    async stored(userId: string, kind: IssuedPdfKind, documentId: string, modelHash: string): Promise<Buffer | null> {
      const [row] = await db
        .select({ pdf: issuedPdfs.pdf })
        .from(issuedPdfs)
        .where(and(key(userId, kind, documentId), eq(issuedPdfs.modelHash, modelHash)))
        .limit(1);
      return row?.pdf ?? null;
    },
    /** Keeps these bytes and drops the document's older ones; two first requests at once both succeed. */
    async keep(userId: string, kind: IssuedPdfKind, documentId: string, modelHash: string, pdf: Buffer): Promise<void> {
      await db.insert(issuedPdfs).values({ userId, kind, documentId, modelHash, pdf }).onConflictDoNothing();
      await db.delete(issuedPdfs).where(and(key(userId, kind, documentId), ne(issuedPdfs.modelHash, modelHash)));
    },
  };
}
export type PreviewsRepository = ReturnType<typeof createPreviewsRepository>;
