import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationList } from '@docket/schemas/share';
import { apiGet, apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /notifications: newest first with the unread count (the bell in the shell). */
const getNotifications = () => apiGet<TNotificationList>('/notifications', { params: { limit: 20 } });

/** Polled while signed in, so a customer's answer shows within half a minute. */
export const useNotifications = () => useQuery({ queryKey: queryKeys.notifications, queryFn: getNotifications, refetchInterval: 30_000 });

/** POST /notifications/read: the given ids, or all when none are given. */
const markNotificationsRead = (ids?: string[]) => apiPost<{ unread: number }>('/notifications/read', ids ? { ids } : {});

export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markNotificationsRead, onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.notifications }) });
}
