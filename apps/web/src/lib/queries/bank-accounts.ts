import { useQuery } from '@tanstack/react-query';
import type { TBankAccount } from '@docket/schemas/bank';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /bank-accounts: each account with its line counts (the bank screen, and the shell's badge). */
const getBankAccounts = () => apiGet<TBankAccount[]>('/bank-accounts');

export const useBankAccounts = (enabled = true) => useQuery({ queryKey: queryKeys.bankAccounts, queryFn: getBankAccounts, enabled });

/** Statement lines not yet explained, over every bank account: the count beside Bank in the navigation. */
export function useUnexplainedCount(enabled: boolean): number {
  const { data } = useBankAccounts(enabled);
  return (data ?? []).reduce((n, a) => n + a.unexplained, 0);
}
