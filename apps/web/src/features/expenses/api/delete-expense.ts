import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /expenses/{id} (its receipt goes with it) */
const deleteExpense = (id: string) => apiDelete(`/expenses/${id}`);

export function useDeleteExpense() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteExpense, onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.expenses }) });
}
