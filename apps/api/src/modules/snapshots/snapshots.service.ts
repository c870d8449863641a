import type { Tx } from '../numbering/counters.repository.ts';
import type { PdfDocumentSource } from '../../pdf/document-model.ts';
import { makeSnapshot } from './document-snapshot.ts';
import type { SnapshotTable, SnapshotsRepository } from './snapshots.repository.ts';

type DocumentPart = Omit<PdfDocumentSource, 'kind' | 'status' | 'voidReason'>;

/**
 * Freezes what a document's PDF prints, inside the transaction that issues it. Without a
 * company profile there is nothing to freeze yet: the first preview after issue takes it
 * (docs/product.md, "Issued documents").
 */
export function createSnapshotsService(repo: SnapshotsRepository) {
  return {
    async freeze(tx: Tx | undefined, userId: string, kind: SnapshotTable, id: string, clientId: string, doc: DocumentPart) {
      const parties = await repo.parties(userId, clientId, tx ?? undefined);
      if (!parties) return null;
      const { snapshot, logo } = makeSnapshot(parties, doc);
      await repo.store(kind, id, snapshot, logo, tx);
      return snapshot;
    },
    async clear(tx: Tx, kind: SnapshotTable, id: string) {
      await repo.store(kind, id, null, null, tx);
    },
  };
}
export type SnapshotsService = ReturnType<typeof createSnapshotsService>;

/**
 * Queues the render of a just-issued document's PDF; the issuing service calls it once the
 * transaction that froze the snapshot has committed (previews/issued-pdf-job.ts).
 */
export type QueueIssuedPdf = (accountId: string, kind: SnapshotTable, id: string) => Promise<void>;
