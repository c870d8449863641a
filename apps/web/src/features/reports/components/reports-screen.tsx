import { Link } from 'react-router-dom';
import { AGED_BUCKETS, AGED_BUCKET_LABELS } from '@docket/schemas/reports';
import { useCurrencySymbol } from '@/lib/queries/company-profile';
import { formatDate, formatMoney } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAgedDebtors } from '../api/get-aged-debtors';
import { VatReportSection } from './vat-report-section';
import { ProfitAndLossSection } from './profit-and-loss-section';
import { CisSection } from './cis-section';

/** Aged debtors: who owes what, by days past due (docs/product.md, "Aged debtors"). */
export function ReportsScreen() {
  const report = useAgedDebtors();
  const symbol = useCurrencySymbol();
  useErrorToast(report.error, 'Failed to load aged debtors');
  const money = (v: number) => formatMoney(v, symbol);
  return (
    <div>
      <PageHeader title="Reports" subtitle="Aged debtors: balances due by days past due" />
      {report.isPending ? (
        <Skeleton className="h-64" />
      ) : report.isError ? (
        <LoadError message="Failed to load aged debtors" onRetry={() => void report.refetch()} />
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full min-w-[720px] text-sm">
            <caption className="p-4 text-left font-semibold">Aged debtors as of {formatDate(report.data.asOf)}</caption>
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="p-3">
                  Client
                </th>
                {AGED_BUCKETS.map((b) => (
                  <th key={b} scope="col" className="p-3 text-right">
                    {AGED_BUCKET_LABELS[b]}
                  </th>
                ))}
                <th scope="col" className="p-3 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {report.data.rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="p-4 text-slate-500">
                    Nobody owes you anything right now.
                  </td>
                </tr>
              )}
              {report.data.rows.map((r) => (
                <tr key={r.clientId} className="border-t border-slate-100">
                  <th scope="row" className="p-3 text-left font-medium">
                    <Link to={`/clients/${r.clientId}`} className="text-brand-700 underline">
                      {r.clientName}
                    </Link>
                  </th>
                  {AGED_BUCKETS.map((b) => (
                    <td key={b} className="p-3 text-right tabular-nums">
                      {money(r[b])}
                    </td>
                  ))}
                  <td className="p-3 text-right font-semibold tabular-nums">{money(r.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-200 font-semibold">
              <tr>
                <th scope="row" className="p-3 text-left">
                  Totals
                </th>
                {AGED_BUCKETS.map((b) => (
                  <td key={b} className="p-3 text-right tabular-nums">
                    {money(report.data.totals[b])}
                  </td>
                ))}
                <td className="p-3 text-right tabular-nums">{money(report.data.totals.total)}</td>
              </tr>
            </tfoot>
          </table>
        </Card>
      )}
      <VatReportSection />
      <ProfitAndLossSection />
      <CisSection />
    </div>
  );
}
