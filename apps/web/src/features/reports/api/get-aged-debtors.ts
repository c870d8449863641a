import { useQuery } from '@tanstack/react-query';
import type { TAgedDebtors } from '@docket/schemas/reports';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /reports/aged-debtors?asOf */
export const getAgedDebtors = (asOf?: string) => apiGet<TAgedDebtors>('/reports/aged-debtors', { params: asOf ? { asOf } : undefined });

export const useAgedDebtors = (asOf?: string) => useQuery({ queryKey: [...queryKeys.agedDebtors, asOf ?? 'today'], queryFn: () => getAgedDebtors(asOf) });
