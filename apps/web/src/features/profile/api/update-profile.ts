import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProfileRequest } from '@docket/schemas/account';
import { apiPatch } from '@/lib/api-client';
import type { TSessionUser } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /auth/me: the signed-in user's own name; the session's user and everything naming members refresh. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TProfileRequest) => apiPatch<TSessionUser>('/auth/me', body),
    onSuccess: (me) => {
      queryClient.setQueryData(queryKeys.me, me);
      // members, history, payments and the rest show the new name
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
    },
  });
};
