import type { TLineItemAnswer } from '@docket/schemas/document';
import { formatPence } from '@docket/schemas/money';
import { computeTotalsFromPounds } from '@docket/schemas/totals';
import { VAT_RATES } from '@docket/schemas/vat';

const quantity = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

/**
 * A document's lines as its PDF prints them: description, quantity x unit price, VAT, net amount.
 * A line priced below zero (a final invoice's "Less deposit INV0001") reads as a deduction.
 */
export function DocumentLines({ lines, tax, symbol, negate = false }: { lines: readonly TLineItemAnswer[]; tax: number; symbol: string; negate?: boolean }) {
  const amounts = computeTotalsFromPounds(
    lines.map((l) => ({ ...l, unitPrice: Math.abs(l.unitPrice) })),
    tax,
  ).lineAmounts;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Lines">
      {lines.map((l, i) => {
        const deduction = l.unitPrice < 0;
        const pence = (amounts[i] ?? 0) * (deduction !== negate ? -1 : 1);
        return (
          <li key={i} className="flex items-start justify-between gap-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">
                {l.description}
                {deduction && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">Deduction</span>}
              </p>
              <p className="text-slate-600">
                {quantity.format(l.quantity)}
                {l.unit ? ` ${l.unit}` : ''} × {formatPence(Math.round(Math.abs(l.unitPrice) * 100), symbol)}
                {' · VAT '}
                {l.vat ? VAT_RATES[l.vat].label : `${tax}%`}
                {l.kind === 'MATERIALS' ? ' · Materials' : ''}
                {l.discountPercent ? ` · less ${l.discountPercent}% discount` : ''}
              </p>
            </div>
            <p className="whitespace-nowrap font-medium tabular-nums text-slate-900">{formatPence(pence, symbol).replace('-', '\u2212')}</p>
          </li>
        );
      })}
    </ul>
  );
}
