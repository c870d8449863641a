import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSubscriptionInfo } from '@docket/schemas/subscription';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /subscription/info: plan, limits and this month's usage (sidebar panel). */
export const getSubscriptionInfo = () => apiGet<TSubscriptionInfo>('/subscription/info');

export const subscriptionInfoQueryOptions = () => queryOptions({ queryKey: queryKeys.subscriptionInfo, queryFn: getSubscriptionInfo });

export const useSubscriptionInfo = () => useQuery(subscriptionInfoQueryOptions());
