import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany } from '@docket/schemas/company';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /company/logo with the image as a data URL. */
export const uploadLogo = (logo: string) => apiPost<TCompany>('/company/logo', { logo });

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.company }),
  });
}
