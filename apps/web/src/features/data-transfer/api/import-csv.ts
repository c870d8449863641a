import { useMutation } from '@tanstack/react-query';
import type { TImportKind, TImportResult } from '@docket/schemas/data-transfer';
import { apiPost } from '@/lib/api-client';

/** POST /imports/{clients|items}?dryRun with the file as text/csv. */
export const importCsv = (kind: TImportKind, file: Blob, dryRun: boolean) =>
  apiPost<TImportResult>(`/imports/${kind}`, file, { params: { dryRun: String(dryRun) }, headers: { 'Content-Type': 'text/csv' } });

export const useImportCsv = () =>
  useMutation({ mutationFn: ({ kind, file, dryRun }: { kind: TImportKind; file: Blob; dryRun: boolean }) => importCsv(kind, file, dryRun) });
