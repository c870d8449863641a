import type { TQuote } from '@docket/schemas/document';
import { formatMoney } from '@/lib/format';
import { Dialog, DialogContent } from '@/components/ui/dialog';

interface FromQuoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Approved quotes only. */
  quotes: TQuote[];
  currencySymbol: string;
  onChoose: (quote: TQuote) => void;
}

/** 'Create Event from Quote': pick an approved quote to prefill a follow-up. */
export function FromQuoteDialog({ open, onOpenChange, quotes, currencySymbol, onChoose }: FromQuoteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Create Event from Quote" description="Select an approved quote to create a follow-up event">
        {quotes.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">No approved quotes found</p>
        ) : (
          <ul className="max-h-[15rem] space-y-2 overflow-y-auto pr-1" aria-label="Approved quotes">
            {quotes.map((quote) => (
              <li key={quote.id}>
                <button
                  type="button"
                  onClick={() => onChoose(quote)}
                  className="w-full rounded-md border border-slate-200 p-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-medium text-slate-900">{quote.quoteNumber}</span>
                    <span className="font-semibold">{formatMoney(quote.total, currencySymbol)}</span>
                  </span>
                  <span className="block break-words text-sm text-slate-600">{quote.client?.name}</span>
                  <span className="block text-xs text-slate-500">Status: {quote.status}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
