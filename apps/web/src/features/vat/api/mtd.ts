import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { THmrcReturnView, TMtdStatus, TObligation, TVatLiabilities, TVatPayments, TVatPreview, TVatReceipt } from '@docket/schemas/mtd';
import { apiDelete, apiGet, apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { fraudPreventionHeaders } from '../fraud-prevention';

/** Every call that reaches HMRC carries the browser's fraud prevention values. */
const hmrc = () => ({ headers: fraudPreventionHeaders() });

export const useMtdStatus = () => useQuery({ queryKey: [...queryKeys.mtd, 'status'], queryFn: () => apiGet<TMtdStatus>('/mtd/vat/status') });

export const useObligations = (enabled: boolean) =>
  useQuery({ queryKey: [...queryKeys.mtd, 'obligations'], queryFn: () => apiGet<TObligation[]>('/mtd/vat/obligations', hmrc()), enabled });

export const useVatPreview = (periodKey: string | null) =>
  useQuery({
    queryKey: [...queryKeys.mtd, 'preview', periodKey],
    queryFn: () => apiGet<TVatPreview>(`/mtd/vat/returns/${encodeURIComponent(periodKey!)}/preview`, hmrc()),
    enabled: periodKey !== null,
  });

export const useVatReturns = (enabled: boolean) =>
  useQuery({ queryKey: [...queryKeys.mtd, 'returns'], queryFn: () => apiGet<TVatReceipt[]>('/mtd/vat/returns'), enabled });

/** HMRC's records for a range of days (at most 365): amounts owed, and payments it has received. */
export const useLiabilities = (range: { from: string; to: string }, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.mtd, 'liabilities', range.from, range.to],
    queryFn: () => apiGet<TVatLiabilities>(`/mtd/vat/liabilities?${new URLSearchParams(range).toString()}`, hmrc()),
    enabled,
  });

export const usePayments = (range: { from: string; to: string }, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.mtd, 'payments', range.from, range.to],
    queryFn: () => apiGet<TVatPayments>(`/mtd/vat/payments?${new URLSearchParams(range).toString()}`, hmrc()),
    enabled,
  });

/** HMRC's copy of a return (asked only when the user opens it: one HMRC call per period). */
export const useHmrcReturn = (periodKey: string, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.mtd, 'hmrc-return', periodKey],
    queryFn: () => apiGet<THmrcReturnView>(`/mtd/vat/returns/${encodeURIComponent(periodKey)}/hmrc`, hmrc()),
    enabled,
  });

/** Asks our API for HMRC's authorise address (JSON: the session is in a header), then goes there. */
export const useConnect = () =>
  useMutation({
    mutationFn: () => apiGet<{ url: string }>('/mtd/vat/connect', { headers: { Accept: 'application/json' } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });

export function useDisconnect() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => apiDelete('/mtd/vat/connection'), onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.mtd }) });
}

export function useSubmitReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (periodKey: string) => apiPost<TVatReceipt>('/mtd/vat/returns', { periodKey, declaration: true }, hmrc()),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.mtd }),
  });
}
