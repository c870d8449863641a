import { CheckCircle2, Send, type LucideIcon } from 'lucide-react';
import type { TInvoice } from '@docket/schemas/document';
import { formatDate, formatMoney } from '@/lib/format';
import { DocumentCard, type TDocumentCardHandlers } from '@/components/documents/document-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { invoiceActionsFor } from '@docket/schemas/lifecycle';
import { INVOICE_ACTION_LABELS, type TInvoiceAction } from './invoice-actions';

const ACTION_ICONS: Record<TInvoiceAction, LucideIcon> = { send: Send, pay: CheckCircle2 };

interface InvoiceCardProps extends TDocumentCardHandlers<TInvoiceAction> {
  invoice: TInvoice;
  currencySymbol: string;
}

/** One invoice: number, status badge with icon, client, due date, subtotal, tax and total, and its actions. */
export function InvoiceCard({ invoice, currencySymbol, ...handlers }: InvoiceCardProps) {
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
      aside={<StatusBadge status={invoice.status} />}
      summary={
        <div className="flex items-center justify-end gap-3">
          <StatusBadge status={invoice.status} />
          <div className="text-right leading-tight">
            <p className="whitespace-nowrap text-sm font-semibold text-slate-900">
              <span className="sr-only">Total </span>
              {formatMoney(invoice.total, currencySymbol)}
            </p>
            <p className="whitespace-nowrap text-xs text-slate-500">
              {formatMoney(invoice.subtotal, currencySymbol)} + VAT ({invoice.tax}%) {formatMoney(invoice.taxAmount, currencySymbol)}
            </p>
          </div>
        </div>
      }
      actions={invoiceActionsFor(invoice.status)}
      actionLabels={INVOICE_ACTION_LABELS}
      actionIcons={ACTION_ICONS}
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
      </dl>
    </DocumentCard>
  );
}
