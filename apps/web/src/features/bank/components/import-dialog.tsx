import { useId, useState } from 'react';
import { CSV_PRESETS, type TBankAccount, type TCsvPreset } from '@docket/schemas/bank';
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
  if (!account) return null;
  const format = file && /\.(ofx|qfx)$/i.test(file.name) ? 'ofx' : 'csv';

  async function submit() {
    if (!file) return setError('Choose the statement file');
    setBusy(true);
    setError(null);
    try {
      await onImport({ accountId: account!.id, file, format, preset: format === 'csv' ? (preset as TCsvPreset | 'mapping') : undefined });
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
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
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
              </Select>
            </FormField>
          )}
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
