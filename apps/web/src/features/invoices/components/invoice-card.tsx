import { Ban, Banknote, CheckCircle2, Copy, ReceiptText, Send, type LucideIcon } from 'lucide-react';
import type { TInvoice } from '@docket/schemas/document';
import { formatDate, formatMoney } from '@/lib/format';
import { DocumentCard, type TDocumentCardHandlers } from '@/components/documents/document-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { Button } from '@/components/ui/button';
import { PAYMENT_METHOD_LABELS } from '@docket/schemas/payment';
import { INVOICE_DELETABLE_STATUSES, INVOICE_DUE_DATE_EDITABLE_STATUSES, INVOICE_EDITABLE_STATUSES, invoiceActionsFor } from '@docket/schemas/lifecycle';
import { HistoryTimeline } from '@/components/documents/history-timeline';
import { getInvoiceHistory, invoiceHistoryKey } from '../api/get-invoice-history';
import { INVOICE_ACTION_LABELS, type TInvoiceAction } from './invoice-actions';

const ACTION_ICONS: Record<TInvoiceAction, LucideIcon> = { send: Send, payment: Banknote, pay: CheckCircle2, credit: ReceiptText, void: Ban, duplicate: Copy };

/** Drafts are edited in full; an issued invoice only changes its due date; a void one not at all. */
function editLabelFor(status: TInvoice['status']): string | null {
  if (INVOICE_EDITABLE_STATUSES.includes(status)) return 'Edit';
  if (INVOICE_DUE_DATE_EDITABLE_STATUSES.includes(status)) return 'Edit due date';
  return null;
}

interface InvoiceCardProps extends TDocumentCardHandlers<TInvoiceAction> {
  invoice: TInvoice;
  currencySymbol: string;
  onRemovePayment?: (paymentId: string) => void;
}

/** Something paid but not all of it (docs/product.md, "Payments"). */
const isPartPaid = (i: TInvoice) => i.amountPaid > 0 && i.amountPaid < i.total;

/** One invoice: number, status badge with icon, client, due date, subtotal, tax and total, and its actions. */
export function InvoiceCard({ invoice, currencySymbol, onRemovePayment, ...handlers }: InvoiceCardProps) {
  const status = (
    <span className="flex flex-wrap items-center justify-end gap-1">
      {isPartPaid(invoice) && invoice.status !== 'PAID' && (
        <span className="rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">Part paid</span>
      )}
      <StatusBadge status={invoice.status} />
    </span>
  );
  return (
    <DocumentCard
      idPrefix={`invoice-${invoice.id}`}
      number={invoice.invoiceNumber}
      clientName={invoice.client?.name}
      meta={
        <>
          Due: <time dateTime={invoice.dueDate}>{formatDate(invoice.dueDate)}</time>
        </>
      }
      aside={status}
      summary={
        <div className="flex items-center justify-end gap-3">
          {status}
          <div className="text-right leading-tight">
            <p className="whitespace-nowrap text-sm font-semibold text-slate-900">
              <span className="sr-only">Total </span>
              {formatMoney(invoice.total, currencySymbol)}
            </p>
            <p className="whitespace-nowrap text-xs text-slate-500">
              {formatMoney(invoice.subtotal, currencySymbol)} + VAT ({invoice.tax}%) {formatMoney(invoice.taxAmount, currencySymbol)}
            </p>
            {invoice.status !== 'DRAFT' && invoice.status !== 'VOID' && invoice.balanceDue !== invoice.total && (
              <p className="whitespace-nowrap text-xs font-medium text-slate-700">Balance due {formatMoney(invoice.balanceDue, currencySymbol)}</p>
            )}
          </div>
        </div>
      }
      // Void is refused once credit notes exist (docs/product.md, "Void"), so it is not offered then.
      actions={[...invoiceActionsFor(invoice.status).filter((a) => a !== 'void' || invoice.creditNotes.length === 0), 'duplicate' as const]}
      actionLabels={INVOICE_ACTION_LABELS}
      actionIcons={ACTION_ICONS}
      editLabel={editLabelFor(invoice.status)}
      canDelete={INVOICE_DELETABLE_STATUSES.includes(invoice.status)}
      renderHistory={() => (
        <HistoryTimeline queryKey={invoiceHistoryKey(invoice.id)} load={() => getInvoiceHistory(invoice.id)} label={`History of ${invoice.invoiceNumber}`} />
      )}
      email={invoice.status === 'VOID' ? undefined : { kind: 'invoice', id: invoice.id, number: invoice.invoiceNumber }}
      {...handlers}
    >
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">Subtotal</dt>
          <dd className="font-medium">{formatMoney(invoice.subtotal, currencySymbol)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Tax ({invoice.tax}%)</dt>
          <dd className="font-medium">{formatMoney(invoice.taxAmount, currencySymbol)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Total</dt>
          <dd className="font-semibold text-slate-900">{formatMoney(invoice.total, currencySymbol)}</dd>
        </div>
        {invoice.status !== 'DRAFT' && invoice.status !== 'VOID' && (
          <>
            <div>
              <dt className="text-slate-500">Paid</dt>
              <dd className="font-medium">{formatMoney(invoice.amountPaid, currencySymbol)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Credited</dt>
              <dd className="font-medium">{formatMoney(invoice.amountCredited, currencySymbol)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Balance due</dt>
              <dd className="font-semibold text-slate-900">{formatMoney(invoice.balanceDue, currencySymbol)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Credit notes</dt>
              <dd className="break-words font-medium">{invoice.creditNotes.map((n) => n.creditNoteNumber).join(', ') || 'None'}</dd>
            </div>
          </>
        )}
      </dl>
      {invoice.payments.length > 0 && (
        <div className="text-sm">
          <h3 className="font-medium text-slate-700">Payments</h3>
          <ul className="mt-1 divide-y divide-slate-100" aria-label={`Payments on ${invoice.invoiceNumber}`}>
            {invoice.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
                <span>
                  <time dateTime={p.date}>{formatDate(p.date)}</time> · {PAYMENT_METHOD_LABELS[p.method]}
                  {p.reference ? ` · ${p.reference}` : ''}
                </span>
                <span className="flex items-center gap-2">
                  <span className="font-medium">{formatMoney(p.amount, currencySymbol)}</span>
                  {onRemovePayment && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => onRemovePayment(p.id)}
                      aria-label={`Remove payment of ${formatMoney(p.amount, currencySymbol)} on ${formatDate(p.date)}`}
                    >
                      Remove
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {invoice.status === 'VOID' && invoice.voidReason && <p className="break-words text-sm text-slate-600">Void: {invoice.voidReason}</p>}
    </DocumentCard>
  );
}
