import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBankAccount, TCsvMappingRequest, TCsvPreset, TStatementResult } from '@docket/schemas/bank';
import { apiPost, apiPut } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface TStatementUpload {
  accountId: string;
  file: File;
  format: 'ofx' | 'csv';
  preset?: TCsvPreset | 'mapping';
  /** a bank without a preset: its columns, saved on the account first (PUT /bank-accounts/{id}/csv-mapping) */
  mapping?: TCsvMappingRequest['csvMapping'];
}

/** POST /bank-accounts/{id}/statements?format&preset: the file itself is the body. */
async function importStatement({ accountId, file, format, preset, mapping }: TStatementUpload) {
  if (mapping) await apiPut<TBankAccount>(`/bank-accounts/${accountId}/csv-mapping`, { csvMapping: mapping } satisfies TCsvMappingRequest);
  return apiPost<TStatementResult>(`/bank-accounts/${accountId}/statements`, file, {
    params: { format, ...(format === 'csv' && preset ? { preset: mapping ? 'mapping' : preset } : {}) },
    headers: { 'Content-Type': format === 'ofx' ? 'application/x-ofx' : 'text/csv' },
  });
}

/** Saved rules may have made expenses at import, so those lists refresh too (and a saved mapping shows on the account). */
export function useImportStatement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.bank }), qc.invalidateQueries({ queryKey: queryKeys.expenses })]),
  });
}
