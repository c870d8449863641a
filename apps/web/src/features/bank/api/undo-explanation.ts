import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBankLine } from '@docket/schemas/bank';
import { apiDelete } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /bank-lines/{id}/explain: the payments or the expense it made go with it. */
const undoExplanation = (lineId: string) => apiDelete<TBankLine>(`/bank-lines/${lineId}/explain`);

export function useUndoExplanation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: undoExplanation,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.bank }),
        qc.invalidateQueries({ queryKey: queryKeys.invoices }),
        qc.invalidateQueries({ queryKey: queryKeys.expenses }),
        qc.invalidateQueries({ queryKey: queryKeys.dashboard }),
        qc.invalidateQueries({ queryKey: queryKeys.reports }),
      ]),
  });
}
