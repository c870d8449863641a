import { MSG } from '@docket/schemas/messages';
import { DOCUMENT_TOTAL_MAX_PENCE } from '@docket/schemas/constants';
import { percentToBasisPoints } from '@docket/schemas/money';
import type { TLineItem } from '@docket/schemas/document';
import { AppError } from '../../lib/app-error.ts';
import type { OwnershipRepository } from './ownership.repository.ts';
import { priceLines, type PricedDocument } from './line-items.ts';

export interface DocumentInput {
  clientId: string;
  lineItems: TLineItem[];
  tax?: number;
  /** null or blank clears it; left out keeps what an edited document has */
  siteAddress?: string | null;
}

/**
 * Checks the client is the caller's (another user's id reads as missing, never as theirs)
 * and prices the lines with the request's tax, else `fallbackTaxBp`.
 */
export async function priceDocument(
  ownership: OwnershipRepository,
  userId: string,
  input: DocumentInput,
  fallbackTaxBp: () => Promise<number> | number,
): Promise<PricedDocument & { clientId: string; siteAddress?: string | null }> {
  if (!(await ownership.client(userId, input.clientId))) {
    throw AppError.badRequest(MSG.clientRequired, { clientId: MSG.clientRequired });
  }
  const taxRateBp = input.tax === undefined ? await fallbackTaxBp() : percentToBasisPoints(input.tax);
  const priced = priceLines(input.lineItems, taxRateBp);
  // docs/product.md, "Money": totals stay far inside exact integer range, VAT included.
  if (priced.totalPence > DOCUMENT_TOTAL_MAX_PENCE) {
    throw AppError.badRequest(MSG.documentTotalMax, { lineItems: MSG.documentTotalMax });
  }
  return { clientId: input.clientId, ...(input.siteAddress !== undefined ? { siteAddress: input.siteAddress } : {}), ...priced };
}
