import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiabilities, usePayments } from '../api/mtd';
import { periodLabel } from './obligation-label';

/** The last 365 days (HMRC's widest range), to today as HMRC counts it. */
export function lastYear(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** What HMRC has on record: amounts owed (its "liabilities") and payments it received. */
export function HmrcAccount() {
  const range = lastYear();
  const liabilities = useLiabilities(range, true);
  const payments = usePayments(range, true);
  return (
    <section aria-labelledby="hmrc-account-heading" className="mb-6">
      <h2 id="hmrc-account-heading" className="mb-1 text-lg font-semibold">
        HMRC account
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        From HMRC’s records, {formatDate(range.from)} to {formatDate(range.to)}.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 font-medium">VAT owed</h3>
          {liabilities.isPending ? (
            <Skeleton className="h-16" />
          ) : liabilities.isError ? (
            <p role="alert" className="text-sm">
              {errorMessage(liabilities.error, 'Could not read what HMRC says is owed')}
            </p>
          ) : liabilities.data.liabilities.length === 0 ? (
            <p className="text-sm">{liabilities.data.message}</p>
          ) : (
            <ul aria-label="VAT owed" className="space-y-2">
              {liabilities.data.liabilities.map((l, i) => (
                <li key={`${l.taxPeriod?.from ?? ''}-${l.type}-${i}`} className="rounded border border-slate-200 p-3 text-sm">
                  <p className="font-medium">
                    {l.taxPeriod ? periodLabel({ start: l.taxPeriod.from, end: l.taxPeriod.to }) : l.type}
                    {l.due ? `: due ${formatDate(l.due)}` : ''}
                  </p>
                  <p className="text-slate-600">{l.type}</p>
                  <p className="flex flex-wrap justify-between gap-2 tabular-nums">
                    <span>Charged {formatMoney(l.originalAmount)}</span>
                    {l.outstandingAmount !== undefined && (
                      <span>{l.outstandingAmount === 0 ? 'Paid in full' : `Still to pay ${formatMoney(l.outstandingAmount)}`}</span>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="mb-2 font-medium">Payments HMRC received</h3>
          {payments.isPending ? (
            <Skeleton className="h-16" />
          ) : payments.isError ? (
            <p role="alert" className="text-sm">
              {errorMessage(payments.error, 'Could not read the payments HMRC received')}
            </p>
          ) : payments.data.payments.length === 0 ? (
            <p className="text-sm">{payments.data.message}</p>
          ) : (
            <ul aria-label="Payments HMRC received" className="space-y-2">
              {payments.data.payments.map((p, i) => (
                <li key={`${p.received ?? ''}-${i}`} className="flex flex-wrap justify-between gap-2 rounded border border-slate-200 p-3 text-sm tabular-nums">
                  <span>{p.received ? `Received ${formatDate(p.received)}` : 'Received'}</span>
                  <span>{formatMoney(p.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
