import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBankAccount, TBankAccountRequest } from '@docket/schemas/bank';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /bank-accounts */
const createBankAccount = (body: TBankAccountRequest) => apiPost<TBankAccount>('/bank-accounts', body);

export function useCreateBankAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createBankAccount, onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.bankAccounts }) });
}
