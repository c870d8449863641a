import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany, TCompanyRequest } from '@docket/schemas/company';
import { apiPut } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /company: replaces the profile's fields (absent optional fields become empty). */
export const updateCompany = (body: TCompanyRequest) => apiPut<TCompany>('/company', body);

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(queryKeys.company, company);
      // Money on every screen follows the company currency.
      void queryClient.invalidateQueries({ queryKey: queryKeys.company });
    },
  });
}
