import { ReceiptText } from 'lucide-react';
import { cn } from '@/lib/cn';
import { pagedRows } from '@/lib/paged-list';
import { useCurrencySymbol } from '@/lib/queries/company-profile';
import { useErrorToast } from '@/lib/use-error-toast';
import { useListFilters } from '@/lib/use-list-filters';
import { ListFilters } from '@/components/lists/list-filters';
import { LoadMore } from '@/components/lists/load-more';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreditNotesPages } from '../api/get-credit-notes-page';
import { CreditNoteRow } from './credit-note-row';
import { useMediaQuery, WIDE_SCREEN } from '@/lib/use-media-query';

/** Every credit note, newest first, searchable and paged. Credit notes are made from an invoice card. */
export function CreditNotesScreen() {
  const listFilters = useListFilters();
  const notes = useCreditNotesPages(listFilters.filters);
  const list = pagedRows(notes.data);
  const currencySymbol = useCurrencySymbol();
  useErrorToast(notes.error, 'Failed to load credit notes');
  const compact = useMediaQuery(WIDE_SCREEN);

  return (
    <div>
      <PageHeader title="Credit notes" subtitle="Corrections to issued invoices. Create one from an invoice." />
      <ListFilters search={listFilters.search} onSearchChange={listFilters.setSearch} searchPlaceholder="Number, invoice, client or reason" />
      {notes.isPending ? (
        <div className="space-y-4" aria-busy="true" aria-label="Loading credit notes">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : notes.isError && !notes.data ? (
        <LoadError message="Failed to load credit notes" onRetry={() => void notes.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<ReceiptText className="h-10 w-10" />}
          message={listFilters.filtered ? 'No credit notes match your search.' : 'No credit notes yet. Credit an issued invoice from its page.'}
        />
      ) : (
        <>
          <ul
            className={cn(
              compact ? 'divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white' : 'space-y-3',
              notes.isPlaceholderData && 'opacity-60 transition-opacity',
            )}
            aria-label="Credit notes"
            aria-busy={notes.isPlaceholderData || undefined}
          >
            {list.map((note) => (
              <li key={note.id}>
                <CreditNoteRow note={note} currencySymbol={currencySymbol} compact={compact} />
              </li>
            ))}
          </ul>
          <LoadMore query={notes} noun="credit notes" />
        </>
      )}
    </div>
  );
}
