import { useState } from 'react';
import type { TVatScheme } from '@docket/schemas/vat';
import { useCurrencySymbol } from '@/lib/queries/company-profile';
import { formatMoney } from '@/lib/format';
import { toastError } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfitAndLoss } from '../api/get-profit-and-loss';
import { downloadReportCsv } from '../api/download-report-csv';
import { incomeTaxPresets } from './income-tax-periods';

const CUSTOM = -1;

/** Profit and loss by HMRC expense heading for an Income Tax period or any dates (docs/product.md, "Profit and loss"). */
export function ProfitAndLossSection() {
  const { presets, current } = incomeTaxPresets();
  const [period, setPeriod] = useState(current);
  const [custom, setCustom] = useState({ from: presets[current]![1], to: presets[current]![2] });
  const [basis, setBasis] = useState<TVatScheme | ''>('');
  const [from, to] = period === CUSTOM ? [custom.from, custom.to] : [presets[period]![1], presets[period]![2]];
  const badRange = !from || !to || from > to;
  const report = useProfitAndLoss(from, to, basis || undefined);
  const symbol = useCurrencySymbol();
  const money = (v: number) => formatMoney(v, symbol);
  const download = () =>
    void downloadReportCsv('/reports/profit-and-loss', { from, to, ...(basis ? { basis } : {}) }, `profit-and-loss-${from}-to-${to}.csv`).catch(() =>
      toastError('Failed to download the CSV'),
    );
  return (
    <section aria-labelledby="pnl-heading" className="mt-8 space-y-4">
      <h2 id="pnl-heading" className="text-lg font-semibold">
        Profit and loss
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <FormField label="Period" className="w-full sm:w-auto">
          <Select value={period} onChange={(e) => setPeriod(Number(e.target.value))}>
            {presets.map(([label], i) => (
              <option key={label} value={i}>
                {label}
              </option>
            ))}
            <option value={CUSTOM}>Other dates…</option>
          </Select>
        </FormField>
        {period === CUSTOM && (
          <>
            <FormField label="From" error={badRange ? 'From must be on or before To' : undefined}>
              <Input type="date" value={custom.from} onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))} />
            </FormField>
            <FormField label="To">
              <Input type="date" value={custom.to} onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))} />
            </FormField>
          </>
        )}
        <FormField label="Income counted">
          <Select value={basis} onChange={(e) => setBasis(e.target.value as TVatScheme | '')}>
            <option value="">As my VAT scheme</option>
            <option value="invoice">When invoiced</option>
            <option value="cash">When paid</option>
          </Select>
        </FormField>
        <Button variant="outline" disabled={badRange} onClick={download}>
          Download profit and loss CSV
        </Button>
      </div>
      {badRange ? null : report.isPending ? (
        <Skeleton className="h-40" />
      ) : report.isError ? (
        <p role="alert">Failed to load the profit and loss</p>
      ) : (
        <Card className="overflow-x-auto p-4" data-testid="profit-and-loss" role="region" aria-label="Profit and loss figures" tabIndex={0}>
          <table className="w-full text-sm">
            <caption className="pb-2 text-left text-slate-600">
              Income net of VAT, {report.data.basis === 'cash' ? 'when paid' : 'when invoiced'}; expenses{' '}
              {report.data.vatRegistered ? 'net of reclaimable VAT' : 'including VAT'}
            </caption>
            <tbody>
              <tr>
                <th scope="row" className="py-1 text-left font-medium">
                  Sales
                </th>
                <td className="text-right tabular-nums">{money(report.data.income.sales)}</td>
              </tr>
              <tr>
                <th scope="row" className="py-1 text-left font-medium">
                  Credit notes
                </th>
                <td className="text-right tabular-nums">{money(report.data.income.creditNotes)}</td>
              </tr>
              <tr className="border-t border-slate-200">
                <th scope="row" className="py-1 text-left font-semibold">
                  Income
                </th>
                <td className="text-right font-semibold tabular-nums" data-testid="pnl-income">
                  {money(report.data.income.total)}
                </td>
              </tr>
              {report.data.expenses.length === 0 && (
                <tr>
                  <td colSpan={2} className="py-2 text-slate-500">
                    No expenses in this period.
                  </td>
                </tr>
              )}
              {report.data.expenses.map((e) => (
                <tr key={e.category} className="border-t border-slate-100">
                  <th scope="row" className="py-1 text-left font-normal">
                    {e.name}
                    {!e.allowable && <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-800">not allowable</span>}
                  </th>
                  <td className="text-right tabular-nums">{money(-e.amount)}</td>
                </tr>
              ))}
              <tr className="border-t border-slate-200">
                <th scope="row" className="py-1 text-left font-medium">
                  Allowable expenses
                </th>
                <td className="text-right tabular-nums">{money(report.data.allowableExpenses)}</td>
              </tr>
              <tr>
                <th scope="row" className="py-1 text-left font-semibold">
                  Net profit
                </th>
                <td className="text-right font-semibold tabular-nums" data-testid="pnl-net-profit">
                  {money(report.data.netProfit)}
                </td>
              </tr>
              <tr>
                <th scope="row" className="py-1 text-left font-semibold">
                  Taxable profit (allowable expenses only)
                </th>
                <td className="text-right font-semibold tabular-nums" data-testid="pnl-taxable-profit">
                  {money(report.data.taxableProfit)}
                </td>
              </tr>
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}
