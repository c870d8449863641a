import { useQuery } from '@tanstack/react-query';
import type { TVatReport } from '@docket/schemas/reports';
import type { TVatScheme } from '@docket/schemas/vat';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /reports/vat?from&to&basis (basis absent: the company's VAT scheme). */
const getVatReport = (from: string, to: string, basis?: TVatScheme) =>
  apiGet<TVatReport>('/reports/vat', { params: { from, to, ...(basis ? { basis } : {}) } });

export const useVatReport = (from: string, to: string, basis?: TVatScheme) =>
  useQuery({ queryKey: [...queryKeys.vatReport, from, to, basis ?? 'scheme'], queryFn: () => getVatReport(from, to, basis) });
