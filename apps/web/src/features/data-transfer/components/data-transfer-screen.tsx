import { useState } from 'react';
import { EXPORT_FILES, type TExportFile, type TImportKind, type TImportResult } from '@docket/schemas/data-transfer';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toastError, toastSuccess } from '@/lib/toast';
import { useInvalidate } from '@/lib/use-invalidate';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { downloadExport } from '../api/download-export';
import { useImportCsv } from '../api/import-csv';
import { lastQuarter, lastTaxYear, londonToday, taxYear, thisQuarter, type DayRange } from './date-presets';

const FILE_LABELS: Record<TExportFile, string> = {
  invoices: 'Invoices',
  'invoice-lines': 'Invoice lines',
  'credit-notes': 'Credit notes',
  payments: 'Payments',
  quotes: 'Quotes',
  clients: 'Clients',
  items: 'Items',
};
const INVALIDATED = [queryKeys.clients, queryKeys.items, queryKeys.subscription];

function ExportSection() {
  const today = londonToday();
  const presets: [string, DayRange][] = [
    ['This quarter', thisQuarter(today)],
    ['Last quarter', lastQuarter(today)],
    ['This tax year', taxYear(today)],
    ['Last tax year', lastTaxYear(today)],
  ];
  const [range, setRange] = useState<DayRange>(presets[1]![1]);
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (file: TExportFile | 'account') => {
    setBusy(file);
    try {
      await downloadExport(file, range);
    } catch (err) {
      toastError(errorMessage(err, 'Export failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold">Export</h2>
      <p className="mt-1 text-sm text-slate-500">CSV files for your accountant: UTF-8, ISO dates, amounts in pounds. Clients and items export in full.</p>
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Date range presets">
        {presets.map(([label, r]) => (
          <Button key={label} size="sm" variant={range.from === r.from && range.to === r.to ? 'primary' : 'outline'} onClick={() => setRange(r)}>
            {label}
          </Button>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap gap-4">
        <div>
          <Label htmlFor="export-from">From</Label>
          <Input id="export-from" type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />
        </div>
        <div>
          <Label htmlFor="export-to">To</Label>
          <Input id="export-to" type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {EXPORT_FILES.map((f) => (
          <Button key={f} variant="outline" disabled={busy !== null} onClick={() => void download(f)}>
            {FILE_LABELS[f]} CSV
          </Button>
        ))}
      </div>
      <div className="mt-6 border-t border-slate-100 pt-4">
        <h3 className="font-semibold">All my data</h3>
        <p className="mt-1 text-sm text-slate-500">Every CSV (all dates) and the PDF of every issued quote, invoice and credit note, in one zip.</p>
        <Button className="mt-3" disabled={busy !== null} onClick={() => void download('account')}>
          {busy === 'account' ? 'Preparing zip…' : 'Download everything (.zip)'}
        </Button>
      </div>
    </Card>
  );
}

function ImportResult({ result }: { result: TImportResult }) {
  const columns = [...new Set(result.preview.flatMap((p) => Object.keys(p.values)))];
  const problems = [...result.errors.map((e) => ({ ...e, kind: 'Error' })), ...result.duplicates.map((d) => ({ ...d, kind: 'Skipped' }))].sort((a, b) => a.row - b.row);
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm" role="status">
        {result.rows} rows read · {result.errors.length} with errors · {result.skipped} duplicates skipped
        {result.dryRun ? '' : ` · ${result.created} created`}
      </p>
      {problems.length > 0 && (
        <table className="w-full text-sm" aria-label="Problems by row">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="p-2">Row</th>
              <th className="p-2">Column</th>
              <th className="p-2">Problem</th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p, i) => (
              <tr key={i} className={p.kind === 'Error' ? 'border-t border-slate-100 text-red-700' : 'border-t border-slate-100 text-slate-600'}>
                <td className="p-2 tabular-nums">{p.row}</td>
                <td className="p-2">{p.column}</td>
                <td className="p-2">
                  {p.kind}: {p.message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result.preview.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[600px] text-sm" aria-label="Preview">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th className="p-2">Row</th>
                {columns.map((c) => (
                  <th key={c} className="p-2">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.preview.map((p) => (
                <tr key={p.row} className="border-t border-slate-100 align-top">
                  <td className="p-2 tabular-nums">{p.row}</td>
                  {columns.map((c) => (
                    <td key={c} className="whitespace-pre-line p-2">
                      {p.values[c] === null || p.values[c] === undefined ? '' : String(p.values[c])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function ImportSection() {
  const [kind, setKind] = useState<TImportKind>('clients');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TImportResult | null>(null);
  const importer = useImportCsv();
  const invalidate = useInvalidate(INVALIDATED);
  const run = async (dryRun: boolean) => {
    if (!file) return;
    try {
      const answer = await importer.mutateAsync({ kind, file, dryRun });
      setResult(answer);
      if (!dryRun && answer.errors.length === 0) {
        toastSuccess(`${answer.created} ${kind} imported${answer.skipped ? `, ${answer.skipped} duplicates skipped` : ''}`);
        await invalidate();
      }
    } catch (err) {
      setResult(null);
      toastError(errorMessage(err, 'Import failed'));
    }
  };
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold">Import</h2>
      <p className="mt-1 text-sm text-slate-500">
        A CSV of clients or items, from Docket, Xero, QuickBooks, FreeAgent or Invoice Ninja (5 MB at most). Check it first; nothing is saved until you import,
        and then only if every row is valid. Rows whose email (clients) or name (items) you already have are skipped.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <fieldset className="flex gap-4">
          <legend className="sr-only">What to import</legend>
          {(['clients', 'items'] as const).map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="import-kind"
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setResult(null);
                }}
              />
              {k === 'clients' ? 'Clients' : 'Items'}
            </label>
          ))}
        </fieldset>
        <div>
          <Label htmlFor="import-file">CSV file</Label>
          <Input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
            }}
          />
        </div>
        <Button variant="outline" disabled={!file || importer.isPending} onClick={() => void run(true)}>
          Check file
        </Button>
        <Button disabled={!file || importer.isPending || !result || !result.dryRun || result.errors.length > 0} onClick={() => void run(false)}>
          Import
        </Button>
      </div>
      {result && <ImportResult result={result} />}
    </Card>
  );
}

/** Import and export: CSV for accountants and from other tools, and the whole account as a zip. */
export function DataTransferScreen() {
  return (
    <div className="space-y-6">
      <PageHeader title="Import & export" subtitle="Take your data to your accountant, or bring it from another tool" />
      <ExportSection />
      <ImportSection />
    </div>
  );
}
