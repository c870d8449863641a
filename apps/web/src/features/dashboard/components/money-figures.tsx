import { Link } from 'react-router-dom';
import { AGED_BUCKETS, AGED_BUCKET_LABELS } from '@docket/schemas/reports';
import type { TDashboard } from '@docket/schemas/dashboard';
import { formatMoney } from '@/lib/format';
import { Card } from '@/components/ui/card';

/** Below the four cards: overdue, received this month and Outstanding by age (docs/product.md, "Dashboard"). */
export function MoneyFigures({ data, currencySymbol }: { data: TDashboard; currencySymbol: string }) {
  return (
    <Card className="p-4 sm:p-5">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-500">Overdue</dt>
          <dd className="text-xl font-bold text-red-700">{formatMoney(data.overdueAmount, currencySymbol)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-500">Received this month</dt>
          <dd className="text-xl font-bold text-slate-900">{formatMoney(data.receivedThisMonth, currencySymbol)}</dd>
        </div>
      </dl>
      <h2 className="mt-4 text-sm font-semibold text-slate-700">
        Outstanding by age{' '}
        <Link to="/reports" className="font-normal text-brand-700 underline">
          Aged debtors
        </Link>
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" aria-label="Outstanding by age">
        {AGED_BUCKETS.map((b) => (
          <div key={b}>
            <dt className="text-slate-500">{AGED_BUCKET_LABELS[b]}</dt>
            <dd className="font-medium">{formatMoney(data.aged[b], currencySymbol)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
