import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TPage } from '@docket/schemas/common';
import type { TExpense } from '@docket/schemas/expense';
import { apiGet } from '@/lib/api-client';
import { LIST_PAGE_SIZE, pagedListDefaults } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/** What the expenses list filters by; blank means "not filtered". */
export interface TExpenseFilters {
  q: string;
  from: string;
  to: string;
  category: string;
}

const params = (f: TExpenseFilters, cursor: string | null) => ({
  limit: LIST_PAGE_SIZE,
  ...(cursor ? { cursor } : {}),
  ...(f.q ? { q: f.q } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
  ...(f.category ? { category: f.category } : {}),
});

/** GET /expenses?limit&cursor&q&from&to&category: the expenses screen's pages, newest first. */
export const useExpensesPages = (filters: TExpenseFilters) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...queryKeys.expenses, 'pages', filters] as const,
      queryFn: ({ pageParam, signal }) => apiGet<TPage<TExpense>>('/expenses', { params: params(filters, pageParam), signal }),
      ...pagedListDefaults,
      placeholderData: keepPreviousData,
    }),
  );
