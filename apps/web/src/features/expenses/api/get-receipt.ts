import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api, toApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /expenses/{id}/receipt with the session, as a Blob (an <img> cannot send the bearer token). */
async function getReceipt(id: string, signal?: AbortSignal): Promise<Blob> {
  try {
    return (await api.get<Blob>(`/expenses/${id}/receipt`, { responseType: 'blob', signal })).data;
  } catch (error) {
    throw toApiError(error);
  }
}

/** The receipt as an object URL for as long as the viewer is open. */
export function useReceiptUrl(id: string) {
  const query = useQuery({ queryKey: queryKeys.expenseReceipt(id), queryFn: ({ signal }) => getReceipt(id, signal), gcTime: 0 });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { ...query, url, mimeType: query.data?.type ?? null };
}
