import { MSG } from '@docket/schemas/messages';
import { DOCUMENT_TOTAL_MAX_PENCE } from '@docket/schemas/constants';
import { percentToBasisPoints } from '@docket/schemas/money';
import type { TLineItem } from '@docket/schemas/document';
import { AppError } from '../../lib/app-error.ts';
import type { OwnershipRepository } from './ownership.repository.ts';
import { VAT_MESSAGES, VAT_RATES } from '@docket/schemas/vat';
import { priceLines, totalsOfStored, type PricedDocument, type StoredLine } from './line-items.ts';

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
  ownership: Pick<OwnershipRepository, 'clientTax'>,
  userId: string,
  input: DocumentInput,
  fallbackTaxBp: () => Promise<number> | number,
): Promise<PricedDocument & { clientId: string; clientCisRate: number | null; clientPaymentTermsDays: number | null; siteAddress?: string | null }> {
  const client = await ownership.clientTax(userId, input.clientId);
  if (!client) {
    throw AppError.badRequest(MSG.clientRequired, { clientId: MSG.clientRequired });
  }
  // docs/product.md, "Reverse charge": the customer accounts for the VAT, so it must be VAT registered.
  if (input.lineItems.some((l) => l.vat && VAT_RATES[l.vat].reverseCharge) && !client.vatNumber) {
    throw AppError.badRequest(VAT_MESSAGES.reverseChargeNeedsVatNumber, { clientId: VAT_MESSAGES.reverseChargeNeedsVatNumber });
  }
  const taxRateBp = input.tax === undefined ? await fallbackTaxBp() : percentToBasisPoints(input.tax);
  const priced = priceLines(input.lineItems, taxRateBp);
  // docs/product.md, "Money": totals stay far inside exact integer range, VAT included.
  if (priced.totalPence > DOCUMENT_TOTAL_MAX_PENCE) {
    throw AppError.badRequest(MSG.documentTotalMax, { lineItems: MSG.documentTotalMax });
  }
  return {
    clientId: input.clientId,
    clientCisRate: client.cisRate,
    // read here so a new invoice's due date needs no second read of the same client
    clientPaymentTermsDays: client.paymentTermsDays,
    ...(input.siteAddress !== undefined ? { siteAddress: input.siteAddress } : {}),
    ...priced,
  };
}

/**
 * The CIS rate (basis points) and deduction of an invoice (docs/product.md, "CIS"): only from a
 * CIS subcontractor to a client with a rate; otherwise none.
 */
export function cisOf(cisSubcontractor: boolean, clientCisRate: number | null, lines: readonly StoredLine[], taxRateBp: number) {
  if (!cisSubcontractor || clientCisRate === null) return { cisRateBp: null, cisDeductionPence: 0 };
  const cisRateBp = percentToBasisPoints(clientCisRate);
  return { cisRateBp, cisDeductionPence: totalsOfStored(lines, taxRateBp, cisRateBp).cis?.deduction ?? 0 };
}
