import { useMutation } from '@tanstack/react-query';
import type { TImportKind, TImportResult } from '@docket/schemas/data-transfer';
import { api, apiPost } from '@/lib/api-client';

export interface ImportRequest {
  kind: TImportKind;
  file: Blob;
  dryRun: boolean;
  /** write the valid rows and leave out the rows with errors */
  skipInvalid?: boolean;
}

/** POST /imports/{clients|items}?dryRun&skipInvalid with the file as text/csv. */
export const importCsv = ({ kind, file, dryRun, skipInvalid }: ImportRequest) =>
  apiPost<TImportResult>(`/imports/${kind}`, file, {
    params: { dryRun: String(dryRun), skipInvalid: String(skipInvalid ?? false) },
    headers: { 'Content-Type': 'text/csv' },
  });

export const useImportCsv = () => useMutation({ mutationFn: importCsv });

/** POST /imports/{kind}/rejected.csv: the file's rows with errors, each with its reasons, as CSV. */
async function rejectedRows({ kind, file }: { kind: TImportKind; file: Blob }): Promise<Blob> {
  const response = await api.post<Blob>(`/imports/${kind}/rejected.csv`, file, { responseType: 'blob', headers: { 'Content-Type': 'text/csv' } });
  if (!(response.data instanceof Blob) || response.data.type.includes('json')) throw new Error('Download failed');
  return response.data;
}

export const useRejectedRows = () => useMutation({ mutationFn: rejectedRows });
