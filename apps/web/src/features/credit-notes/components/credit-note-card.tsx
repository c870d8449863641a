import { useState } from 'react';
import { Eye, History } from 'lucide-react';
import type { TCreditNote } from '@docket/schemas/credit-note';
import { formatDateTime, formatMoney } from '@/lib/format';
import { HistoryTimeline } from '@/components/documents/history-timeline';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getCreditNoteHistory, creditNoteHistoryKey } from '../api/get-credit-note-history';
import { previewCreditNotePdf } from '../api/preview-credit-note-pdf';

/** One credit note: its number, the invoice it corrects, client, reason, amounts; read only. */
export function CreditNoteCard({ note, currencySymbol }: { note: TCreditNote; currencySymbol: string }) {
  const titleId = `credit-note-${note.id}-title`;
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <Card className="p-4 sm:p-6">
      <article aria-labelledby={titleId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {note.creditNoteNumber}
            </h2>
            <p className="break-words text-sm text-slate-600">{note.client.name}</p>
            <p className="text-sm text-slate-500">
              Against invoice {note.invoiceNumber} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
            </p>
          </div>
          <div className="flex flex-col items-end gap-1">
            <Badge tone="yellow">Credit note</Badge>
            <p className="text-lg font-semibold text-slate-900">
              <span className="sr-only">Total credited: </span>-{formatMoney(note.total, currencySymbol)}
            </p>
          </div>
        </div>
        <p className="break-words text-sm text-slate-700">
          <span className="font-medium">Reason:</span> {note.reason}
        </p>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-slate-500">Subtotal</dt>
            <dd className="font-medium">{formatMoney(note.subtotal, currencySymbol)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">VAT ({note.tax}%)</dt>
            <dd className="font-medium">{formatMoney(note.taxAmount, currencySymbol)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Total</dt>
            <dd className="font-semibold">{formatMoney(note.total, currencySymbol)}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void previewCreditNotePdf(note.id)}>
            <Eye aria-hidden="true" className="h-4 w-4" />
            Preview PDF
          </Button>
          <Button variant="outline" size="sm" aria-expanded={historyOpen} onClick={() => setHistoryOpen((o) => !o)}>
            <History aria-hidden="true" className="h-4 w-4" />
            History
          </Button>
        </div>
        {historyOpen && (
          <HistoryTimeline queryKey={creditNoteHistoryKey(note.id)} load={() => getCreditNoteHistory(note.id)} label={`History of ${note.creditNoteNumber}`} />
        )}
      </article>
    </Card>
  );
}
