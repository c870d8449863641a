import { useQuery } from '@tanstack/react-query';
import type { TExportRun } from '@docket/schemas/data-transfer';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /exports: the account's latest exports, newest first, each with the member who made it. */
export const useExportRuns = () => useQuery({ queryKey: queryKeys.exports, queryFn: () => apiGet<TExportRun[]>('/exports') });
