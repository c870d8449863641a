import { QUOTE_STATUSES } from '@docket/schemas/lifecycle';
import type { TQuote } from '@docket/schemas/document';
import { useListFilters } from '@/lib/use-list-filters';
import { emptyLine, type TDocumentFormValues } from '@/components/documents/document-form-values';
import { DocumentsPage, type TDocumentsPageTexts } from '@/components/documents/documents-page';
import { useCreateQuote } from '../api/create-quote';
import { useDeleteQuote } from '../api/delete-quote';
import { useQuotesPages } from '../api/get-quotes-page';
import { previewQuotePdf } from '../api/preview-quote-pdf';
import { useUpdateQuote } from '../api/update-quote';
import { useQuoteActions } from '../hooks/use-quote-actions';
import { QuoteCard } from './quote-card';
import { useState } from 'react';
import { ShareLinkDialog } from '@/components/documents/share-link-dialog';
import { shareQuote } from '../api/share-quote';
import { revokeQuoteLink } from '../api/revoke-quote-link';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';
import { InvoiceQuoteDialog } from './invoice-quote-dialog';
import { useCompanyProfile } from '@/lib/queries/company-profile';

/** The Quotes screen's words and toasts. */
const TEXTS: TDocumentsPageTexts = {
  title: 'Quotes',
  subtitle: 'Create and manage your quotes',
  newButton: 'New Quote',
  createTitle: 'Create New Quote',
  editTitle: 'Edit Quote',
  createSubmit: 'Create Quote',
  updateSubmit: 'Update Quote',
  loading: 'Loading quotes',
  list: 'Quotes',
  empty: 'No quotes found. Create your first quote to get started.',
  filteredEmpty: 'No quotes match your search.',
  noun: 'quotes',
  deleteQuestion: 'Are you sure you want to delete this quote?',
  created: 'Quote created successfully',
  updated: 'Quote updated successfully',
  saveFailed: 'Failed to save quote',
  deleted: 'Quote deleted successfully',
  deleteFailed: 'Failed to delete quote',
};

const SKELETON = { testId: 'quote-skeleton', className: 'h-36 w-full' };

const formValues = (quote: TQuote | null, defaultTaxRate: number): TDocumentFormValues =>
  quote
    ? { clientId: quote.clientId, tax: quote.tax, siteAddress: quote.siteAddress ?? '', lineItems: quote.lineItems.map((l) => ({ ...l })) }
    : { clientId: '', tax: defaultTaxRate, siteAddress: '', lineItems: [emptyLine()] };

/** The Quotes screen (docs/product.md, "Screens"): cards with status actions and an inline create/edit form; paged, searchable list. */
export function QuotesPage() {
  const listFilters = useListFilters();
  const quotes = useQuotesPages(listFilters.filters);
  const createQuote = useCreateQuote();
  const updateQuote = useUpdateQuote();
  const deleteQuote = useDeleteQuote();
  const actions = useQuoteActions();
  const invalidate = useInvalidateQuoteData();
  const [sharing, setSharing] = useState<TQuote | null>(null);
  const [invoicing, setInvoicing] = useState<TQuote | null>(null);
  const currencySymbol = useCompanyProfile().data?.currencySymbol || '£';

  return (
    <>
    <DocumentsPage<TQuote>
      kind="quote"
      texts={TEXTS}
      statuses={QUOTE_STATUSES}
      listFilters={listFilters}
      pages={quotes}
      skeleton={SKELETON}
      formValues={formValues}
      save={(values, quote) => {
        const body = { clientId: values.clientId, lineItems: values.lineItems, tax: values.tax, siteAddress: values.siteAddress ?? null };
        return quote ? updateQuote.mutateAsync({ id: quote.id, body }) : createQuote.mutateAsync(body);
      }}
      remove={(quote) => deleteQuote.mutateAsync(quote.id)}
      renderCard={(quote, wiring) => (
        <QuoteCard
          quote={quote}
          {...wiring}
          busy={actions.pendingId === quote.id}
          onPreview={() => void previewQuotePdf(quote.id)}
          onAction={(action) => (action === 'convert' ? setInvoicing(quote) : void actions.run(action, quote))}
          onShare={() => setSharing(quote)}
        />
      )}
    />
    <ShareLinkDialog
      number={sharing?.quoteNumber ?? null}
      isDraft={sharing?.status === 'DRAFT'}
      onClose={() => setSharing(null)}
      create={async () => {
        const link = await shareQuote(sharing!.id);
        void invalidate();
        return link;
      }}
      revoke={async () => {
        await revokeQuoteLink(sharing!.id);
        void invalidate();
      }}
    />
    <InvoiceQuoteDialog quote={invoicing} currencySymbol={currencySymbol} onClose={() => setInvoicing(null)} />
    </>
  );
}
