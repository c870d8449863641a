import { useQuery } from '@tanstack/react-query';
import type { TMember } from '@docket/schemas/account';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /account/members (shared: Settings → Team manages them, the calendar filters and colours by them). */
export const useMembers = (enabled = true) => useQuery({ queryKey: queryKeys.members, queryFn: () => apiGet<TMember[]>('/account/members'), enabled });
