import { useMutation, useQuery } from '@tanstack/react-query';
import type { TDeposit } from '@docket/schemas/online-payment';
import { apiGet, apiPut } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useInvalidateQuoteData } from '../hooks/use-invalidate-quote-data';

/** GET /quotes/:id/deposit: the deposit the quote asks for on acceptance ({percent, amount}, both null for none). */
export const quoteDepositKey = (id: string) => [...queryKeys.quotes, id, 'deposit'] as const;
export const useQuoteDeposit = (id: string, enabled = true) =>
  useQuery({ queryKey: quoteDepositKey(id), queryFn: () => apiGet<TDeposit>(`/quotes/${id}/deposit`), enabled });

/** PUT /quotes/:id/deposit {percent} | {amount} | {} (none), while the quote is a draft or sent. */
export const setQuoteDeposit = ({ id, body }: { id: string; body: { percent?: number; amount?: number } }) => apiPut<TDeposit>(`/quotes/${id}/deposit`, body);

export function useSetQuoteDeposit() {
  const invalidate = useInvalidateQuoteData();
  return useMutation({ mutationFn: setQuoteDeposit, onSuccess: invalidate });
}
