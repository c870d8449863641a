import type { TCreditNote } from '@docket/schemas/credit-note';
import { formatDate, formatMoney } from '@/lib/format';
import { DocumentRow } from '@/components/documents/document-row';

/** One credit note in the list: the invoice it corrects and what it took off, opening its page. */
export function CreditNoteRow({ note, currencySymbol, compact }: { note: TCreditNote; currencySymbol: string; compact: boolean }) {
  return (
    <DocumentRow
      to={`/credit-notes/${note.id}`}
      idPrefix={`credit-note-${note.id}`}
      number={note.creditNoteNumber}
      clientName={note.client.name}
      date={<time dateTime={note.createdAt}>{formatDate(note.createdAt)}</time>}
      status={<span className="text-sm text-slate-600">Against {note.invoiceNumber}</span>}
      amountLabel="Total credited"
      amount={formatMoney(-note.total, currencySymbol)}
      compact={compact}
    />
  );
}
