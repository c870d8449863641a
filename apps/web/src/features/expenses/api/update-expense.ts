import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TExpense, TExpenseRequest } from '@docket/schemas/expense';
import { apiPut } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /expenses/{id} */
const updateExpense = ({ id, body }: { id: string; body: TExpenseRequest }) => apiPut<TExpense>(`/expenses/${id}`, body);

export function useUpdateExpense() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateExpense, onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.expenses }) });
}
