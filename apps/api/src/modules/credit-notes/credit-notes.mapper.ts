import type { TCreditNote } from '@docket/schemas/credit-note';
import { basisPointsToPercent, penceToPounds } from '@docket/schemas/money';
import { toLineDto, vatFiguresDto } from '../documents/line-items.ts';
import type { CreditNoteRow } from './credit-notes.repository.ts';

export const toCreditNoteDto = (row: CreditNoteRow): TCreditNote => ({
  id: row.id,
  creditNoteNumber: row.creditNoteNumber,
  invoiceId: row.invoiceId,
  invoiceNumber: row.invoiceNumber,
  clientId: row.clientId,
  client: { id: row.clientId, name: row.clientName },
  lineItems: row.lines.map(toLineDto),
  tax: basisPointsToPercent(row.taxRateBp),
  subtotal: penceToPounds(row.subtotalPence),
  taxAmount: penceToPounds(row.taxPence),
  total: penceToPounds(row.totalPence),
  ...vatFiguresDto(row.lines, row.taxRateBp, row.fixedVat),
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});
