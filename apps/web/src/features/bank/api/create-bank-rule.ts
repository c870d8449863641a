import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBankRule, TBankRuleRequest } from '@docket/schemas/bank';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /bank-rules */
const createBankRule = (body: TBankRuleRequest) => apiPost<TBankRule>('/bank-rules', body);

export function useCreateBankRule() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createBankRule, onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.bankRules }) });
}
