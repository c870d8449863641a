import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /bank-rules/{id}: lines it already explained stay explained. */
const deleteBankRule = (id: string) => apiDelete(`/bank-rules/${id}`);

export function useDeleteBankRule() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteBankRule, onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.bankRules }) });
}
