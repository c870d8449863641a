import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TExpense } from '@docket/schemas/expense';
import { apiPut } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /expenses/{id}/receipt: the photo or PDF itself is the body. */
const putReceipt = ({ id, file }: { id: string; file: File }) =>
  apiPut<TExpense>(`/expenses/${id}/receipt`, file, { headers: { 'Content-Type': file.type || 'application/octet-stream' } });

export function usePutReceipt() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: putReceipt, onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.expenses }) });
}
