import { useWatch, type Control } from 'react-hook-form';
import { formatPence } from '@docket/schemas/money';
import { computeTotalsFromPounds } from '@docket/schemas/totals';
import { VAT_MESSAGES, VAT_RATES } from '@docket/schemas/vat';
import { EINVOICE_MESSAGES } from '@docket/schemas/data-transfer';
import type { TDocumentFormValues, TDocumentSubmit } from './document-form-values';

const percent = (bp: number) => `${bp / 100}%`;

/**
 * The live summary, computed by the shared totals function: subtotal, VAT per rate (one line
 * when the lines carry no VAT of their own, as before), the total, the CIS deduction and amount
 * due, and reverse-charge VAT outside the total.
 */
export function DocumentTotals({
  control,
  currencySymbol,
  cisRateOf,
  vatRegistered = true,
  keptLines = [],
}: {
  control: Control<TDocumentFormValues, unknown, TDocumentSubmit>;
  currencySymbol: string;
  /** the CIS rate an invoice to this client deducts, or null (quotes: never) */
  cisRateOf?: (clientId: string) => number | null;
  /** false when the company has no VAT number: charging VAT shows a warning */
  vatRegistered?: boolean;
  /** lines the document carries that the form does not edit (a final's deductions) */
  keptLines?: TDocumentFormValues['lineItems'];
}) {
  const lineItems = useWatch({ control, name: 'lineItems' });
  const tax = useWatch({ control, name: 'tax' });
  const clientId = useWatch({ control, name: 'clientId' });
  const totals = computeTotalsFromPounds(lineItems ?? [], tax, { cisRatePercent: cisRateOf?.(clientId) ?? null, keptLines });
  const rate = typeof tax === 'number' && Number.isFinite(tax) && tax >= 0 ? tax : 0;
  const money = (pence: number) => formatPence(pence, currencySymbol);
  const perLine = (lineItems ?? []).some((l) => l.vat);
  const charged = totals.vatBreakdown.filter((g) => !g.reverseCharge);
  const rc = totals.vatBreakdown.filter((g) => g.reverseCharge);
  // EN 16931 allows outside the scope of VAT only on a document that is all outside the scope:
  // said before issue, since its UBL and Factur-X will be refused (docs/data-transfer.md).
  const outsideScopeMixed = totals.vatBreakdown.length > 1 && totals.vatBreakdown.some((g) => g.vat === 'OUTSIDE_SCOPE');
  return (
    <div className="ml-auto w-full max-w-sm space-y-2">
      {!vatRegistered && totals.taxAmount > 0 && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
          {VAT_MESSAGES.notRegistered}
        </p>
      )}
      {outsideScopeMixed && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" data-testid="outside-scope-mixed">
          {EINVOICE_MESSAGES.outsideScopeMixedWarning}
        </p>
      )}
      <dl aria-live="polite" className="space-y-1 text-sm" data-testid="document-totals">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Subtotal</dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        {perLine ? (
          charged.map((g) => (
            <div key={g.vat ?? 'custom'} className="flex justify-between gap-4">
              <dt className="text-slate-600">
                VAT {g.vat ? VAT_RATES[g.vat].label : percent(g.rateBp)} on {money(g.net)}
              </dt>
              <dd>{money(g.vatAmount)}</dd>
            </div>
          ))
        ) : (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Tax ({rate}%)</dt>
            <dd>{money(totals.taxAmount)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-semibold">
          <dt>Total</dt>
          <dd>{money(totals.total)}</dd>
        </div>
        {totals.cis && (
          <>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">
                CIS deduction ({percent(totals.cis.rateBp)} of labour {money(totals.cis.labourNet)})
              </dt>
              <dd>−{money(totals.cis.deduction)}</dd>
            </div>
            <div className="flex justify-between gap-4 font-semibold">
              <dt>Amount due</dt>
              <dd>{money(totals.amountDue)}</dd>
            </div>
          </>
        )}
        {rc.map((g) => (
          <div key={g.vat} className="flex justify-between gap-4 text-xs text-slate-500">
            <dt>
              Reverse charge VAT {percent(g.rateBp)} on {money(g.net)} (customer pays HMRC, not in total)
            </dt>
            <dd>{money(g.vatAmount)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
