import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCsvPreset, TStatementResult } from '@docket/schemas/bank';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface TStatementUpload {
  accountId: string;
  file: File;
  format: 'ofx' | 'csv';
  preset?: TCsvPreset | 'mapping';
}

/** POST /bank-accounts/{id}/statements?format&preset: the file itself is the body. */
const importStatement = ({ accountId, file, format, preset }: TStatementUpload) =>
  apiPost<TStatementResult>(`/bank-accounts/${accountId}/statements`, file, {
    params: { format, ...(format === 'csv' && preset ? { preset } : {}) },
    headers: { 'Content-Type': format === 'ofx' ? 'application/x-ofx' : 'text/csv' },
  });

/** Saved rules may have made expenses at import, so those lists refresh too. */
export function useImportStatement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.bank }), qc.invalidateQueries({ queryKey: queryKeys.expenses })]),
  });
}
