import { PDF_RENDERER_VERSION } from '../../pdf/model-hash.ts';

/**
 * What an issued document's PDF prints besides its frozen snapshot (docs/product.md, "Issued PDFs
 * are kept"): the status mark, an invoice's due date and void reason, the late-payment notice.
 * The snapshot itself is named by the md5 of its stored JSON, so a re-frozen document never
 * matches bytes kept for its earlier snapshot.
 */
export interface IssuedLive {
  /** null: no snapshot yet (a document issued before snapshots existed is frozen on first render) */
  snapshotMd5: string | null;
  status: string;
  dueDate?: string | null;
  voidReason?: string | null;
  latePaymentNotice?: boolean;
}

/**
 * The key kept beside the bytes: equal keys mean the same model, so the bytes can be served from
 * one query without building the model. Built from the very values the model was built from;
 * null (never matches) while the snapshot is unknown.
 */
export function issuedLiveKey(l: IssuedLive): string | null {
  if (l.snapshotMd5 === null) return null;
  return JSON.stringify([PDF_RENDERER_VERSION, l.snapshotMd5, l.status, l.dueDate ?? null, l.voidReason ?? null, l.latePaymentNotice ?? false]);
}
