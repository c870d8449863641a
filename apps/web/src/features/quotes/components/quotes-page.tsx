import { QUOTE_STATUSES } from '@docket/schemas/lifecycle';
import type { TQuote } from '@docket/schemas/document';
import { useListFilters } from '@/lib/use-list-filters';
import { emptyLine, type TDocumentFormValues } from '@/components/documents/document-form-values';
import { DocumentsPage, type TDocumentsPageTexts } from '@/components/documents/documents-page';
import { useCreateQuote } from '../api/create-quote';
import { useQuotesPages } from '../api/get-quotes-page';
import { useUpdateQuote } from '../api/update-quote';
import { QuoteRow } from './quote-row';

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
  created: 'Quote created successfully',
  updated: 'Quote updated successfully',
  saveFailed: 'Failed to save quote',
};

const SKELETON = { testId: 'quote-skeleton', className: 'h-20 w-full' };

const formValues = (quote: TQuote | null, defaultTaxRate: number): TDocumentFormValues =>
  quote
    ? { clientId: quote.clientId, tax: quote.tax, siteAddress: quote.siteAddress ?? '', lineItems: quote.lineItems.map((l) => ({ ...l })) }
    : { clientId: '', tax: defaultTaxRate, siteAddress: '', lineItems: [emptyLine()] };

/** The Quotes screen (docs/product.md, "Document lists"): inline create form, then one row per quote opening its page. */
export function QuotesPage() {
  const listFilters = useListFilters();
  const quotes = useQuotesPages(listFilters.filters);
  const createQuote = useCreateQuote();
  const updateQuote = useUpdateQuote();
  return (
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
      renderRow={(quote, wiring) => <QuoteRow quote={quote} {...wiring} />}
    />
  );
}
