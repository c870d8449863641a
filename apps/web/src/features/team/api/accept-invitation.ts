import { useMutation } from '@tanstack/react-query';
import type { TRole } from '@docket/schemas/account';
import { apiPost } from '@/lib/api-client';

export interface TJoined {
  accountId: string;
  accountName: string;
  userId: string;
  role: TRole;
}

/** POST /account/invitations/{token}/accept: joins the account (twice joins once), with the name the team will see. */
export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: ({ token, name }: { token: string; name: string }) =>
      apiPost<TJoined>(`/account/invitations/${encodeURIComponent(token)}/accept`, name.trim() ? { name: name.trim() } : {}),
  });
