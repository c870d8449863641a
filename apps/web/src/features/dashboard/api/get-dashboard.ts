import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboard } from '@docket/schemas/dashboard';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /dashboard: the four figures and the 5 latest quotes and invoices. */
export const getDashboard = () => apiGet<TDashboard>('/dashboard');

export const dashboardQueryOptions = () => queryOptions({ queryKey: queryKeys.dashboard, queryFn: getDashboard });

export const useDashboard = () => useQuery(dashboardQueryOptions());
