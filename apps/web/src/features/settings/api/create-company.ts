import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany, TCompanyRequest } from '@docket/schemas/company';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /company: the first save creates the profile. */
export const createCompany = (body: TCompanyRequest) => apiPost<TCompany>('/company', body);

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(queryKeys.company, company);
      void queryClient.invalidateQueries({ queryKey: queryKeys.company });
    },
  });
}
