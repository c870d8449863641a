import { useState } from 'react';
import { useCurrencySymbol } from '@/lib/queries/company-profile';
import { formatDate, formatMoney } from '@/lib/format';
import { toastError } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useCisReport } from '../api/get-cis-report';
import { downloadReportCsv } from '../api/download-report-csv';
import { cisTaxYears } from './income-tax-periods';

/** CIS deductions suffered in a tax year, per contractor and tax month (docs/product.md, "CIS deductions suffered"). */
export function CisSection() {
  const years = cisTaxYears();
  const [taxYear, setTaxYear] = useState(years[0]!);
  const report = useCisReport(taxYear);
  const symbol = useCurrencySymbol();
  const money = (v: number) => formatMoney(v, symbol);
  const download = () =>
    void downloadReportCsv('/reports/cis', { taxYear: String(taxYear) }, `cis-deductions-${taxYear}-${taxYear + 1}.csv`).catch(() =>
      toastError('Failed to download the CSV'),
    );
  return (
    <section aria-labelledby="cis-heading" className="mt-8 space-y-4">
      <h2 id="cis-heading" className="text-lg font-semibold">
        CIS deductions suffered
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <FormField label="Tax year">
          <Select value={taxYear} onChange={(e) => setTaxYear(Number(e.target.value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {`${y}/${String(y + 1).slice(2)} (6 Apr ${y} to 5 Apr ${y + 1})`}
              </option>
            ))}
          </Select>
        </FormField>
        <Button variant="outline" onClick={download}>
          Download CIS CSV
        </Button>
      </div>
      {report.isPending ? (
        <Skeleton className="h-32" />
      ) : report.isError ? (
        <p role="alert">Failed to load the CIS deductions</p>
      ) : report.data.rows.length === 0 ? (
        <p className="text-sm text-slate-500">No payments from CIS contractors in this tax year.</p>
      ) : (
        <Card className="overflow-x-auto p-0" data-testid="cis-report" role="region" aria-label="CIS deductions by contractor and tax month" tabIndex={0}>
          <table className="w-full min-w-[560px] text-sm">
            <caption className="p-3 text-left text-slate-600">By the tax month each payment was received (6th to 5th)</caption>
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="p-2">
                  Contractor
                </th>
                <th scope="col" className="p-2">
                  Month to
                </th>
                <th scope="col" className="p-2 text-right">
                  Labour
                </th>
                <th scope="col" className="p-2 text-right">
                  Materials
                </th>
                <th scope="col" className="p-2 text-right">
                  CIS deducted
                </th>
              </tr>
            </thead>
            <tbody>
              {report.data.rows.map((r) => (
                <tr key={`${r.clientId}-${r.taxMonth}`} className="border-t border-slate-100">
                  <th scope="row" className="p-2 text-left font-medium">
                    {r.clientName}
                  </th>
                  <td className="p-2">{formatDate(r.monthTo)}</td>
                  <td className="p-2 text-right tabular-nums">{money(r.labour)}</td>
                  <td className="p-2 text-right tabular-nums">{money(r.materials)}</td>
                  <td className="p-2 text-right tabular-nums">{money(r.deducted)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-200 font-semibold">
              <tr>
                <th scope="row" colSpan={2} className="p-2 text-left">
                  Tax year total
                </th>
                <td className="p-2 text-right tabular-nums">{money(report.data.totals.labour)}</td>
                <td className="p-2 text-right tabular-nums">{money(report.data.totals.materials)}</td>
                <td className="p-2 text-right tabular-nums" data-testid="cis-total-deducted">
                  {money(report.data.totals.deducted)}
                </td>
              </tr>
            </tfoot>
          </table>
        </Card>
      )}
    </section>
  );
}
