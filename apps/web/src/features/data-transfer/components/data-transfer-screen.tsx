import { useState } from 'react';
import {
  EXPORT_FILES,
  IMPORT_PREVIEW_COLUMNS,
  IMPORT_TEMPLATES,
  importTemplateCsv,
  plural,
  type TExportFile,
  type TImportKind,
  type TImportResult,
} from '@docket/schemas/data-transfer';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toastError, toastSuccess } from '@/lib/toast';
import { useInvalidate } from '@/lib/use-invalidate';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { downloadExport, save } from '../api/download-export';
import { useExportRuns } from '../api/export-runs';
import { formatDate, formatDateTime } from '@/lib/format';
import { useImportCsv, useRejectedRows } from '../api/import-csv';
import { lastQuarter, lastTaxYear, londonToday, taxYear, thisQuarter, type DayRange } from './date-presets';

const FILE_LABELS: Record<TExportFile, string> = {
  invoices: 'Invoices',
  'invoice-lines': 'Invoice lines',
  'credit-notes': 'Credit notes',
  payments: 'Payments',
  quotes: 'Quotes',
  clients: 'Clients',
  items: 'Items',
  expenses: 'Expenses',
  'bank-lines': 'Bank lines',
};
const INVALIDATED = [queryKeys.clients, queryKeys.items, queryKeys.expenses, queryKeys.reports, queryKeys.subscription];
const KIND_LABELS: Record<TImportKind, string> = { clients: 'Clients', items: 'Items', expenses: 'Expenses' };

/** The latest exports and who made each (docs/product.md, "Accounts and roles"). */
function RecentExports() {
  const runs = useExportRuns();
  if (!runs.data?.length) return null;
  const span = (r: { from: string | null; to: string | null }) =>
    r.from || r.to ? `, ${r.from ? formatDate(r.from) : 'the start'} to ${r.to ? formatDate(r.to) : 'today'}` : '';
  return (
    <div className="mt-6 border-t border-slate-100 pt-4">
      <h3 className="font-semibold">Recent exports</h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label="Recent exports">
        {runs.data.map((r) => (
          <li key={r.id} className="flex flex-wrap justify-between gap-2 py-1.5">
            <span>
              {r.file === 'account' ? 'Everything (.zip)' : `${FILE_LABELS[r.file]} CSV`}
              {span(r)}
            </span>
            <span className="text-slate-500">
              <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
              {r.by ? ` · by ${r.by.name}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const EXPORT_KEYS = [queryKeys.exports];

function ExportSection() {
  const invalidate = useInvalidate(EXPORT_KEYS);
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
      void invalidate();
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
      <RecentExports />
    </Card>
  );
}

/** Which columns each product's file needs, with a template to download (docs/data-transfer.md, "Header mapping"). */
function ExpectedColumns({ kind }: { kind: TImportKind }) {
  const templates = IMPORT_TEMPLATES[kind];
  const [dialect, setDialect] = useState(templates[0]!.dialect);
  const template = templates.find((t) => t.dialect === dialect) ?? templates[0]!;
  const what = KIND_LABELS[kind].toLowerCase();
  return (
    <section className="mt-4 rounded border border-slate-200 p-3" aria-labelledby="expected-columns">
      <div className="flex flex-wrap items-end gap-4">
        <h3 id="expected-columns" className="font-semibold">
          Columns we read
        </h3>
        <div>
          <Label htmlFor="import-dialect">Exported by</Label>
          <select
            id="import-dialect"
            className="block rounded border border-slate-300 px-2 py-1 text-sm"
            value={template.dialect}
            onChange={(e) => setDialect(e.target.value as typeof dialect)}
          >
            {templates.map((t) => (
              <option key={t.dialect} value={t.dialect}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => save(new Blob([importTemplateCsv(template)], { type: 'text/csv' }), `docket-${what}-template-${template.dialect}.csv`)}
        >
          Download template
        </Button>
      </div>
      <table className="mt-3 w-full text-sm" aria-label="Expected columns">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th className="p-2">Column</th>
            <th className="p-2">Needed</th>
            <th className="p-2">What goes in it</th>
          </tr>
        </thead>
        <tbody>
          {template.columns.map((c) => (
            <tr key={c.header} className="border-t border-slate-100">
              <td className="p-2 font-mono">{c.header}</td>
              <td className="p-2">{c.required ? 'Required' : 'Optional'}</td>
              <td className="p-2 text-slate-600">{c.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ImportResult({ result, kind }: { result: TImportResult; kind: TImportKind }) {
  const columns = IMPORT_PREVIEW_COLUMNS[kind];
  const problems = [...result.errors.map((e) => ({ ...e, kind: 'Error' })), ...result.duplicates.map((d) => ({ ...d, kind: 'Skipped' }))].sort(
    (a, b) => a.row - b.row,
  );
  const hidden = result.errorCount - result.errors.length + (result.skipped - result.duplicates.length);
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm" role="status">
        {plural(result.rows, 'row')} read · {plural(result.invalidRows, 'row')} with errors · {plural(result.skipped, 'duplicate')} skipped
        {result.dryRun ? '' : ` · ${result.created.toLocaleString('en-GB')} created`}
      </p>
      {problems.length > 0 && (
        <>
          {hidden > 0 && <p className="text-sm text-slate-600">Showing the first problems; download the rows with problems to see them all.</p>}
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
        </>
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
                      {p.values[c] ?? ''}
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
  const rejected = useRejectedRows();
  const invalidate = useInvalidate(INVALIDATED);
  const run = async (dryRun: boolean, skipInvalid = false) => {
    if (!file) return;
    try {
      const answer = await importer.mutateAsync({ kind, file, dryRun, skipInvalid });
      setResult(answer);
      if (!dryRun && answer.created > 0) {
        const what = plural(answer.created, kind === 'clients' ? 'client' : kind === 'items' ? 'item' : 'expense');
        const left = [
          answer.skipped ? `${plural(answer.skipped, 'duplicate')} skipped` : '',
          answer.invalidRows && skipInvalid ? `${plural(answer.invalidRows, 'row')} with errors left out` : '',
        ]
          .filter(Boolean)
          .join(', ');
        toastSuccess(`${what} imported${left ? `, ${left}` : ''}`);
        await invalidate();
      }
    } catch (err) {
      setResult(null);
      toastError(errorMessage(err, 'Import failed'));
    }
  };
  const downloadRejected = async () => {
    if (!file) return;
    try {
      save(await rejected.mutateAsync({ kind, file }), `docket-${kind}-rows-with-problems.csv`);
    } catch (err) {
      toastError(errorMessage(err, 'Download failed'));
    }
  };
  const checked = result?.dryRun === true;
  const good = result ? result.rows - result.invalidRows - result.skipped : 0;
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold">Import</h2>
      <p className="mt-1 text-sm text-slate-500">
        A CSV of clients or items, from Docket, Xero, QuickBooks, FreeAgent or Invoice Ninja, or of expenses from Docket, Xero bills, QuickBooks or FreeAgent (5
        MB at most). Check it first; nothing is saved until you import. Import saves every row only when all are valid; if some are not, you can import the good
        rows and download the others with their problems. Rows whose email (clients), name (items) or date, supplier and amounts (expenses) you already have are
        skipped.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <fieldset className="flex gap-4">
          <legend className="sr-only">What to import</legend>
          {(['clients', 'items', 'expenses'] as const).map((k) => (
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
              {KIND_LABELS[k]}
            </label>
          ))}
        </fieldset>
      </div>
      <ExpectedColumns key={kind} kind={kind} />
      <div className="mt-4 flex flex-wrap items-end gap-4">
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
        <Button disabled={!file || importer.isPending || !checked || result.invalidRows > 0} onClick={() => void run(false)}>
          Import
        </Button>
        {checked && result.invalidRows > 0 && (
          <>
            <Button disabled={importer.isPending || good <= 0} onClick={() => void run(false, true)}>
              Import {plural(good, 'good row')}
            </Button>
            <Button variant="outline" disabled={rejected.isPending} onClick={() => void downloadRejected()}>
              Download rows with problems
            </Button>
          </>
        )}
      </div>
      {result && <ImportResult result={result} kind={kind} />}
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
