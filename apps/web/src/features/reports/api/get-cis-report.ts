import { useQuery } from '@tanstack/react-query';
import type { TCisReport } from '@docket/schemas/reports';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /reports/cis?taxYear (2026 = 6 April 2026 to 5 April 2027). */
const getCisReport = (taxYear: number) => apiGet<TCisReport>('/reports/cis', { params: { taxYear: String(taxYear) } });

export const useCisReport = (taxYear: number) => useQuery({ queryKey: [...queryKeys.cisReport, taxYear], queryFn: () => getCisReport(taxYear) });
