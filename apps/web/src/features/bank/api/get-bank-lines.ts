import { useQuery } from '@tanstack/react-query';
import type { TBankLine } from '@docket/schemas/bank';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /bank-accounts/{id}/lines: every line of the account, with suggestions for money in not yet explained. */
const getBankLines = (accountId: string) => apiGet<TBankLine[]>(`/bank-accounts/${accountId}/lines`);

export const useBankLines = (accountId: string | null) =>
  useQuery({ queryKey: queryKeys.bankLines(accountId ?? ''), queryFn: () => getBankLines(accountId!), enabled: accountId !== null });
