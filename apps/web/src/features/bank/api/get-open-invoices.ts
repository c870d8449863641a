import { useQuery } from '@tanstack/react-query';
import type { TPage } from '@docket/schemas/common';
import type { TInvoice } from '@docket/schemas/document';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /invoices?status=SENT and OVERDUE: what a payment in may be split across (100 of each at most). */
async function getOpenInvoices(): Promise<TInvoice[]> {
  const [sent, overdue] = await Promise.all(
    (['SENT', 'OVERDUE'] as const).map((status) => apiGet<TPage<TInvoice>>('/invoices', { params: { status, limit: 100 } })),
  );
  return [...overdue!.items, ...sent!.items].filter((i) => i.balanceDue > 0);
}

export const useOpenInvoices = (enabled: boolean) => useQuery({ queryKey: [...queryKeys.invoices, 'open-for-bank'], queryFn: getOpenInvoices, enabled });
