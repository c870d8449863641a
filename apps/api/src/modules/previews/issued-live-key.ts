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
  /** the payments and credit notes printed below an invoice's total (`balanceKeyOf`, or its SQL twin) */
  balanceKey?: string;
  /** invoices: whether the business takes payments online, and the invoice's pay code (the QR code's short link) */
  payOn?: boolean;
  payCode?: string | null;
}

/** The short link an issued invoice's PDF prints while payments are on (null: none; needs PUBLIC_URL). */
export const payUrlOf = (base: string | null, on: boolean | undefined, code: string | null | undefined): string | null =>
  base && on && code ? `${base.replace(/\/+$/, '')}/p/${code}` : null;

/**
 * Names an invoice's payments and credit notes as its PDF prints them. Its SQL twin is
 * `balanceKeySql` (previews.repository.ts); the same order as the invoice's payment and credit lists.
 */
export function balanceKeyOf(
  payments: readonly { id: string; amountPence: number; paidOn: string }[],
  credits: readonly { id: string; totalPence: number }[],
): string {
  return `${payments.map((p) => `${p.id}:${Number(p.amountPence)}:${p.paidOn}`).join(',')}|${credits.map((c) => `${c.id}:${Number(c.totalPence)}`).join(',')}`;
}

/**
 * The key kept beside the bytes: equal keys mean the same model, so the bytes can be served from
 * one query without building the model. Built from the very values the model was built from;
 * null (never matches) while the snapshot is unknown.
 */
export function issuedLiveKey(l: IssuedLive, payBase: string | null = null): string | null {
  if (l.snapshotMd5 === null) return null;
  const key = [PDF_RENDERER_VERSION, l.snapshotMd5, l.status, l.dueDate ?? null, l.voidReason ?? null, l.latePaymentNotice ?? false, l.balanceKey ?? '|'];
  // The QR code and short link print while payments are on: turning them on or off renders anew.
  const payUrl = payUrlOf(payBase, l.payOn, l.payCode);
  return JSON.stringify(payUrl ? [...key, payUrl] : key);
}
