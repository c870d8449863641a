import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAccountSummary, TInvitation, TInvitationRequest, TMember, TRole } from '@docket/schemas/account';
import { apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface TAccountSettings {
  id: string;
  name: string;
  engineersSeePrices: boolean;
  role: TRole;
}

/** GET /account/invitations, GET /account (members: lib/queries/account-members.ts) (docs/product.md, "Accounts and roles"). */
export const useInvitations = () => useQuery({ queryKey: queryKeys.invitations, queryFn: () => apiGet<TInvitation[]>('/account/invitations') });
export const useAccountSettings = () => useQuery({ queryKey: [...queryKeys.team, 'settings'], queryFn: () => apiGet<TAccountSettings>('/account') });

function useTeamMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.team });
      void queryClient.invalidateQueries({ queryKey: queryKeys.email });
    },
  });
}

export const useInvite = () => useTeamMutation((body: TInvitationRequest) => apiPost<TInvitation>('/account/invitations', body));
export const useResendInvitation = () => useTeamMutation((id: string) => apiPost<TInvitation>(`/account/invitations/${id}/resend`, {}));
export const useCancelInvitation = () => useTeamMutation((id: string) => apiDelete(`/account/invitations/${id}`));
export const useChangeRole = () =>
  useTeamMutation(({ userId, role }: { userId: string; role: TRole }) => apiPatch<TMember>(`/account/members/${userId}`, { role }));
export const useRemoveMember = () => useTeamMutation((userId: string) => apiDelete(`/account/members/${userId}`));
/**
 * DELETE /account {confirm}: the business and everything it holds (owners only). Answers the
 * businesses the user still belongs to (GET /accounts), so the screen can leave the deleted one.
 */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: async (confirm: string) => {
      await apiDelete<{ id: string }>('/account', { data: { confirm } });
      return { left: await apiGet<TAccountSummary[]>('/accounts').catch((): TAccountSummary[] => []) };
    },
  });
export const useSaveAccountSettings = () =>
  useTeamMutation((body: { engineersSeePrices?: boolean; name?: string }) => apiPatch<TAccountSettings>('/account', body));
