import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TExpense, TExpenseRequest } from '@docket/schemas/expense';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /expenses */
const createExpense = (body: TExpenseRequest) => apiPost<TExpense>('/expenses', body);

export function useCreateExpense() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createExpense, onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.expenses }) });
}
