import { invoiceNumberLabel } from '@docket/schemas/document';
import type { TCreditNote } from '@docket/schemas/credit-note';
import { basisPointsToPercent, penceToPounds } from '@docket/schemas/money';
import { toLineDto, vatFiguresDto } from '../documents/line-items.ts';
import type { CreditNoteRow } from './credit-notes.repository.ts';
import { actorOf } from '../../lib/actor.ts';

export const toCreditNoteDto = (row: CreditNoteRow): TCreditNote => ({
  id: row.id,
  creditNoteNumber: row.creditNoteNumber,
  invoiceId: row.invoiceId,
  invoiceNumber: invoiceNumberLabel(row.invoiceNumber),
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
  ...actorOf(row.actorId, row.actorEmail, row.actorName),
});
