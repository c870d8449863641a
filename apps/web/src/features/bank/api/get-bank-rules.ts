import { useQuery } from '@tanstack/react-query';
import type { TBankRule } from '@docket/schemas/bank';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /bank-rules: the saved rules, oldest first (the first that matches a line wins). */
const getBankRules = () => apiGet<TBankRule[]>('/bank-rules');

export const useBankRules = () => useQuery({ queryKey: queryKeys.bankRules, queryFn: getBankRules });
