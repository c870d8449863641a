import { useQuery } from '@tanstack/react-query';
import type { TProfitAndLoss } from '@docket/schemas/reports';
import type { TVatScheme } from '@docket/schemas/vat';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /reports/profit-and-loss?from&to&basis (basis absent: the company's VAT scheme). */
const getProfitAndLoss = (from: string, to: string, basis?: TVatScheme) =>
  apiGet<TProfitAndLoss>('/reports/profit-and-loss', { params: { from, to, ...(basis ? { basis } : {}) } });

export const useProfitAndLoss = (from: string, to: string, basis?: TVatScheme) =>
  useQuery({
    queryKey: [...queryKeys.profitAndLoss, from, to, basis ?? 'scheme'],
    queryFn: () => getProfitAndLoss(from, to, basis),
    enabled: Boolean(from && to && from <= to),
  });
