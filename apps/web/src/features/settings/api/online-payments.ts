import type { TOnlineProvider, TProviderSettings } from '@docket/schemas/online-payment';
import { apiDelete, apiGet, apiPut } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /company/payments: the providers on, with key hints (never the secrets). */
export const getOnlinePayments = () => apiGet<TProviderSettings[]>('/company/payments');
export const onlinePaymentsKey = [...queryKeys.company, 'payments'] as const;

/** PUT /company/payments/:provider */
export const saveOnlinePayment = (provider: TOnlineProvider, body: { secretKey: string; webhookSecret: string; enabled: boolean }) =>
  apiPut<TProviderSettings>(`/company/payments/${provider}`, body);

/** DELETE /company/payments/:provider */
export const removeOnlinePayment = (provider: TOnlineProvider) => apiDelete<{ provider: TOnlineProvider; deleted: boolean }>(`/company/payments/${provider}`);

/** PUT /company/payments/:provider/surcharge (business clients only; 0 = off) */
export const saveSurcharge = (provider: TOnlineProvider, percent: number) => apiPut<TProviderSettings>(`/company/payments/${provider}/surcharge`, { percent });
