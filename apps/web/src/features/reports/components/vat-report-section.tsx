import { useState } from 'react';
import { Link } from 'react-router-dom';
import { VAT_RATES, type TVatScheme } from '@docket/schemas/vat';
import { useCurrencySymbol } from '@/lib/queries/company-profile';
import { formatMoney } from '@/lib/format';
import { toastError } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useVatReport } from '../api/get-vat-report';
import { downloadVatCsv } from '../api/download-vat-csv';
import { quarterPresets } from './quarter-presets';

/** The VAT return figures for a quarter (docs/product.md, "VAT return figures"). */
export function VatReportSection() {
  const presets = quarterPresets();
  const [period, setPeriod] = useState(0);
  const [basis, setBasis] = useState<TVatScheme | ''>('');
  const [, from, to] = presets[period] ?? presets[0]!;
  const report = useVatReport(from, to, basis || undefined);
  const symbol = useCurrencySymbol();
  const money = (v: number) => formatMoney(v, symbol);
  return (
    <section aria-labelledby="vat-heading" className="mt-8 space-y-4">
      <h2 id="vat-heading" className="text-lg font-semibold">
        VAT return
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <FormField label="Quarter">
          <Select value={period} onChange={(e) => setPeriod(Number(e.target.value))}>
            {presets.map(([label], i) => (
              <option key={label} value={i}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Basis">
          <Select value={basis} onChange={(e) => setBasis(e.target.value as TVatScheme | '')}>
            <option value="">My VAT scheme</option>
            <option value="invoice">Invoice basis</option>
            <option value="cash">Cash basis</option>
          </Select>
        </FormField>
        <Button variant="outline" onClick={() => void downloadVatCsv(from, to, basis || undefined).catch(() => toastError('Failed to download the CSV'))}>
          Download CSV
        </Button>
      </div>
      {report.isPending ? (
        <Skeleton className="h-40" />
      ) : report.isError ? (
        <p role="alert">Failed to load the VAT figures</p>
      ) : (
        <Card className="overflow-x-auto p-4" data-testid="vat-report">
          <dl className="grid max-w-md grid-cols-2 gap-2 text-sm">
            <dt>Box 1 (VAT due on sales)</dt>
            <dd className="text-right font-semibold tabular-nums">{money(report.data.box1)}</dd>
            <dt>Box 3 (total VAT due)</dt>
            <dd className="text-right font-semibold tabular-nums">{money(report.data.box3)}</dd>
            <dt>Box 4 (VAT reclaimed on purchases)</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="vat-box4">
              {money(report.data.box4)}
            </dd>
            <dt>Box 5 ({report.data.box5 < 0 ? 'VAT to reclaim' : 'VAT to pay'})</dt>
            <dd className="text-right font-semibold tabular-nums">{money(Math.abs(report.data.box5))}</dd>
            <dt>Box 6 (sales excluding VAT)</dt>
            <dd className="text-right font-semibold tabular-nums">{money(report.data.box6)}</dd>
            <dt>Box 7 (purchases excluding VAT)</dt>
            <dd className="text-right font-semibold tabular-nums">{money(report.data.box7)}</dd>
            <dt>Reverse charge sales (net)</dt>
            <dd className="text-right tabular-nums">{money(report.data.reverseChargeNet)}</dd>
            <dt>Credit notes (net / VAT)</dt>
            <dd className="text-right tabular-nums">
              {money(report.data.creditNoteAdjustments.net)} / {money(report.data.creditNoteAdjustments.vatAmount)}
            </dd>
          </dl>
          <table className="mt-4 w-full text-sm">
            <caption className="text-left font-semibold">By rate ({report.data.basis} basis)</caption>
            <thead className="text-left text-slate-600">
              <tr>
                <th scope="col">Rate</th>
                <th scope="col" className="text-right">
                  Net
                </th>
                <th scope="col" className="text-right">
                  VAT
                </th>
                <th scope="col">Documents</th>
              </tr>
            </thead>
            <tbody>
              {report.data.byRate.map((r) => (
                <tr key={`${r.vat ?? 'other'}-${r.rate}`} className="border-t border-slate-100">
                  <th scope="row" className="py-2 text-left font-medium">
                    {r.vat ? VAT_RATES[r.vat].name : `Other rate (${r.rate}%)`}
                  </th>
                  <td className="text-right tabular-nums">{money(r.net)}</td>
                  <td className="text-right tabular-nums">{money(r.vatAmount)}</td>
                  <td className="pl-4">
                    {[...new Set(report.data.documents.filter((d) => d.vat === r.vat).map((d) => `${d.kind}:${d.number}`))].map((key) => {
                      const [kind, number] = key.split(':') as [string, string];
                      return (
                        <Link
                          key={key}
                          to={`/${kind === 'credit_note' ? 'credit-notes' : 'invoices'}?q=${encodeURIComponent(number)}`}
                          className="mr-2 text-brand-700 underline"
                        >
                          {number}
                        </Link>
                      );
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}
