import { useQuery } from '@tanstack/react-query';
import type { TCreditNote } from '@docket/schemas/credit-note';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /credit-notes/:id: the credit note's page. */
export const useCreditNote = (id: string) =>
  useQuery({ queryKey: [...queryKeys.creditNotes, 'one', id] as const, queryFn: () => apiGet<TCreditNote>(`/credit-notes/${id}`) });
