import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@docket/schemas/company';
import { apiGet, toApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /company?optional=true: "no profile yet" answers data null rather than the 404 without the
 * parameter (docs/product.md, "Error catalogue"), so a new account's first screen shows no failed
 * request in the console; a 404 still resolves to null. Any other failure is logged here, once for
 * every screen, and rethrown; screens then read the
 * profile as absent (`data ?? null`), so money falls back to '£' and the tax default to 20.
 */
export async function getCompanyProfile(): Promise<TCompany | null> {
  try {
    return await apiGet<TCompany | null>('/company', { params: { optional: 'true' } });
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status === 404) return null;
    console.error('Failed to load company profile', apiError.message);
    throw error;
  }
}

export const companyProfileQueryOptions = () => queryOptions({ queryKey: queryKeys.company, queryFn: getCompanyProfile });

export const useCompanyProfile = () => useQuery(companyProfileQueryOptions());

/** The symbol money is shown in: the company's, else '£' (also while loading or on failure). */
export function useCurrencySymbol(): string {
  const { data } = useCompanyProfile();
  return data?.currencySymbol || '£';
}
