import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPlan, TPlanKey } from '@docket/schemas/plans';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /subscription/plans: an object keyed FREE, PRO, UNLIMITED. */
export const getPlans = () => apiGet<Record<TPlanKey, TPlan>>('/subscription/plans');

export const plansQueryOptions = () => queryOptions({ queryKey: queryKeys.plans, queryFn: getPlans, staleTime: Infinity });

export const usePlans = () => useQuery(plansQueryOptions());
