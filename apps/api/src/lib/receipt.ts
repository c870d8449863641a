import { getDocumentProxy } from 'unpdf';
import { EXPENSE_MESSAGES, RECEIPT_MAX_BYTES } from '@docket/schemas/expense';
import { AppError } from './app-error.ts';
import { normaliseImage } from './image.ts';

export interface NormalisedReceipt {
  data: Buffer;
  mimeType: 'image/jpeg' | 'image/png' | 'application/pdf';
}

/** A phone photo of a till receipt: big enough to read, far smaller than the camera's original. */
const RECEIPT_STORED_SIDE = 2400;
const RECEIPT_MAX_SIDE = 12_000;
const badType = () => AppError.badRequest(EXPENSE_MESSAGES.receiptType, { receipt: EXPENSE_MESSAGES.receiptType });

/**
 * Check untrusted receipt bytes (docs/product.md, "Expenses"): a photo is decoded completely and
 * re-encoded by the same pipeline as logos (lib/image.ts), so no metadata (GPS) or trailing bytes
 * survive; a PDF must open in pdf.js with at least one page. Anything else is refused.
 */
export async function normaliseReceipt(data: Buffer): Promise<NormalisedReceipt> {
  if (data.length > RECEIPT_MAX_BYTES) throw AppError.tooLarge(EXPENSE_MESSAGES.receiptSize);
  if (data.length === 0) throw badType();
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { data, mimeType: 'application/pdf', ...(await checkPdf(data)) };
  const image = await normaliseImage(data, {
    badType,
    tooBig: badType,
    maxSide: RECEIPT_MAX_SIDE,
    stored: { width: RECEIPT_STORED_SIDE, height: RECEIPT_STORED_SIDE },
  });
  return { data: image.data, mimeType: image.mimeType };
}

async function checkPdf(data: Buffer): Promise<Record<string, never>> {
  const refuse = () => AppError.badRequest(EXPENSE_MESSAGES.receiptPdf, { receipt: EXPENSE_MESSAGES.receiptPdf });
  try {
    // pdf.js takes ownership of the array it is given: hand it a copy so the stored bytes stay whole.
    const doc = await getDocumentProxy(new Uint8Array(data), { isEvalSupported: false, stopAtErrors: true });
    try {
      if (doc.numPages < 1) throw refuse();
      await doc.getPage(1);
    } finally {
      await doc.destroy();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse();
  }
  return {};
}
