import { useState } from 'react';
import type { TCompany } from '@docket/schemas/company';
import { NUMBER_PAD } from '@docket/schemas/constants';
import { errorMessage } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useResetInvoiceCounter } from '../api/reset-invoice-counter';
import { useResetQuoteCounter } from '../api/reset-quote-counter';
import { useResetCreditNoteCounter } from '../api/reset-credit-note-counter';
import { SettingsSection } from './settings-section';

const formatNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(NUMBER_PAD, '0')}`;

type Counter = 'quote' | 'invoice' | 'credit note';

/** Number Counters: show the next numbers and reset either counter to 1. */
export function NumberCounters({ company }: { company: TCompany }) {
  const resetQuote = useResetQuoteCounter();
  const resetInvoice = useResetInvoiceCounter();
  const resetCreditNote = useResetCreditNoteCounter();
  const [confirming, setConfirming] = useState<Counter | null>(null);

  async function reset(counter: Counter) {
    setConfirming(null);
    try {
      // Numbers still in use are skipped, so the toast names the number the next document gets.
      if (counter === 'quote') {
        const next = await resetQuote.mutateAsync();
        toastSuccess(
          next.nextQuoteNumber === 1
            ? 'Quote counter reset to 1'
            : `Quote counter reset: next quote is ${formatNumber(next.quoteNumberPrefix, next.nextQuoteNumber)}`,
        );
      } else if (counter === 'invoice') {
        const next = await resetInvoice.mutateAsync();
        toastSuccess(
          next.nextInvoiceNumber === 1
            ? 'Invoice counter reset to 1'
            : `Invoice counter reset: next invoice is ${formatNumber(next.invoiceNumberPrefix, next.nextInvoiceNumber)}`,
        );
      } else {
        const next = await resetCreditNote.mutateAsync();
        toastSuccess(
          next.nextCreditNoteNumber === 1
            ? 'Credit note counter reset to 1'
            : `Credit note counter reset: next credit note is ${formatNumber(next.creditNotePrefix, next.nextCreditNoteNumber)}`,
        );
      }
    } catch (error) {
      toastError(errorMessage(error, `Failed to reset ${counter} counter`));
    }
  }

  return (
    <SettingsSection title="Number Counters" description="Reset a counter to start numbering again from 1. Numbers still in use are skipped.">
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-md border border-slate-200 p-4">
          <p className="text-sm text-slate-600">
            Next quote number: <span className="font-semibold text-slate-900">{formatNumber(company.quoteNumberPrefix, company.nextQuoteNumber)}</span>
          </p>
          <Button variant="outline" size="sm" className="mt-3" disabled={resetQuote.isPending} onClick={() => setConfirming('quote')}>
            Reset Quote Counter
          </Button>
        </div>
        <div className="rounded-md border border-slate-200 p-4">
          <p className="text-sm text-slate-600">
            Next invoice number: <span className="font-semibold text-slate-900">{formatNumber(company.invoiceNumberPrefix, company.nextInvoiceNumber)}</span>
          </p>
          <Button variant="outline" size="sm" className="mt-3" disabled={resetInvoice.isPending} onClick={() => setConfirming('invoice')}>
            Reset Invoice Counter
          </Button>
        </div>
        <div className="rounded-md border border-slate-200 p-4">
          <p className="text-sm text-slate-600">
            Next credit note number:{' '}
            <span className="font-semibold text-slate-900">{formatNumber(company.creditNotePrefix, company.nextCreditNoteNumber)}</span>
          </p>
          <Button variant="outline" size="sm" className="mt-3" disabled={resetCreditNote.isPending} onClick={() => setConfirming('credit note')}>
            Reset Credit Note Counter
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Reset counter"
        confirmLabel="Reset"
        description={`Are you sure you want to reset the ${confirming ?? ''} counter to 1?`}
        onConfirm={() => confirming && void reset(confirming)}
      />
    </SettingsSection>
  );
}
