import { useWatch, type Control } from 'react-hook-form';
import { formatPence } from '@docket/schemas/money';
import { computeTotalsFromPounds } from '@docket/schemas/totals';
import type { TDocumentFormValues, TDocumentSubmit } from './document-form-values';

/** The live Subtotal / Tax (rate) / Total summary, computed by the shared totals function. */
export function DocumentTotals({ control, currencySymbol }: { control: Control<TDocumentFormValues, unknown, TDocumentSubmit>; currencySymbol: string }) {
  const lineItems = useWatch({ control, name: 'lineItems' });
  const tax = useWatch({ control, name: 'tax' });
  const totals = computeTotalsFromPounds(lineItems ?? [], tax);
  const rate = typeof tax === 'number' && Number.isFinite(tax) && tax >= 0 ? tax : 0;
  return (
    <dl aria-live="polite" className="ml-auto w-full max-w-xs space-y-1 text-sm" data-testid="document-totals">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">Subtotal</dt>
        <dd>{formatPence(totals.subtotal, currencySymbol)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">Tax ({rate}%)</dt>
        <dd>{formatPence(totals.taxAmount, currencySymbol)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-semibold">
        <dt>Total</dt>
        <dd>{formatPence(totals.total, currencySymbol)}</dd>
      </div>
    </dl>
  );
}
