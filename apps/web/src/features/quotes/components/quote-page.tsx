import { invoiceNumberLabel } from '@docket/schemas/document';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { TQuote } from '@docket/schemas/document';
import { plainFigures } from '@docket/schemas/document-figures';
import { QUOTE_LOCKED_STATUSES, quoteActionsFor } from '@docket/schemas/lifecycle';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { useClients } from '@/lib/queries/clients-list';
import { useCompanyProfile } from '@/lib/queries/company-profile';
import { useRole } from '@/lib/role';
import { useItems } from '@/lib/queries/items-list';
import { toastError, toastSuccess } from '@/lib/toast';
import { DocumentFiguresView } from '@/components/documents/document-figures-view';
import { DocumentLines } from '@/components/documents/document-lines';
import { DocumentPageFrame, PageSection } from '@/components/documents/document-page-frame';
import { DocumentDownloads } from '@/components/documents/document-downloads';
import { DocumentForm } from '@/components/documents/document-form';
import { defaultTax } from '@/components/documents/document-form-values';
import { HistoryTimeline } from '@/components/documents/history-timeline';
import { LinkedDocuments } from '@/components/documents/linked-documents';
import { ShareLinkDialog } from '@/components/share-link-dialog';
import { DeliveryStatus } from '@/components/documents/email/delivery-status';
import { EmailDialog } from '@/components/documents/email/email-dialog';
import { openPdfPreview } from '@/components/documents/open-pdf-preview';
import { ActionsMenu, type TMenuAction } from '@/components/ui/actions-menu';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/page-spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { Spinner } from '@/components/ui/spinner';
import { useQuote } from '../api/get-quote';
import { getQuoteHistory, quoteHistoryKey } from '../api/get-quote-history';
import { useDeleteQuote } from '../api/delete-quote';
import { revokeQuoteLink } from '../api/revoke-quote-link';
import { shareQuote } from '../api/share-quote';
import { useUpdateQuote } from '../api/update-quote';
import { useQuoteActions } from '../hooks/use-quote-actions';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';
import { InvoiceQuoteDialog } from './invoice-quote-dialog';
import { QuoteAcceptance } from './quote-acceptance';
import { QuoteDepositDialog, QuoteDepositLine } from './quote-deposit';
import { QUOTE_ACTION_LABELS } from './quote-actions';

type Dialog = 'email' | 'share' | 'invoice' | 'delete' | 'deposit' | null;
const TYPE_WORDS = { FULL: 'Invoice', DEPOSIT: 'Deposit', STAGE: 'Stage', FINAL: 'Final' } as const;

/** /quotes/:id (docs/product.md, "Document pages"). */
export function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  if (quote.isPending) return <PageSpinner />;
  if (quote.isError) return <LoadError message={errorMessage(quote.error, 'Failed to load the quote')} onRetry={() => void quote.refetch()} />;
  return <QuoteView quote={quote.data} />;
}

function QuoteView({ quote }: { quote: TQuote }) {
  const navigate = useNavigate();
  const company = useCompanyProfile();
  const symbol = company.data?.currencySymbol || '£';
  const [dialog, setDialog] = useState<Dialog>(null);
  const [editing, setEditing] = useState(false);
  const actions = useQuoteActions();
  const { can } = useRole();
  const invalidate = useInvalidateQuoteData();
  const remove = useDeleteQuote();
  const close = () => setDialog(null);
  const figures = plainFigures('quote', quote, symbol, company.data?.reverseChargeWording);
  const status = quote.status;
  const fullyInvoiced = quote.invoices.length > 0 && quote.remainingAmount === 0;
  const offered = quoteActionsFor(status).filter((a) => !(a === 'convert' && fullyInvoiced));

  const primary =
    status === 'DRAFT'
      ? { label: 'Send by email', run: () => setDialog('email') }
      : status === 'SENT'
        ? { label: 'Share link', run: () => setDialog('share') }
        : status === 'APPROVED' && offered.includes('convert')
          ? { label: quote.invoices.length ? 'Invoice the rest' : 'Create invoice', run: () => setDialog('invoice') }
          : { label: 'Open PDF', run: () => void openPdfPreview(`/quotes/${quote.id}/preview`) };

  const menu: TMenuAction[] = [];
  if (!QUOTE_LOCKED_STATUSES.includes(status)) menu.push({ label: 'Edit', onSelect: () => setEditing(true) });
  if ((status === 'DRAFT' || status === 'SENT') && can('write')) menu.push({ label: 'Deposit on acceptance…', onSelect: () => setDialog('deposit') });
  if (status !== 'DRAFT') menu.push({ label: 'Email', onSelect: () => setDialog('email') });
  if (primary.label !== 'Share link') menu.push({ label: 'Share link', onSelect: () => setDialog('share') });
  for (const a of offered) {
    if (a === 'convert') {
      if (primary.label === 'Open PDF') menu.push({ label: 'Create invoice', onSelect: () => setDialog('invoice') });
      continue;
    }
    const label = a === 'approve' ? 'Mark accepted' : a === 'decline' ? 'Mark declined' : QUOTE_ACTION_LABELS[a];
    menu.push({ label, onSelect: () => void actions.run(a, quote), disabled: actions.pendingId === quote.id });
  }
  menu.push({ label: 'Duplicate', onSelect: () => void actions.run('duplicate', quote) });
  if (quote.invoices.length === 0) menu.push({ label: 'Delete', onSelect: () => setDialog('delete'), danger: true });

  const confirmDelete = async () => {
    close();
    try {
      await remove.mutateAsync(quote.id);
      toastSuccess('Quote deleted successfully');
      void navigate('/quotes');
    } catch (error) {
      toastError(errorMessage(error, 'Failed to delete quote'));
    }
  };

  return (
    <>
      <DocumentPageFrame
        back={{ to: '/quotes', label: 'Quotes' }}
        kindLabel="Quote"
        number={quote.quoteNumber}
        status={<StatusBadge status={status} />}
        client={quote.client}
        meta={
          <>
            Created <time dateTime={quote.createdAt}>{formatDate(quote.createdAt)}</time>
          </>
        }
        headline={
          quote.invoices.length
            ? { label: `Invoiced ${formatMoney(quote.invoicedAmount, symbol)} of`, text: formatMoney(quote.total, symbol) }
            : { label: 'Total', text: formatMoney(quote.total, symbol) }
        }
        actions={
          <>
            <Button onClick={primary.run} disabled={actions.pendingId === quote.id}>
              {primary.label}
            </Button>
            <ActionsMenu actions={menu} />
          </>
        }
        editor={editing ? <QuoteEditor quote={quote} onDone={() => setEditing(false)} /> : undefined}
        document={
          <>
            {quote.siteAddress && <p className="mb-2 text-sm text-slate-600">Site address: {quote.siteAddress}</p>}
            <DocumentLines lines={quote.lineItems} tax={quote.tax} symbol={symbol} />
            <div className="mt-4 border-t border-slate-200 pt-4">
              <DocumentFiguresView figures={figures} />
            </div>
            <QuoteDepositLine quote={quote} symbol={symbol} />
            {status === 'APPROVED' && (
              <div className="mt-4">
                <QuoteAcceptance quoteId={quote.id} />
              </div>
            )}
          </>
        }
        aside={
          <>
            <PageSection title="Activity">
              <div className="mb-3">
                <DeliveryStatus documentId={quote.id} />
              </div>
              <HistoryTimeline queryKey={quoteHistoryKey(quote.id)} load={() => getQuoteHistory(quote.id)} label={`History of ${quote.quoteNumber}`} />
            </PageSection>
            <LinkedDocuments
              links={quote.invoices.map((inv) => ({
                to: `/invoices/${inv.id}`,
                label: invoiceNumberLabel(inv.invoiceNumber),
                detail: `${TYPE_WORDS[inv.type]} · ${formatMoney(inv.total, symbol)} · ${inv.status}`,
              }))}
            />
            <PageSection title="Files">
              <DocumentDownloads
                basePath={`/quotes/${quote.id}`}
                number={quote.quoteNumber}
                einvoice={{ ubl: false, facturx: false }}
                withOpen={primary.label !== 'Open PDF'}
              />
            </PageSection>
          </>
        }
      />
      <EmailDialog target={dialog === 'email' ? { kind: 'quote', id: quote.id, number: quote.quoteNumber } : null} onClose={close} />
      <InvoiceQuoteDialog quote={dialog === 'invoice' ? quote : null} currencySymbol={symbol} onClose={close} />
      <QuoteDepositDialog quote={dialog === 'deposit' ? quote : null} symbol={symbol} onClose={close} />
      <ShareLinkDialog
        shares={dialog === 'share' ? { kind: 'document', number: quote.quoteNumber, isDraft: status === 'DRAFT' } : null}
        onClose={close}
        create={async () => {
          const link = await shareQuote(quote.id);
          void invalidate();
          return link;
        }}
        revoke={async () => {
          await revokeQuoteLink(quote.id);
          void invalidate();
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && close()}
        description="Are you sure you want to delete this quote?"
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}

function QuoteEditor({ quote, onDone }: { quote: TQuote; onDone: () => void }) {
  const clients = useClients();
  const items = useItems();
  const company = useCompanyProfile();
  const update = useUpdateQuote();
  // The client select needs its options before it takes the document's client.
  if (clients.isPending || items.isPending) return <Spinner label="Loading the form" />;
  return (
    <div className="mb-6">
      <DocumentForm
        kind="quote"
        title={`Edit ${quote.quoteNumber}`}
        submitLabel="Update Quote"
        defaultValues={{
          clientId: quote.clientId,
          tax: quote.tax ?? defaultTax(company.data?.defaultTaxRate),
          siteAddress: quote.siteAddress ?? '',
          lineItems: quote.lineItems.map((l) => ({ ...l })),
        }}
        clients={clients.data ?? []}
        items={items.data ?? []}
        currencySymbol={company.data?.currencySymbol || '£'}
        vatRegistered={!company.data || Boolean(company.data.vatNumber)}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync({
              id: quote.id,
              body: { clientId: values.clientId, lineItems: values.lineItems, tax: values.tax, siteAddress: values.siteAddress ?? null },
            });
            toastSuccess('Quote updated successfully');
            onDone();
          } catch (error) {
            toastError(errorMessage(error, 'Failed to save quote'));
          }
        }}
        onCancel={onDone}
      />
    </div>
  );
}
