import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TBankLine, ZExplainRequest } from '@docket/schemas/bank';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type TExplainBody = z.input<typeof ZExplainRequest>;

/** POST /bank-lines/{id}/explain: payments, an expense, or a type with a note. */
const explainLine = ({ lineId, body }: { lineId: string; body: TExplainBody }) => apiPost<TBankLine>(`/bank-lines/${lineId}/explain`, body);

/** An explanation may pay invoices or make an expense: those lists (and the VAT figures) refresh. */
export function useExplainLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: explainLine,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.bank }),
        qc.invalidateQueries({ queryKey: queryKeys.invoices }),
        qc.invalidateQueries({ queryKey: queryKeys.expenses }),
        qc.invalidateQueries({ queryKey: queryKeys.dashboard }),
        qc.invalidateQueries({ queryKey: queryKeys.reports }),
      ]),
  });
}
