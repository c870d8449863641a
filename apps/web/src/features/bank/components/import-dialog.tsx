import { useId, useState } from 'react';
import { CSV_PRESETS, DATE_FORMATS, type TBankAccount, type TCsvMapping, type TCsvPreset } from '@docket/schemas/bank';
import { errorMessage } from '@/lib/api-client';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { TStatementUpload } from '../api/import-statement';

const PRESET_NAMES: Record<TCsvPreset, string> = {
  barclays: 'Barclays',
  hsbc: 'HSBC',
  lloyds: 'Lloyds',
  natwest: 'NatWest',
  santander: 'Santander',
  nationwide: 'Nationwide',
  monzo: 'Monzo',
  starling: 'Starling',
  tide: 'Tide',
};

/** The choice that maps a bank without a preset (docs/product.md, "Bank accounts and statements"). */
const NEW_MAPPING = 'new-mapping';

/** The header row's names: the first line, split on commas outside quotes. */
function csvHeader(text: string): string[] {
  const line = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"' && quoted && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells.filter((n) => n.length > 0);
}

/** FileReader rather than Blob.text(): older Safari (and jsdom) lack the latter. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(blob);
  });

type Columns = { date: string; description: string; amount: string; paidIn: string; paidOut: string; balance: string; dateFormat: TCsvMapping['dateFormat'] };

/** What the user picked, as the API's mapping; null while a required column is not chosen. */
function mappingOf(c: Columns): TCsvMapping | null {
  if (!c.date || !c.description) return null;
  const money = c.amount ? { amount: c.amount } : c.paidIn && c.paidOut ? { paidIn: c.paidIn, paidOut: c.paidOut } : null;
  if (!money) return null;
  return { date: c.date, description: c.description, ...money, ...(c.balance ? { balance: c.balance } : {}), dateFormat: c.dateFormat };
}

interface Props {
  account: TBankAccount | null;
  onClose: () => void;
  onImport: (upload: TStatementUpload) => Promise<void>;
}

/** Import a statement: OFX from any bank, or CSV with the bank's layout (or the account's saved mapping). */
export function ImportDialog({ account, onClose, onImport }: Props) {
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preset, setPreset] = useState<string>(account?.csvMapping ? 'mapping' : 'santander');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [columns, setColumns] = useState<Columns>({ date: '', description: '', amount: '', paidIn: '', paidOut: '', balance: '', dateFormat: 'DD/MM/YYYY' });
  if (!account) return null;
  const format = file && /\.(ofx|qfx)$/i.test(file.name) ? 'ofx' : 'csv';
  const mapping = format === 'csv' && preset === NEW_MAPPING;

  async function choose(f: File | null) {
    setFile(f);
    // The header row names the columns to map (read in the browser: nothing is sent until Import).
    setHeader(f && !/\.(ofx|qfx)$/i.test(f.name) ? csvHeader(await readText(f.slice(0, 64 * 1024)).catch(() => '')) : []);
  }

  const column = (key: keyof Omit<Columns, 'dateFormat'>, label: string, optional: string | null) => (
    <FormField label={label} required={optional === null}>
      <Select className="h-11" value={columns[key]} onChange={(e) => setColumns({ ...columns, [key]: e.target.value })}>
        <option value="">{optional ?? 'Choose a column'}</option>
        {header.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </Select>
    </FormField>
  );

  async function submit() {
    if (!file) return setError('Choose the statement file');
    const mapped = mapping ? mappingOf(columns) : null;
    if (mapping && !mapped) return setError('Choose the date and description columns, and either the amount column or both paid in and paid out');
    setBusy(true);
    setError(null);
    try {
      await onImport({
        accountId: account!.id,
        file,
        format,
        preset: format === 'csv' ? (mapped ? 'mapping' : (preset as TCsvPreset | 'mapping')) : undefined,
        ...(mapped ? { mapping: mapped } : {}),
      });
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'The statement could not be imported'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={`Import a statement into ${account.name}`} description="Lines already imported are skipped, so an overlapping statement is safe.">
        <DialogForm onSubmit={submit} onCancel={onClose} submitLabel="Import statement" busy={busy} error={error} errorId={errorId}>
          <FormField label="Statement file (OFX or CSV)" required>
            <Input
              type="file"
              accept=".ofx,.qfx,.csv,text/csv,application/x-ofx"
              className="h-auto py-2"
              onChange={(e) => void choose(e.target.files?.[0] ?? null)}
            />
          </FormField>
          {format === 'csv' && (
            <FormField label="Bank (CSV layout)" hint="OFX files need no choice">
              <Select className="h-11" value={preset} onChange={(e) => setPreset(e.target.value)}>
                {account.csvMapping && <option value="mapping">This account's saved columns</option>}
                {CSV_PRESETS.map((p) => (
                  <option key={p} value={p}>
                    {PRESET_NAMES[p]}
                  </option>
                ))}
                <option value={NEW_MAPPING}>Another bank: match its columns</option>
              </Select>
            </FormField>
          )}
          {mapping && (
            <fieldset className="space-y-3">
              <legend className="text-sm text-muted-foreground">
                {header.length
                  ? 'Which column holds what. Saved on this account for its next statements.'
                  : 'Choose the file first: its header row names the columns.'}
              </legend>
              {column('date', 'Date column', null)}
              {column('description', 'Description column', null)}
              {column('amount', 'Amount column (money out negative)', 'None: paid in and paid out columns')}
              {!columns.amount && column('paidIn', 'Paid in column', 'Choose a column')}
              {!columns.amount && column('paidOut', 'Paid out column', 'Choose a column')}
              {column('balance', 'Balance column', 'None')}
              <FormField label="Date format">
                <Select
                  className="h-11"
                  value={columns.dateFormat}
                  onChange={(e) => setColumns({ ...columns, dateFormat: e.target.value as Columns['dateFormat'] })}
                >
                  {DATE_FORMATS.map((f) => (
                    <option key={f} value={f}>
                      {f}
                    </option>
                  ))}
                </Select>
              </FormField>
            </fieldset>
          )}
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
